// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Glibc

/// Turns signals into ordinary calls on a queue of its own: SIGINT and SIGTERM into a
/// clean shutdown, SIGUSR1 into a statistics report. The default actions are disabled only
/// while the watcher lives.
public final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]
    private static let queue = DispatchQueue(label: "signals")

    public init(_ handlers: [Int32: @Sendable () -> Void]) {
        signals = Array(handlers.keys)
        sources = handlers.map { signal, handler in
            Glibc.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: Self.queue)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    public func cancel() {
        sources.forEach { $0.cancel() }
        signals.forEach { Glibc.signal($0, SIG_DFL) }
    }
}
