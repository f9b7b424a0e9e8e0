import Perception
import Synchronization

/// Where a live session's keys go, from the terminal or a braille display: to the engine,
/// and — for quit, pause and a switch of mode — first to the output, so speech stops at the
/// key press rather than when the engine gets to the command.
final class LiveControl: Sendable {
    private let send: @Sendable (LiveCommand) -> Void
    /// Set once the output exists (the braille display's keys are wired before it does).
    private let output = Mutex<OutputRouter?>(nil)

    init(send: @escaping @Sendable (LiveCommand) -> Void) {
        self.send = send
    }

    func attach(_ router: OutputRouter) {
        output.withLock { $0 = router }
    }

    func handle(_ command: LiveCommand) {
        if LiveCommand.silencing.contains(command) { output.withLock { $0 }?.interrupt() }
        send(command)
    }
}
