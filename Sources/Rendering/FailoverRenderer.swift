// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Words
import Frames
import Narration

/// One channel for a person's sense that survives its server going away: an ordered list of
/// levels (speech-dispatcher, espeak-ng, terminal text; or BRLTTY, terminal text), of which the
/// highest that works carries the narration. When the active level fails mid-run (a
/// `FallibleRenderer` reporting `failure`), the next level that opens gets one sentence saying
/// so, then what the failed one had not conveyed, then everything after; every
/// `retrySeconds` the levels above are tried again, and the first that opens takes over,
/// saying so once. Nothing here blocks `render`: failures are handled, and servers
/// reconnected, on a watcher thread of the renderer's own.
///
/// Flapping: each switch says one sentence, and a level that fails again soon after it came
/// back is retried at twice the interval (up to `maximumRetrySeconds`), so a server that keeps
/// dying costs a sentence a minute at most, not one every few seconds.
public final class FailoverRenderer: Renderer {
    public struct Level: Sendable {
        /// The channel by its own name, starting a sentence: "Speech-dispatcher", "BRLTTY";
        /// already in the renderer's language, like `taking`: the catalog's sentences
        /// (`channelStopped`, `channelBack`, `channelSummary`) take both as they are.
        public var name: String
        /// What narration does on this level, after a semicolon: "speaking with espeak-ng".
        public var taking: String
        /// False when another route already carries the narration by this way (terminal text
        /// with `--output text` as well): the level then shows only the switch sentences.
        public var carriesEvents: Bool
        /// Opens the level at the start of the run.
        public var open: @Sendable () throws -> any Renderer
        /// Opens it again after a failure (speech-dispatcher without autospawn: the user's
        /// session starts that server, and one spawned from here every few seconds could loop).
        public var reopen: @Sendable () throws -> any Renderer

        public init(name: String, taking: String, carriesEvents: Bool = true,
                    open: @escaping @Sendable () throws -> any Renderer,
                    reopen: (@Sendable () throws -> any Renderer)? = nil) {
            self.name = name
            self.taking = taking
            self.carriesEvents = carriesEvents
            self.open = open
            self.reopen = reopen ?? open
        }
    }

    /// One move between levels, for `--stats` and the exit status.
    public struct Switch: Sendable, Equatable {
        public var from: String
        public var to: String
        public var back: Bool
    }

    /// How often a failed level is tried again: speech-dispatcher is usually restarted (by the
    /// user, or by the session's socket activation) within a few seconds, and a try costs one
    /// connect that fails at once while nothing listens; 5 s also bounds how long the fallback
    /// voice is heard after the user's own is back.
    public static let retrySeconds = 5.0
    /// The longest wait between tries of a level that keeps failing soon after it came back.
    public static let maximumRetrySeconds = 60.0
    /// A level that fails within this long of coming back counts as flapping.
    static let flappingSeconds = 30.0
    /// How often the watcher looks at the active level: a server that dies while nothing new
    /// is said is noticed within half a second, so what it had queued is not long delayed.
    static let watchSeconds = 0.5
    /// How long the fallback may go on with what it has queued before the level above takes
    /// over: the sentence being said ends (1 to 4 s) and voices never overlap.
    static let drainSeconds = 5.0

    private struct State {
        var active: Int
        var renderer: any Renderer
        /// Events that came during a switch, in order, for the new level; nil when none runs.
        var held: [NarrationEvent]?
        /// An `interrupt` during a switch: what the failed level had not conveyed is dropped too.
        var interruptedWhileSwitching = false
        var nextRetry: Timestamp?
        var retryInterval: Double
        /// When the preferred levels last came back, to tell flapping from a one-off.
        var cameBack: Timestamp?
        var switches: [Switch] = []
        var finishing = false
    }

    public let levels: [Level]
    /// The words of its switch sentences and its summary.
    public let wording: Wording
    private let state: Mutex<State>
    private let retrySeconds: Double
    private let wake = DispatchSemaphore(value: 0)
    private let watcherExited = DispatchSemaphore(value: 0)

    /// Opens the first level that opens (the last should always open: terminal text) and starts
    /// watching it. `skipped` gets, for each level that did not open, its name and why.
    public convenience init(levels: [Level], wording: Wording, retrySeconds: Double = FailoverRenderer.retrySeconds,
                            skipped: ((_ name: String, _ error: any Error) -> Void)? = nil) throws {
        var lastError: (any Error)?
        for (index, level) in levels.enumerated() {
            do {
                let renderer = try level.open()
                self.init(levels: levels, active: index, renderer: renderer, wording: wording, retrySeconds: retrySeconds)
                return
            } catch {
                skipped?(level.name, error)
                lastError = error
            }
        }
        throw lastError ?? RendererError(.channelNoneOpened)
    }

    /// Starts with `renderer`, already opened for level `active` (the caller has said why any
    /// level above it did not open), and watches it. `retrySeconds` is shorter only in tests.
    public init(levels: [Level], active: Int, renderer: any Renderer, wording: Wording,
                retrySeconds: Double = FailoverRenderer.retrySeconds) {
        precondition(levels.indices.contains(active), "the active level must be one of the levels")
        self.levels = levels
        self.wording = wording
        self.retrySeconds = retrySeconds
        state = Mutex(State(active: active, renderer: renderer,
                            nextRetry: active > 0 ? MonotonicClock.now().adding(seconds: retrySeconds) : nil,
                            retryInterval: retrySeconds))
        startWatcher()
    }

    /// The level carrying narration now (0 is the preferred one).
    public var activeLevel: Int { state.withLock { $0.active } }

    /// Every move so far, oldest first.
    public var switches: [Switch] { state.withLock { $0.switches } }

    /// One sentence about the moves, for `--stats`; nil when there were none.
    public var summary: String? {
        let moves = switches
        guard let first = moves.first(where: { !$0.back }) else { return nil }
        let stops = moves.filter { !$0.back && $0.from == first.from }.count
        let backs = moves.filter { $0.back && $0.to == first.from }.count
        return wording(.channelSummary, ["from": .text(first.from), "to": .text(first.to), "stops": .integer(stops),
                                         "backs": .integer(backs)])
    }

    public func render(_ event: NarrationEvent) {
        let failing = state.withLock { state -> Bool in
            guard !state.finishing || state.held != nil else { return false }
            if state.held != nil {
                state.held?.append(event)
                return false
            }
            if let failure = (state.renderer as? FallibleRenderer)?.failure, !failure.isEmpty {
                // Held, not lost: the watcher gives it to the next level after what was lost.
                state.held = [event]
                return true
            }
            if levels[state.active].carriesEvents { state.renderer.render(event) }
            return false
        }
        if failing { wake.signal() }
    }

    public func conveys(_ event: NarrationEvent) -> Bool {
        state.withLock { $0.renderer.conveys(event) }
    }

    public func interrupt() {
        let renderer = state.withLock { state in
            if state.held != nil {
                state.held = []
                state.interruptedWhileSwitching = true
            }
            return state.renderer
        }
        renderer.interrupt()
    }

    /// Stops watching (a switch under way is completed first), then finishes the active level.
    /// A level that fails while it finishes still hands what it had not said to the next.
    public func finish(timeoutSeconds: Double) {
        let first = state.withLock { state in
            defer { state.finishing = true }
            return !state.finishing
        }
        guard first else { return }
        wake.signal()
        // A watcher stuck connecting to a server that hangs is left behind, not waited for.
        _ = watcherExited.wait(timeout: .now() + max(0, timeoutSeconds) + Self.drainSeconds)
        let deadline = MonotonicClock.now().adding(seconds: max(0, timeoutSeconds))
        while true {
            let renderer = state.withLock { $0.renderer }
            let left = max(0, deadline.seconds(since: MonotonicClock.now()))
            renderer.finish(timeoutSeconds: left)
            guard (renderer as? FallibleRenderer)?.failure != nil, state.withLock({ $0.active }) < levels.count - 1,
                  MonotonicClock.now() < deadline else { return }
            failDown()
        }
    }

    // MARK: Watching

    private func startWatcher() {
        // Opening a server's connection can block: never on the caller's thread.
        let thread = Thread { [self] in
            while true {
                let untilRetry = state.withLock { $0.nextRetry.map { $0.seconds(since: MonotonicClock.now()) } }
                let wait = max(0.01, min(Self.watchSeconds, untilRetry ?? Self.watchSeconds))
                _ = wake.wait(timeout: .now() + wait)
                let (finishing, failed, retryDue) = state.withLock { state in
                    (state.finishing && state.held == nil,
                     (state.renderer as? FallibleRenderer)?.failure != nil,
                     state.active > 0 && state.nextRetry.map { MonotonicClock.now() >= $0 } == true)
                }
                if finishing { break }
                if failed {
                    failDown()
                } else if retryDue {
                    tryLevelsAbove()
                }
            }
            watcherExited.signal()
        }
        thread.name = "failover"
        thread.start()
    }

    /// Moves from the failed active level to the next that opens: its sentence first (as
    /// important, so nothing replayed cuts it off), then what was lost, then what came since.
    private func failDown() {
        let (failedIndex, failed) = state.withLock { state in
            if state.held == nil { state.held = [] }
            return (state.active, state.renderer)
        }
        var lost = (failed as? FallibleRenderer)?.takeUnconveyed() ?? []
        // Lets the failed renderer release its connection; its server is gone, so this is quick.
        failed.finish(timeoutSeconds: 0.5)
        var skipped: [String] = []
        var next = failedIndex + 1
        var opened: (any Renderer)?
        while next < levels.count {
            if let renderer = try? levels[next].open() {
                opened = renderer
                break
            }
            skipped.append(levels[next].name)
            next += 1
        }
        let failedName = levels[failedIndex].name
        state.withLock { state in
            let now = MonotonicClock.now()
            let flapping = state.cameBack.map { now.seconds(since: $0) < Self.flappingSeconds } ?? false
            state.retryInterval = flapping ? min(Self.maximumRetrySeconds, state.retryInterval * 2) : retrySeconds
            state.nextRetry = now.adding(seconds: state.retryInterval)
            if state.interruptedWhileSwitching { lost.removeAll() }
            let held = state.held ?? []
            state.held = nil
            state.interruptedWhileSwitching = false
            guard let opened else {
                // Cannot happen with terminal text last, which always opens; without it, the
                // failed level stays, silent, until a retry brings one back.
                return
            }
            let level = levels[next]
            state.active = next
            state.renderer = opened
            state.switches.append(Switch(from: failedName, to: level.name, back: false))
            let sentence = skipped.isEmpty
                ? wording(.channelStopped, ["failed": .text(failedName), "taking": .text(level.taking)])
                : wording(.channelStoppedOthersFailed, ["failed": .text(failedName), "skipped": .list(skipped.map { .text($0) }),
                                                        "taking": .text(level.taking)])
            opened.render(event(sentence))
            if level.carriesEvents { for event in lost + held { opened.render(event) } }
        }
    }

    /// Tries each level above the active one, best first; the first that opens takes over once
    /// the level it replaces has said what it had (for at most `drainSeconds`). Its sentence is
    /// a message: nothing waits to be said before it, and it need not cut off the screen reader.
    private func tryLevelsAbove() {
        let active = state.withLock { $0.active }
        for index in 0..<active {
            guard let opened = try? levels[index].reopen() else { continue }
            let lower = state.withLock { state -> any Renderer in
                if state.held == nil { state.held = [] }
                return state.renderer
            }
            lower.finish(timeoutSeconds: Self.drainSeconds)
            state.withLock { state in
                let from = levels[state.active].name
                state.active = index
                state.renderer = opened
                state.cameBack = MonotonicClock.now()
                state.nextRetry = index > 0 ? MonotonicClock.now().adding(seconds: state.retryInterval) : nil
                state.switches.append(Switch(from: from, to: levels[index].name, back: true))
                opened.render(event(wording(.channelBack, ["channel": .text(levels[index].name)]), .message))
                let held = state.held ?? []
                state.held = nil
                state.interruptedWhileSwitching = false
                if levels[index].carriesEvents { for event in held { opened.render(event) } }
            }
            return
        }
        state.withLock { $0.nextRetry = MonotonicClock.now().adding(seconds: $0.retryInterval) }
    }

    private func event(_ text: String, _ priority: Priority = .important) -> NarrationEvent {
        NarrationEvent(time: .zero, frame: 0, kind: .status, priority: priority, text: text, language: wording.language)
    }
}
