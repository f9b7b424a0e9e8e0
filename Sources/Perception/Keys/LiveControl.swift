// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Frames
import Stages
import Rendering

/// Where a live session's keys go, from the terminal or a braille display: to the engine,
/// and — for quit, pause and a switch of mode — first to the output, so speech stops at the
/// key press rather than when the engine gets to the command. Review keys and the key help
/// go to the review cursor, answered at once on the key's thread: the engine may be inside a
/// reading for seconds, and the answer is about what was said, not the frame. A key that
/// does nothing in this run (`KeyAvailability`), or nothing at all, says why not, on the same
/// channels: each key answers once, briefly.
public final class LiveControl: Sendable {
    /// A second `h` this soon after the first, with no key between, says the review keys: time
    /// to hear the first answer out (under 30 words, about 10 s at a slow rate) and press again.
    public static let helpAgainSeconds = 20.0
    /// The same refusal is said again only after this long without the key: a key held down
    /// (auto-repeat starts after 0.25–0.66 s and repeats every 30–100 ms) is answered once,
    /// and its answer is not cut off and begun again at every repeat.
    public static let refusalQuietSeconds = 1.0

    private let send: @Sendable (LiveCommand) -> Void
    private let review: LiveReview?
    /// The words of the key help.
    private let wording: Wording
    /// Set once the output exists (the braille display's keys are wired before it does).
    private let output = Mutex<OutputRouter?>(nil)
    private let keys: Mutex<KeyAvailability>

    /// What the key pressed last answered, for the second `h` and for a key held down.
    private struct LastAnswer {
        /// When the first part of the help was said.
        var help: Timestamp?
        /// A key refused (said why not, or kept quiet), its answer and when it was pressed.
        var refusal: (press: KeyPress, sentence: String, time: Timestamp)?
    }
    private let last = Mutex(LastAnswer())

    public init(review: LiveReview? = nil, wording: Wording, keys: KeyAvailability = .every,
                send: @escaping @Sendable (LiveCommand) -> Void) {
        self.review = review
        self.wording = wording
        self.keys = Mutex(keys)
        self.send = send
    }

    public func attach(_ router: OutputRouter) {
        output.withLock { $0 = router }
    }

    /// The keys that act now.
    public var availability: KeyAvailability {
        get { keys.withLock { $0 } }
        set { keys.withLock { $0 = newValue } }
    }

    public func handle(_ command: LiveCommand) {
        handle(.live(command))
    }

    /// Carries out a key pressed at `time` (a monotonic clock: for the second `h` and a key held down).
    public func handle(_ press: KeyPress, at time: Timestamp = MonotonicClock.now()) {
        let previous = last.withLock { last in
            defer { last = LastAnswer() }
            return last
        }
        switch press {
        case .live(let command):
            let keys = availability
            guard keys.commands.contains(command) else {
                refuse(press, wording(keys.reason(for: command)), at: time, after: previous)
                return
            }
            if LiveCommand.silencing.contains(command) { output.withLock { $0 }?.interrupt() }
            send(command)
        case .review(let command):
            review?.perform(command)
        case .help:
            if let first = previous.help, time.seconds(since: first) <= Self.helpAgainSeconds {
                answer([KeyTable.reviewHelpSentence(wording, said: review?.history)])
            } else {
                answer([KeyTable.helpSentence(wording, acting: availability.commands, said: review?.history)])
                last.withLock { $0.help = time }
            }
        case .unknown(let character):
            // Named as its key, not as the character Shift makes of it.
            let key = CharacterNames(wording: wording).name(Character(character.lowercased()))
            refuse(press, wording(.keysUnknown, ["key": .text(key)]), at: time, after: previous)
        }
    }

    /// Says why a key does nothing, unless the key pressed just before was the same key,
    /// refused the same way moments ago (it is held down, or pressed again while its answer is
    /// heard: the answer goes on rather than starting again).
    private func refuse(_ press: KeyPress, _ sentence: String, at time: Timestamp, after previous: LastAnswer) {
        last.withLock { $0.refusal = (press, sentence, time) }
        if let refused = previous.refusal, refused.press == press, refused.sentence == sentence,
           time.seconds(since: refused.time) < Self.refusalQuietSeconds {
            return
        }
        answer([sentence])
    }

    /// An answer to a key: on the review's channels, or said as a report without a review.
    private func answer(_ sentences: [String]) {
        if let review {
            review.say(sentences)
        } else if let router = output.withLock({ $0 }) {
            for sentence in sentences { router.report(sentence) }
        }
    }
}
