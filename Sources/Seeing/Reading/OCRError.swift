// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why text recognition could not start or run. Each description is one sentence with the fix.
public enum OCRError: WordedError, Equatable {
    case missingLanguage(language: String, directory: String)
    case engineFailed(reason: String)

    public var message: Message {
        switch self {
        case .missingLanguage(let language, let directory):
            Message(.ocrLanguageMissing, ["language": .text(language), "directory": .text(directory)])
        case .engineFailed(let reason):
            Message(.ocrEngineFailed, ["reason": .text(reason)])
        }
    }
}
