// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Where a live session's keys go, from the terminal or a braille display: to the engine,
/// and — for quit, pause and a switch of mode — first to the output, so speech stops at the
/// key press rather than when the engine gets to the command. Review keys and the key help
/// go to the review cursor, answered at once on the key's thread: the engine may be inside a
/// reading for seconds, and the answer is about what was said, not the frame.
public final class LiveControl: Sendable {
    private let send: @Sendable (LiveCommand) -> Void
    private let review: LiveReview?
    /// The words of the key help.
    private let wording: Wording
    /// Set once the output exists (the braille display's keys are wired before it does).
    private let output = Mutex<OutputRouter?>(nil)

    public init(review: LiveReview? = nil, wording: Wording, send: @escaping @Sendable (LiveCommand) -> Void) {
        self.review = review
        self.wording = wording
        self.send = send
    }

    public func attach(_ router: OutputRouter) {
        output.withLock { $0 = router }
    }

    public func handle(_ command: LiveCommand) {
        if LiveCommand.silencing.contains(command) { output.withLock { $0 }?.interrupt() }
        send(command)
    }

    public func handle(_ press: KeyPress) {
        switch press {
        case .live(let command): handle(command)
        case .review(let command): review?.perform(command)
        case .help: review?.say([KeyTable.helpSentence(wording)])
        }
    }
}
