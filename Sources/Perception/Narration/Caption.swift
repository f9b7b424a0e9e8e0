/// How urgently a sentence should reach the user. The names and meanings are
/// speech-dispatcher's: `important` interrupts everything, `message` is queued and never
/// cut off, `text` is replaced by newer text, `notification` is dropped if anything else
/// is speaking, `progress` is for long-running work.
public enum Priority: String, Sendable, Equatable, CaseIterable {
    case important, message, text, notification, progress
}

/// One sentence ready to be spoken, shown or brailled — already hedged.
public struct Caption: Sendable, Equatable {
    public var text: String
    public var priority: Priority
    /// The confidence behind the sentence, 0–1 (for reading: the line's mean word confidence).
    public var confidence: Double

    public init(text: String, priority: Priority, confidence: Double) {
        self.text = text
        self.priority = priority
        self.confidence = confidence
    }
}
