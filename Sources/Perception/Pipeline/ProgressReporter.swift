import Synchronization

/// How far a long run has got, told in one of three ways: a line redrawn in place for a
/// sighted user at a terminal, one plain sentence at each tenth for a screen reader (which
/// would read every redraw aloud), or nothing. The reporter only builds text and hands it to
/// `write`; the caller decides where it goes, so this file makes no terminal calls.
public final class ProgressReporter: Sendable {
    public enum Style: Sendable, Equatable {
        /// "26/64 images, 3.1 per second, about 12 s left", redrawn at most 4 times a second.
        case redrawn
        /// "40 percent: 26 of 64 images, about 12 seconds left", once at each 10 percent.
        case lines
        case none
    }

    /// What `--progress` asks for.
    public enum Choice: String, Sendable, CaseIterable {
        case auto, bar, lines, none
    }

    /// The style for a choice. Auto gives nothing when standard error is not a terminal (a log
    /// file or a pipe wants no progress), plain lines for the accessible profiles, and the
    /// redrawn line otherwise.
    public static func style(_ choice: Choice, accessible: Bool, stderrIsTerminal: Bool) -> Style {
        switch choice {
        case .lines: .lines
        case .bar: .redrawn
        case .none: Style.none
        case .auto: !stderrIsTerminal ? Style.none : accessible ? .lines : .redrawn
        }
    }

    /// Redraws closer together than this are skipped: faster is flicker, not information.
    static let redrawInterval = 0.25
    /// The rate (and so the time left) is taken over about this many recent seconds, so a
    /// slow start or a run of large images stops mattering once it is past.
    static let rateWindow = 10.0

    private let total: Int
    private let noun: (one: String, many: String)
    private let style: Style
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double

    private struct State {
        var done = 0
        /// (time, done) pairs; the first is the base the recent rate is measured from.
        var samples: [(time: Double, done: Int)]
        var lastTenth = 0
        var lastDraw: Double?
        var finished = false
    }

    private let state: Mutex<State>

    public init(total: Int, noun: (one: String, many: String), style: Style,
                write: @escaping @Sendable (String) -> Void,
                clock: @escaping @Sendable () -> Double = { MonotonicClock.now().seconds }) {
        self.total = total
        self.noun = noun
        self.style = style
        self.write = write
        self.clock = clock
        state = Mutex(State(samples: [(clock(), 0)]))
    }

    /// Called from worker threads as items finish. Text is written under the lock, so lines
    /// arrive in order and a redraw never overtakes a later one.
    public func advance(by count: Int = 1) {
        guard count > 0 else { return }
        let now = clock()
        state.withLock { state in
            guard !state.finished else { return }
            state.done = min(total, state.done + count)
            guard style != .none, total > 0 else { return }
            record(now, in: &state)
            switch style {
            case .lines:
                let tenth = state.done * 10 / total
                // Only the highest tenth crossed is said; 100 percent is the run's own closing sentence.
                guard tenth > state.lastTenth, tenth < 10 else { return }
                state.lastTenth = tenth
                write("\(tenth * 10) percent: \(state.done) of \(total) \(itemNoun)\(spokenTimeLeft(state, now))")
            case .redrawn:
                if let last = state.lastDraw, now - last < Self.redrawInterval { return }
                state.lastDraw = now
                write("\r" + redrawnText(state, now) + "\u{1B}[K")
            case .none:
                return
            }
        }
    }

    /// Clears the redrawn line, so the run's closing sentence starts on a clean line. Later
    /// calls to `advance` say nothing.
    public func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            if style == .redrawn, state.lastDraw != nil { write("\r\u{1B}[K") }
        }
    }

    /// Items counted so far (at most `total`).
    public var completed: Int { state.withLock { $0.done } }

    private var itemNoun: String { total == 1 ? noun.one : noun.many }

    /// Keeps the samples of the last `rateWindow` seconds, plus the one just before them as the base.
    private func record(_ now: Double, in state: inout State) {
        if let last = state.samples.last, last.time == now, state.samples.count > 1 {
            state.samples[state.samples.count - 1].done = state.done
        } else {
            state.samples.append((now, state.done))
        }
        while state.samples.count > 2, state.samples[1].time <= now - Self.rateWindow {
            state.samples.removeFirst()
        }
    }

    /// Items a second over the recent window, or nil before two items are done or when no time has passed.
    private func rate(_ state: State, _ now: Double) -> Double? {
        guard state.done >= 2, let base = state.samples.first, now > base.time, state.done > base.done else { return nil }
        return Double(state.done - base.done) / (now - base.time)
    }

    private func secondsLeft(_ state: State, _ now: Double) -> Double? {
        rate(state, now).map { Double(total - state.done) / $0 }
    }

    private func spokenTimeLeft(_ state: State, _ now: Double) -> String {
        secondsLeft(state, now).map { ", " + Self.spokenDuration($0) + " left" } ?? ""
    }

    private func redrawnText(_ state: State, _ now: Double) -> String {
        var text = "\(state.done)/\(total) \(itemNoun)"
        if let rate = rate(state, now) {
            text += ", " + Self.rateText(rate) + " per second"
            text += ", " + Self.shortDuration(Double(total - state.done) / rate) + " left"
        }
        return text
    }

    /// "3.1" or "12": a tenth matters only for slow rates; "3" rather than "3.0".
    static func rateText(_ rate: Double) -> String {
        let tenths = Int((rate * 10).rounded())
        return rate >= 10 || tenths % 10 == 0 ? String(Int(rate.rounded())) : "\(tenths / 10).\(tenths % 10)"
    }

    /// "about 12 seconds", "about a minute", "about 3 minutes", "about an hour", "about 2 hours".
    static func spokenDuration(_ seconds: Double) -> String {
        let whole = max(1, Int(seconds.rounded()))
        if whole < 60 { return "about \(whole) \(whole == 1 ? "second" : "seconds")" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return minutes == 1 ? "about a minute" : "about \(minutes) minutes" }
        let hours = Int((seconds / 3600).rounded())
        return hours == 1 ? "about an hour" : "about \(hours) hours"
    }

    /// The same lengths for the redrawn line, where space is short: "about 12 s", "about 3 min".
    static func shortDuration(_ seconds: Double) -> String {
        let whole = max(1, Int(seconds.rounded()))
        if whole < 60 { return "about \(whole) s" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "about \(minutes) min" }
        return "about \(Int((seconds / 3600).rounded())) h"
    }
}
