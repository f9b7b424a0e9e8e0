// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Where a live session's keys go, from the terminal or a braille display: to the engine,
/// and — for quit, pause and a switch of mode — first to the output, so speech stops at the
/// key press rather than when the engine gets to the command. Review keys and the key help
/// go to the review cursor, answered at once on the key's thread: the engine may be inside a
/// reading for seconds, and the answer is about what was said, not the frame. A key that
/// does nothing in this run (`KeyAvailability`) says why not, on the same channels.
public final class LiveControl: Sendable {
    private let send: @Sendable (LiveCommand) -> Void
    private let review: LiveReview?
    /// The words of the key help.
    private let wording: Wording
    /// Set once the output exists (the braille display's keys are wired before it does).
    private let output = Mutex<OutputRouter?>(nil)
    private let keys: Mutex<KeyAvailability>

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
        let keys = availability
        guard keys.commands.contains(command) else {
            answer([wording(keys.reason)])
            return
        }
        if LiveCommand.silencing.contains(command) { output.withLock { $0 }?.interrupt() }
        send(command)
    }

    public func handle(_ press: KeyPress) {
        switch press {
        case .live(let command): handle(command)
        case .review(let command): review?.perform(command)
        case .help: answer(KeyTable.helpSentences(wording, acting: availability.commands))
        }
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
