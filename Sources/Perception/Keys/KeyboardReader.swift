// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization

/// Reads key presses from a file descriptor on a thread of its own and hands each press
/// to `handler`, in order, on that thread. The end of input (a closed pipe, a hung-up
/// terminal) ends it quietly: a session without a keyboard still narrates.
///
/// The fd is the caller's: the reader neither changes its mode nor closes it.
public final class KeyboardReader: Sendable {
    /// How long one `poll` waits; bounds how late `stop()` is noticed, and is the pause
    /// after which a lone ESC counts as the Escape key.
    public static let pollInterval: Int32 = 100  // milliseconds

    private let fd: Int32
    private let handler: @Sendable (KeyPress) -> Void
    /// Whether `start()` has run; taken with `stopRequested` so start and stop never race.
    private let started = Mutex(false)
    private let stopRequested = Atomic(false)
    /// Signalled once by the thread as it ends; `stop()` waits for it.
    private let exited = DispatchSemaphore(value: 0)
    private let ended = Atomic(false)
    /// The reader thread's pthread, so a `stop()` from the handler does not wait for itself.
    private let readerThread = Atomic<UInt>(0)

    public init(fd: Int32, handler: @escaping @Sendable (KeyPress) -> Void) {
        self.fd = fd
        self.handler = handler
    }

    /// Starts the thread. A reader starts once; later calls, or calls after `stop()`, do nothing.
    public func start() {
        let shouldStart = started.withLock { started in
            guard !started, !stopRequested.load(ordering: .acquiring) else { return false }
            started = true
            return true
        }
        guard shouldStart else { return }
        // Blocking reads belong on a thread of their own, never on the cooperative pool.
        let thread = Thread { [self] in
            readerThread.store(UInt(pthread_self()), ordering: .releasing)
            readUntilStopped()
            ended.store(true, ordering: .releasing)
            exited.signal()
        }
        thread.name = "sensecam keyboard"
        thread.start()
    }

    /// Whether the thread has ended, after `stop()` or at the end of input.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Asks the thread to end and waits until it has (at most about `pollInterval`).
    /// Safe to call more than once, before `start()`, or from the handler itself.
    public func stop() {
        let wasStarted = started.withLock { started in
            stopRequested.store(true, ordering: .releasing)
            return started
        }
        guard wasStarted, readerThread.load(ordering: .acquiring) != UInt(pthread_self()) else { return }
        exited.wait()
        exited.signal()  // so later calls return at once too
    }

    private func readUntilStopped() {
        var keys = KeyMap()
        var buffer = [UInt8](repeating: 0, count: 64)
        while !stopRequested.load(ordering: .acquiring) {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Self.pollInterval)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                keys.inputPaused()
                continue
            }
            if request.revents & Int16(POLLNVAL) != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // EIO from a hung-up terminal: input is over
            }
            if count == 0 { return }  // end of input
            for press in keys.feed(buffer[..<count]) {
                if stopRequested.load(ordering: .acquiring) { return }
                handler(press)
            }
        }
    }
}
