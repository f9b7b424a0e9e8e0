// SPDX-License-Identifier: GPL-3.0-or-later
import Seeing

/// How urgently a sentence should reach the user. The names are speech-dispatcher's, and so
/// are the meanings but one (`SpeechQueue`): `important` interrupts everything, `message` is
/// queued and never cut off, `text` (narration) waits for the sentence being said and gives way
/// to newer text while it waits, `notification` is dropped if anything else is speaking,
/// `progress` is for long-running work.
public enum Priority: String, Sendable, Equatable, CaseIterable {
    case important, message, text, notification, progress
}

/// One sentence ready to be spoken, shown or brailled — already hedged.
public struct Caption: Sendable, Equatable {
    public var text: String
    public var priority: Priority
    /// The confidence behind the sentence, 0–1 (for reading: the line's mean word confidence).
    public var confidence: Double
    /// For a line of a reading: how the next caption goes on from it within one paragraph.
    public var joinsNext: LineJoin?
    /// For a line of a reading: the language it was read in, which it is spoken in (a page's own,
    /// perhaps not the listener's). Nil for sensecam's own sentences, worded in the listener's.
    public var language: String?

    public init(text: String, priority: Priority, confidence: Double, joinsNext: LineJoin? = nil, language: String? = nil) {
        self.text = text
        self.priority = priority
        self.confidence = confidence
        self.joinsNext = joinsNext
        self.language = language
    }
}
