// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why scene text could not start. Each description is one sentence naming the file and the fix.
public enum SceneTextError: WordedError, Equatable {
    case missing(file: String)
    case unreadable(path: String, reason: String)
    /// `reason` is the network's or the shim's own text, for a developer; never said.
    case failed(reason: String)

    public var message: Message {
        switch self {
        case .missing(let file): Message(.sceneTextModelMissing, ["file": .text(file)])
        case .unreadable(let path, _): Message(.sceneTextModelDamaged, ["path": .text(path)])
        case .failed: Message(.sceneTextFailed)
        }
    }
}
