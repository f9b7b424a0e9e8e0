// SPDX-License-Identifier: GPL-3.0-or-later
import Frames
import Narration

/// One client's speech, paced for a listener: speech-dispatcher's message priorities (SSIP
/// manual, "Priority Categories", section 4.3.1; `info ssip 'Priority Categories'`), with one
/// change — **narration never cuts narration off mid-sentence.** Under SSIP a newer text
/// replaces the one being said, and a message cuts a text off; a listener then hears the start
/// of a sentence and never its end. Here a sentence is stopped only by an important one (a
/// hazard) or by `cancelAll` (a key, a pause, a switch of mode); newer narration waits for the
/// end of the sentence being said, and narration that waited too long is dropped as stale.
///
/// Both speech renderers keep one: espeak-ng has no priorities of its own, and speech-dispatcher
/// is handed one of this client's sentences at a time (what the queue says to speak), so its own
/// rules never cut one of ours off but for an important one. A value with no threads and no I/O:
/// the renderer reports arrivals and ends of speech, and carries out the actions returned.
///
/// The rules:
/// - important: said at once, cutting off anything else; never cut off; queued among
///   themselves. What waits is postponed, but progress, which it cancels.
/// - message: said in order after important ones and earlier messages; waits for whatever is
///   being said; never dropped.
/// - text (narration): waits for whatever is being said and for waiting messages. The sentences
///   of one moment (`Utterance.moment`) are said in order; a newer moment's replace those of an
///   older one still waiting (the scene has moved on). One that waited `staleSeconds` or more
///   when its turn comes is dropped.
/// - notification (framing and aiming hints): said only when nothing else is; dropped otherwise.
///   Anything but progress may cut one off, as under SSIP: a hint is not narration.
/// - progress: like notification, but never cuts off another; the last of a series that could
///   not be said at once is said later at message priority.
public struct SpeechQueue: Sendable, Equatable {
    /// Narration that has waited this long for its turn describes a scene that has likely
    /// changed: a person walks two metres in it, a camera turns through half the view.
    public static let staleSeconds = 4.0

    /// The moment a sentence of narration describes: the frame it was seen in.
    public struct Moment: Sendable, Equatable {
        public var time: Timestamp
        public var frame: Int

        public init(time: Timestamp, frame: Int) {
            self.time = time
            self.frame = frame
        }
    }

    public struct Utterance: Sendable, Equatable {
        public var text: String
        public var priority: Priority
        /// For text: the moment it describes; text without one is a moment of its own.
        public var moment: Moment?
        /// When it arrived, in seconds of the renderer's monotonic clock.
        public var arrival: Double
        /// The event it says, for a renderer that must hand what it could not say to another.
        public var event: NarrationEvent?
        /// The language to say it in (a BCP 47 code); empty for the voice in use.
        public var language: String

        public init(_ text: String, _ priority: Priority, moment: Moment? = nil, arrival: Double = 0, event: NarrationEvent? = nil,
                    language: String = "") {
            self.text = text
            self.priority = priority
            self.moment = moment
            self.arrival = arrival
            self.event = event
            self.language = language
        }

        /// `event` to be said as `text` (symbols spelled out), arriving now, in the event's
        /// language: narration (text priority) with the moment of its frame.
        public init(_ event: NarrationEvent, text: String, arrival: Double = MonotonicClock.now().seconds) {
            self.init(text, event.priority, moment: event.priority == .text ? Moment(time: event.time, frame: event.frame) : nil,
                      arrival: arrival, event: event, language: event.language)
        }

        /// Said together with `other` as parts of one moment's narration.
        func sameMoment(as other: Utterance) -> Bool {
            moment != nil && moment == other.moment
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
    /// The newest moment's narration not yet said, in order.
    private var texts: [Utterance] = []
    /// The newest progress that could not be said when it came.
    private var lastProgress: Utterance?

    public init() {}

    /// What waits, in the order it would be said (stale narration included).
    public var waiting: [Utterance] {
        important + messages + [lastProgress].compactMap { $0 } + texts
    }

    /// Nothing is being spoken and nothing waits.
    public var isIdle: Bool { current == nil && waiting.isEmpty }

    /// Takes a new utterance; returns what to do now (nothing when it waits or is dropped).
    public mutating func add(_ new: Utterance) -> [Action] {
        var actions: [Action] = []
        switch new.priority {
        case .important:
            lastProgress = nil
            if currentRank == .important {
                important.append(new)
                return []
            }
            stopCurrent(into: &actions)
        case .message:
            if currentRank == .notification || currentRank == .progress { stopCurrent(into: &actions) }
            lastProgress = nil
            if current != nil || !important.isEmpty || !messages.isEmpty {
                messages.append(new)
                return actions
            }
        case .text:
            if currentRank == .notification || currentRank == .progress { stopCurrent(into: &actions) }
            lastProgress = nil
            if current != nil || !important.isEmpty || !messages.isEmpty {
                if let first = texts.first, !first.sameMoment(as: new) { texts.removeAll() }
                texts.append(new)
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

    /// The current utterance was said to its end (at `now`, on the arrivals' clock); returns the
    /// next one to speak, if any. Narration that has gone stale waiting is dropped here.
    public mutating func finished(now: Double = 0) -> Utterance? {
        current = nil
        currentRank = nil
        if !important.isEmpty {
            start(important.removeFirst(), at: .important)
        } else if !messages.isEmpty {
            start(messages.removeFirst(), at: .message)
        } else if let progress = lastProgress {
            lastProgress = nil
            start(progress, at: .message)
        } else {
            texts.removeAll { now - $0.arrival >= Self.staleSeconds }
            if !texts.isEmpty { start(texts.removeFirst(), at: .text) }
        }
        return current
    }

    /// Everything waiting but narration, in the order it would be said, taken off the queue to
    /// be handed to a server at once; the last of them becomes `current`. For a client that
    /// closes: a server says what it was handed after the client has gone (as `spd-say` relies
    /// on), so a long page is heard to its end, while narration is left to go stale. Empty while
    /// narration is being said, which must not be cut off by what is handed over.
    public mutating func handOverWaiting() -> [Utterance] {
        guard currentRank != .text else { return [] }
        let handed = important + messages + [lastProgress].compactMap { $0 }
        guard let last = handed.last else { return [] }
        important.removeAll()
        messages.removeAll()
        lastProgress = nil
        start(last, at: last.priority == .important ? .important : .message)
        return handed
    }

    /// Forgets everything waiting; stops what is being spoken (quit, pause, mode switch).
    public mutating func cancelAll() -> [Action] {
        var actions: [Action] = []
        stopCurrent(into: &actions)
        important.removeAll()
        messages.removeAll()
        texts.removeAll()
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
