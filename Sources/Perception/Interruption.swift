// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// Ctrl-C during a run, as a person means it: stop now. What the run is doing is stopped
/// (speech silenced at once, the engine or a batch's workers told to stop), the run says one
/// sentence ("Stopped.") and ends with status 130, the status a shell gives a program that
/// Ctrl-C ended, so a script can tell it from a run that finished.
///
/// Until the run names what to stop (`stopping`), nothing has been said or written that Ctrl-C
/// could cut short (models are loading, a picture is being read): the sentence is printed and
/// the process ends at once rather than after the work it no longer wants. A second Ctrl-C
/// ends it at once too, whatever is still winding down.
public final class Interruption {
    /// 128 + SIGINT.
    public static let exitStatus: Int32 = 128 + SIGINT

    /// Shared with the signal queue's handler.
    private final class State: Sendable {
        let requested = Mutex(false)
        let stop = Mutex<(@Sendable () -> Void)?>(nil)
    }

    private let state = State()
    private var watcher: SignalWatcher?

    /// Watches for SIGINT until `cancel()`; `early` is the sentence printed on `console` when it
    /// comes before the run names what to stop.
    init(early sentence: String, console: Console) {
        let state = state
        watcher = SignalWatcher([SIGINT: {
            let again = state.requested.withLock { requested in
                defer { requested = true }
                return requested
            }
            if again { _exit(Self.exitStatus) }
            guard let stop = state.stop.withLock({ $0 }) else {
                console.report(sentence)
                _exit(Self.exitStatus)
            }
            stop()
        }])
    }

    /// What Ctrl-C stops from now on.
    func stopping(_ stop: @escaping @Sendable () -> Void) {
        state.stop.withLock { $0 = stop }
    }

    /// Whether Ctrl-C came.
    var happened: Bool { state.requested.withLock { $0 } }

    /// SIGINT ends the process again, as it did before.
    func cancel() {
        watcher?.cancel()
        watcher = nil
    }

    deinit { cancel() }
}
