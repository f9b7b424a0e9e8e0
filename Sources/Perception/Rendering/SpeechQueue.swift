// SPDX-License-Identifier: GPL-3.0-or-later
/// One client's speech under speech-dispatcher's message priorities, so that espeak-ng (which
/// has no priorities of its own) behaves as speech-dispatcher would. A value with no threads and
/// no I/O: the renderer reports arrivals and ends of speech, and carries out the actions returned.
///
/// The rules are those of the SSIP manual, "Priority Categories" (section 4.3.1; installed with
/// speech-dispatcher as `info ssip 'Priority Categories'`):
/// - important: said at once, never interrupted; cuts off anything else being spoken; queued
///   among themselves. Waiting message and text are postponed, waiting notification and
///   progress cancelled.
/// - message: queued in order behind important and earlier messages; cancels text,
///   notification and progress, spoken or waiting.
/// - text: waits for important and message; a newer text replaces one being spoken or waiting;
///   cancels notification and progress, spoken or waiting.
/// - notification: dropped if anything else is spoken or waiting; a newer one replaces it.
/// - progress: like notification, but never cuts off another; the last of a series that could
///   not be said at once is said later at message priority (so text cannot cut it off).
///
/// Drop policy: only text, notification and progress are ever dropped, and only by the rules
/// above; important and message are dropped only by `cancelAll`.
public struct SpeechQueue: Sendable, Equatable {
    public struct Utterance: Sendable, Equatable {
        public var text: String
        public var priority: Priority
        /// The language to say it in (a BCP 47 code); empty for the voice in use.
        public var language: String

        public init(_ text: String, _ priority: Priority, language: String = "") {
            self.text = text
            self.priority = priority
            self.language = language
        }
    }

    public enum Action: Sendable, Equatable {
        /// Silence the utterance being spoken; it is not resumed.
        case stopCurrent
        case speak(Utterance)
    }

    /// What is being spoken.
    public private(set) var current: Utterance?
    /// The priority `current` is spoken at: its own, or message for a deferred progress.
    private var currentRank: Priority?
    private var important: [Utterance] = []
    private var messages: [Utterance] = []
    private var text: Utterance?
    /// The newest progress that could not be said when it came.
    private var lastProgress: Utterance?

    public init() {}

    /// What waits, in the order it would be said.
    public var waiting: [Utterance] {
        important + messages + [lastProgress, text].compactMap { $0 }
    }

    /// Nothing is being spoken and nothing waits.
    public var isIdle: Bool { current == nil && waiting.isEmpty }

    /// Takes a new utterance; returns what to do now (nothing when it waits or is dropped).
    public mutating func add(_ new: Utterance) -> [Action] {
        var actions: [Action] = []
        let busy = { (queue: SpeechQueue) in queue.current != nil || !queue.important.isEmpty || !queue.messages.isEmpty }
        switch new.priority {
        case .important:
            lastProgress = nil
            if currentRank == .important {
                important.append(new)
                return []
            }
            stopCurrent(into: &actions)
        case .message:
            if currentRank == .text || currentRank == .notification || currentRank == .progress {
                stopCurrent(into: &actions)
            }
            text = nil
            lastProgress = nil
            if busy(self) {
                messages.append(new)
                return actions
            }
        case .text:
            if currentRank == .text || currentRank == .notification || currentRank == .progress {
                stopCurrent(into: &actions)
            }
            lastProgress = nil
            if busy(self) {
                text = new
                return actions
            }
        case .notification:
            let onlyNotification = currentRank == .notification && waiting.isEmpty
            guard isIdle || onlyNotification else { return [] }
            stopCurrent(into: &actions)
        case .progress:
            if current != nil || !waiting.isEmpty {
                lastProgress = new
                return []
            }
        }
        start(new, at: new.priority)
        actions.append(.speak(new))
        return actions
    }

    /// The current utterance was said to its end; returns the next one to speak, if any.
    public mutating func finished() -> Utterance? {
        current = nil
        currentRank = nil
        if !important.isEmpty {
            start(important.removeFirst(), at: .important)
        } else if !messages.isEmpty {
            start(messages.removeFirst(), at: .message)
        } else if let progress = lastProgress {
            lastProgress = nil
            start(progress, at: .message)
        } else if let waitingText = text {
            text = nil
            start(waitingText, at: .text)
        }
        return current
    }

    /// Forgets everything waiting; stops what is being spoken (quit, pause, mode switch).
    public mutating func cancelAll() -> [Action] {
        var actions: [Action] = []
        stopCurrent(into: &actions)
        important.removeAll()
        messages.removeAll()
        text = nil
        lastProgress = nil
        return actions
    }

    private mutating func start(_ utterance: Utterance, at rank: Priority) {
        current = utterance
        currentRank = rank
    }

    private mutating func stopCurrent(into actions: inout [Action]) {
        guard current != nil else { return }
        actions.append(.stopCurrent)
        current = nil
        currentRank = nil
    }
}
