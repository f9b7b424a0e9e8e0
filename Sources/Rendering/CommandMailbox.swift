// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// Hands commands from any thread to one worker thread (a speech or sound output's), in order;
/// nothing is dropped here. Once a closing command is posted, later ones are refused.
final class CommandMailbox<Command: Sendable>: Sendable {
    private struct State {
        var commands: [Command] = []
        var closed = false
    }
    private let state = Mutex(State())
    /// Counts wake-ups; the worker re-checks everything after each, so extra signals are harmless.
    let wake = DispatchSemaphore(value: 0)
    /// Signalled once the worker has closed its output and ended.
    let done = DispatchSemaphore(value: 0)

    /// False once a closing command has been posted: later commands are ignored, but for one
    /// posted `evenWhenClosed` (silencing what the worker still says before it ends).
    @discardableResult
    func post(_ command: Command, closing: Bool = false, evenWhenClosed: Bool = false) -> Bool {
        let accepted = state.withLock { state in
            guard !state.closed || evenWhenClosed else { return false }
            state.commands.append(command)
            state.closed = state.closed || closing
            return true
        }
        if accepted { wake.signal() }
        return accepted
    }

    /// Everything posted since the last call, in order.
    func takeAll() -> [Command] {
        state.withLock { state in
            defer { state.commands.removeAll() }
            return state.commands
        }
    }
}
