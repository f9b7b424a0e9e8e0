// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// A terminal call that failed, with the call's name and its errno.
public struct TerminalError: Error, CustomStringConvertible {
    public var operation: String
    public var code: Int32

    public var description: String {
        "The terminal could not be set to read single key presses (\(operation): \(String(cString: strerror(code))))."
    }
}

/// Puts a terminal into cbreak mode — each key press is read at once, without echo — and
/// puts it back however the process ends: an explicit `restore()`, `exit()` (an `atexit`
/// handler), a crash (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE), or Ctrl-Z (SIGTSTP
/// restores it, SIGCONT sets cbreak again). A user left with a terminal that neither
/// echoes nor edits lines cannot hear what they type.
///
/// One terminal at a time: the saved state is process-wide so signal handlers can reach it.
public enum TerminalMode {
    public static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE]
    public static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]

    // MARK: State the signal handlers read
    //
    // Handlers may only use async-signal-safe calls, so this state takes no locks, never
    // allocates and needs no reference counting: an atomic plus plain memory allocated once.
    // Every static here is first touched by `enable` before any handler is installed, so a
    // handler never runs a lazy initialiser (which could take a lock); it only reads.

    private static let idle: Int32 = -1
    /// One caller is setting the mode up or tearing it down; others leave it alone.
    private static let busy: Int32 = -2

    /// The fd in cbreak mode, or `idle` / `busy`. Claiming it with compare-and-exchange
    /// makes `restore()` idempotent and safe to race with a signal handler.
    private static let activeFD = Atomic<Int32>(idle)

    // Safe without locks: written only by the caller that has moved `activeFD` from `idle`
    // to `busy`, before it publishes the fd with a releasing store; read only after an
    // acquiring load of a published fd (or by the one caller holding `busy`).
    nonisolated(unsafe) private static let original = allocate(termios())
    nonisolated(unsafe) private static let cbreak = allocate(termios())
    /// Indexed by signal number: the action each signal had before ours.
    nonisolated(unsafe) private static let previousActions = allocate(sigaction(), count: Int(NSIG))
    nonisolated(unsafe) private static let installed = allocate(false, count: Int(NSIG))

    private static func allocate<T>(_ value: T, count: Int = 1) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: count)
        pointer.initialize(repeating: value, count: count)
        return pointer
    }

    /// `atexit` handlers cannot be removed, so this one is registered once, on first use.
    private static let exitHandlerRegistered: Bool = {
        atexit { TerminalMode.restore() }
        return true
    }()

    // MARK: Turning it on and off

    /// Whether a terminal is in cbreak mode now.
    public static var isActive: Bool { activeFD.load(ordering: .acquiring) >= 0 }

    /// Puts `fd` into cbreak mode: no line editing (ICANON) and no echo, each read returning
    /// as soon as one byte is there (VMIN 1, VTIME 0). Signals (ISIG) and output processing
    /// (OPOST, ONLCR) stay on, so Ctrl-C still interrupts and printed lines still end properly.
    /// Returns `false`, changing nothing, when `fd` is not a terminal.
    @discardableResult
    public static func enable(on fd: Int32) throws(TerminalError) -> Bool {
        guard isatty(fd) == 1 else { return false }
        _ = (original, cbreak, previousActions, installed, exitHandlerRegistered)  // see above
        guard activeFD.compareExchange(expected: idle, desired: busy, ordering: .acquiring).exchanged else {
            precondition(activeFD.load(ordering: .acquiring) == fd, "Only one terminal can be in cbreak mode at a time.")
            return true
        }
        guard tcgetattr(fd, original) == 0 else {
            let code = errno
            activeFD.store(idle, ordering: .releasing)
            throw TerminalError(operation: "tcgetattr", code: code)
        }
        var settings = original.pointee
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        settings.c_lflag |= tcflag_t(ISIG)
        settings.c_oflag |= tcflag_t(OPOST | ONLCR)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        cbreak.pointee = settings

        for signal in fatalSignals { install(fatalSignalHandler, for: signal, flags: SA_ONSTACK) }
        for signal in jobControlSignals {
            install(signal == SIGTSTP ? suspendHandler : continueHandler, for: signal, flags: SA_RESTART)
        }
        // Published before the terminal changes, so a crash from here on restores it.
        activeFD.store(fd, ordering: .releasing)
        guard tcsetattr(fd, TCSANOW, cbreak) == 0 else {
            let code = errno
            restore()
            throw TerminalError(operation: "tcsetattr", code: code)
        }
        return true
    }

    /// Puts back the terminal settings and signal actions `enable` found. Does nothing when
    /// the mode is off, so every exit path may call it. Async-signal-safe: the `atexit` and
    /// fatal-signal handlers call exactly this.
    public static func restore() {
        let fd = activeFD.load(ordering: .acquiring)
        guard fd >= 0, activeFD.compareExchange(expected: fd, desired: busy, ordering: .acquiring).exchanged else {
            return
        }
        if mayChangeSettings(of: fd) { tcsetattr(fd, TCSANOW, original) }
        for signal in 1..<NSIG where installed[Int(signal)] {
            sigaction(signal, previousActions + Int(signal), nil)
            installed[Int(signal)] = false
        }
        activeFD.store(idle, ordering: .releasing)
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32, flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        if sigaction(signal, &action, previousActions + Int(signal)) == 0 { installed[Int(signal)] = true }
    }

    /// A process in the background that sets its controlling terminal is stopped (SIGTTOU),
    /// and would overwrite the shell's settings; so it leaves the terminal alone. A terminal
    /// that is not the controlling one (`tcgetpgrp` fails) has no such rule.
    private static func mayChangeSettings(of fd: Int32) -> Bool {
        let foreground = tcgetpgrp(fd)
        return foreground < 0 || foreground == getpgrp()
    }

    // MARK: Signal handlers

    /// Restores the terminal, then lets the signal do what it did before: the previous
    /// action is reinstated and the signal raised again. It is blocked while this handler
    /// runs, so it arrives as the handler returns — for a fault, with the faulting context,
    /// which a crash reporter installed before us still sees.
    public static let fatalSignalHandler: @convention(c) (Int32) -> Void = { signal in
        TerminalMode.restore()
        sigaction(signal, TerminalMode.previousActions + Int(signal), nil)  // even if `restore` was busy
        raise(signal)
    }

    /// Ctrl-Z: gives the shell its terminal back, stops as the previous action would, and
    /// sets cbreak again once continued in the foreground.
    public static let suspendHandler: @convention(c) (Int32) -> Void = { signal in
        let savedErrno = errno
        let fd = TerminalMode.activeFD.load(ordering: .acquiring)
        if fd >= 0, TerminalMode.mayChangeSettings(of: fd) { tcsetattr(fd, TCSANOW, TerminalMode.original) }
        var ours = sigaction()
        sigaction(signal, TerminalMode.previousActions + Int(signal), &ours)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)  // the process stops here until SIGCONT
        sigaction(signal, &ours, nil)
        TerminalMode.resumeCbreak()
        errno = savedErrno
    }

    /// SIGCONT: also after a stop we did not see (SIGTTIN when reading in the background).
    /// SIGCONT's previous action is not chained: its default does nothing, and sensecam has
    /// no other handler for it.
    public static let continueHandler: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        TerminalMode.resumeCbreak()
        errno = savedErrno
    }

    private static func resumeCbreak() {
        let fd = activeFD.load(ordering: .acquiring)
        if fd >= 0, mayChangeSettings(of: fd) { tcsetattr(fd, TCSANOW, cbreak) }
    }
}
