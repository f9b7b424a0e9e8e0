// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Frames

/// How far a long run has got, told in one of three ways: one plain sentence at each tenth, at
/// most one every few seconds (what a screen reader reads and speech says well, and what a
/// terminal shows by default), a line redrawn in place when asked for (a screen reader would
/// read every redraw aloud), or nothing. The reporter only builds text and hands it to
/// `write`; the caller decides where it goes, so this file makes no terminal calls.
public final class ProgressReporter: Sendable {
    public enum Style: Sendable, Equatable {
        /// "26/64 images, 3.1 per second, about 12 s left", redrawn at most 4 times a second.
        case redrawn
        /// "40 percent: 26 of 64 images, about 12 seconds left", once at each 10 percent, at most
        /// one every `lineInterval`.
        case lines
        case none
    }

    /// What `--progress` asks for.
    public enum Choice: String, Sendable, CaseIterable {
        case auto, bar, lines, none
    }

    /// What is counted: images, files (images and videos), or megabytes of a file read.
    public enum Unit: String, Sendable {
        case image, file, megabyte
    }

    /// The style for a choice. Auto gives plain lines on a terminal, whoever reads it (a screen
    /// reader says every redraw of a line, and a sighted user loses nothing), and nothing when
    /// standard error is not one (a log file or a pipe wants no progress).
    public static func style(_ choice: Choice, stderrIsTerminal: Bool) -> Style {
        switch choice {
        case .lines: .lines
        case .bar: .redrawn
        case .none: Style.none
        case .auto: stderrIsTerminal ? .lines : Style.none
        }
    }

    /// Redraws closer together than this are skipped: faster is flicker, not information.
    static let redrawInterval = 0.25
    /// A tenth crossed sooner than this after the last line waits for the next one: a quick run
    /// would otherwise have a screen reader or the voice reading a line every half second.
    static let lineInterval = 5.0
    /// The rate (and so the time left) is taken over about this many recent seconds, so a
    /// slow start or a run of large images stops mattering once it is past.
    static let rateWindow = 10.0

    private let total: Int
    private let unit: Unit
    private let wording: Wording
    private let style: Style
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double

    private struct State {
        var done = 0
        /// (time, done) pairs; the first is the base the recent rate is measured from.
        var samples: [(time: Double, done: Int)]
        var lastTenth = 0
        var lastDraw: Double?
        var lastLine: Double?
        var finished = false
    }

    private let state: Mutex<State>

    /// Counts `total` items of `unit`; the text is worded in `wording`.
    public init(total: Int, unit: Unit, wording: Wording, style: Style,
                write: @escaping @Sendable (String) -> Void,
                clock: @escaping @Sendable () -> Double = { MonotonicClock.now().seconds }) {
        self.total = total
        self.unit = unit
        self.wording = wording
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
                if let last = state.lastLine, now - last < Self.lineInterval { return }
                state.lastTenth = tenth
                state.lastLine = now
                write(spokenLine(tenth * 10, state, now))
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

    /// The counted items' noun, its form chosen by the total ("of 1 image", "of 64 images").
    private var itemNoun: MessageArgument { .message(Message(.progressUnit, ["unit": .text(unit.rawValue), "count": .integer(total)])) }

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

    /// "40 percent: 26 of 64 images, about 12 seconds left".
    private func spokenLine(_ percent: Int, _ state: State, _ now: Double) -> String {
        let arguments: [String: MessageArgument] = [
            "percent": .integer(percent), "done": .integer(state.done), "total": .integer(total), "noun": itemNoun,
        ]
        guard let left = secondsLeft(state, now) else { return wording(.progressLine, arguments) }
        return wording(.progressLineTimeLeft, arguments.merging(["left": .text(Self.spokenDuration(left, wording: wording))]) { $1 })
    }

    private func redrawnText(_ state: State, _ now: Double) -> String {
        let arguments: [String: MessageArgument] = ["done": .integer(state.done), "total": .integer(total), "noun": itemNoun]
        guard let rate = rate(state, now) else { return wording(.progressRedrawn, arguments) }
        return wording(.progressRedrawnRate, arguments.merging([
            "rate": Self.rateNumber(rate), "left": .text(Self.shortDuration(Double(total - state.done) / rate, wording: wording)),
        ]) { $1 })
    }

    /// 3.1 or 12: a tenth matters only for slow rates; 3 rather than 3.0.
    static func rateNumber(_ rate: Double) -> MessageArgument {
        let tenths = Int((rate * 10).rounded())
        return rate >= 10 || tenths % 10 == 0 ? .integer(Int(rate.rounded())) : .decimal(Double(tenths) / 10, places: 1)
    }

    /// "about 12 seconds", "about a minute", "about 3 minutes", "about an hour", "about 2 hours".
    static func spokenDuration(_ seconds: Double, wording: Wording) -> String {
        let whole = max(1, Int(seconds.rounded()))
        if whole < 60 { return wording(.progressAboutSeconds, ["count": .integer(whole)]) }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return wording(.progressAboutMinutes, ["count": .integer(minutes)]) }
        return wording(.progressAboutHours, ["count": .integer(Int((seconds / 3600).rounded()))])
    }

    /// The same lengths for the redrawn line, where space is short: "about 12 s", "about 3 min".
    static func shortDuration(_ seconds: Double, wording: Wording) -> String {
        let whole = max(1, Int(seconds.rounded()))
        if whole < 60 { return wording(.progressAboutSecondsShort, ["count": .integer(whole)]) }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return wording(.progressAboutMinutesShort, ["count": .integer(minutes)]) }
        return wording(.progressAboutHoursShort, ["count": .integer(Int((seconds / 3600).rounded()))])
    }
}
