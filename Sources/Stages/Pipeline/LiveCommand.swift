// SPDX-License-Identifier: GPL-3.0-or-later
/// What the user asks of a live session while it runs (from the keyboard, or a test).
/// Commands travel with the frames but are never dropped.
public enum LiveCommand: String, Sendable, CaseIterable {
    /// Say the last utterance again.
    case repeatLast = "repeat"
    /// Describe everything in view now.
    case describeNow = "describe"
    /// Read the text in view now.
    case readNow = "read"
    /// Switch between reading and awareness.
    case switchMode = "switch"
    case moreVerbose = "more"
    case lessVerbose = "less"
    /// Stop narrating until asked again; frames keep being captured and dropped.
    case pauseResume = "pause"
    case quit
}

extension LiveCommand {
    /// Commands that silence speech at once: what was being said no longer applies.
    public static let silencing: Set<LiveCommand> = [.quit, .pauseResume, .switchMode]
}
