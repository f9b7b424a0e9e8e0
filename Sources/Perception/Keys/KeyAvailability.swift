// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Stages

/// Which of a live session's own keys act in this run, and the sentence each of the others
/// answers with: a key either acts or says why not, and the lists of keys (the first sentence,
/// the `h` answer) name only those that act. The review keys and `h` always act.
public struct KeyAvailability: Sendable, Equatable {
    /// The commands whose keys act.
    public var commands: Set<LiveCommand>
    /// Why the other keys do nothing in this run ("Not available for a video.").
    public var reason: MessageID
    /// Keys that acted until the recording ended, and say so instead.
    public var endedWithRecording: Set<LiveCommand> = []

    public init(commands: Set<LiveCommand>, reason: MessageID) {
        self.commands = commands
        self.reason = reason
    }

    /// Why `command`'s key does nothing now.
    public func reason(for command: LiveCommand) -> MessageID {
        endedWithRecording.contains(command) ? .keysNoLongerAfterVideo : reason
    }

    /// Every key acts (the camera: its session carries out every command in every mode).
    public static let every = KeyAvailability(commands: Set(LiveCommand.allCases), reason: .keysNotForVideo)

    /// A recording's keys: those its engine carries out, the others said to be not for a video
    /// (or, when every frame is processed, not for that way of running).
    public static func recording(_ engine: StreamEngine) -> KeyAvailability {
        KeyAvailability(commands: engine.commands, reason: engine.clock == .everyFrame ? .keysNotWithEveryFrame : .keysNotForVideo)
    }

    /// Once a recording has ended and stays open for review: quitting, and what its engine
    /// still answers about the end (`StreamEngine.commandsAfterEnd`); the other keys that
    /// acted while it played say it has ended, those that never did still say why not.
    public static func afterRecording(_ engine: StreamEngine) -> KeyAvailability {
        var keys = recording(engine)
        keys.commands = engine.commandsAfterEnd.union([.quit])
        keys.endedWithRecording = engine.commands.subtracting(keys.commands)
        return keys
    }
}
