// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// A clock the test sets by hand, and a record of everything the reporter wrote.
private final class Harness: Sendable {
    private let time = Mutex(0.0)
    private let written = Mutex<[String]>([])

    var clock: @Sendable () -> Double { { [self] in time.withLock { $0 } } }
    var write: @Sendable (String) -> Void { { [self] text in written.withLock { $0.append(text) } } }
    var output: [String] { written.withLock { $0 } }
    func set(_ seconds: Double) { time.withLock { $0 = seconds } }
    /// A clock that moves on by `step` each time it is read.
    func ticking(by step: Double) -> @Sendable () -> Double {
        { [self] in time.withLock { $0 += step; return $0 } }
    }

    func reporter(total: Int, style: ProgressReporter.Style) -> ProgressReporter {
        ProgressReporter(total: total, unit: .image, wording: .english, style: style, write: write, clock: clock)
    }
}

@Suite struct ProgressReporterTests {
    /// 64 images, one a second: a line at each tenth crossed, with the count at the crossing
    /// and the time left at one image a second; none for 100 percent.
    @Test func linesAtEachTenthFor64Images() {
        let harness = Harness()
        let reporter = harness.reporter(total: 64, style: .lines)
        for done in 1...64 {
            harness.set(Double(done))
            reporter.advance(by: 1)
        }
        reporter.finish()
        #expect(harness.output == [
            "10 percent: 7 of 64 images, about 57 seconds left",
            "20 percent: 13 of 64 images, about 51 seconds left",
            "30 percent: 20 of 64 images, about 44 seconds left",
            "40 percent: 26 of 64 images, about 38 seconds left",
            "50 percent: 32 of 64 images, about 32 seconds left",
            "60 percent: 39 of 64 images, about 25 seconds left",
            "70 percent: 45 of 64 images, about 19 seconds left",
            "80 percent: 52 of 64 images, about 12 seconds left",
            "90 percent: 58 of 64 images, about 6 seconds left",
        ])
        #expect(reporter.completed == 64)
    }

    /// Slow images: the time left is said in minutes, from the recent rate only. The first
    /// image took a minute, the rest 10 seconds each; counting the first minute would say
    /// "about 11 minutes" at the first line.
    @Test func timeLeftFollowsTheRecentRate() {
        let harness = Harness()
        let reporter = harness.reporter(total: 20, style: .lines)
        var time = 60.0
        harness.set(time)
        reporter.advance()
        for _ in 2...4 {
            time += 10
            harness.set(time)
            reporter.advance()
        }
        #expect(harness.output == [
            "10 percent: 2 of 20 images, about 3 minutes left",  // 18 left at 2 in 70 s
            "20 percent: 4 of 20 images, about 3 minutes left",  // 16 left at 1 in 10 s (160 s)
        ])
    }

    /// Advancing by many at once says only the highest tenth crossed.
    @Test(arguments: [
        // (steps, expected percents)
        ([1, 6], [30]),              // 5 % then 35 %: one line, for 30 %
        ([1, 6, 12], [30, 90]),      // then 95 %: one line, for 90 %
        ([7, 13], [30]),             // 35 % then 100 %: 100 % is never said
        ([2, 0, -3, 2], [10, 20]),   // nothing and negative counts are ignored
        ([30], []),                  // past the total is clamped to it
    ])
    func noDuplicateLinesWhenJumping(steps: [Int], percents: [Int]) {
        let harness = Harness()
        let reporter = harness.reporter(total: 20, style: .lines)
        for (index, step) in steps.enumerated() {
            harness.set(Double(index + 1) * ProgressReporter.lineInterval)
            reporter.advance(by: step)
        }
        #expect(harness.output.map { Int($0.prefix { $0.isNumber })! } == percents, "\(harness.output)")
        #expect(reporter.completed == min(20, steps.filter { $0 > 0 }.reduce(0, +)))
    }

    /// No time estimate before two items are done, nor when no time has passed.
    @Test func noEstimateBeforeTwoItemsOrWithoutTime() {
        let harness = Harness()
        let tenImages = harness.reporter(total: 10, style: .lines)
        harness.set(5)
        tenImages.advance()
        let frozen = Harness()  // the clock never moves
        let instant = frozen.reporter(total: 10, style: .lines)
        instant.advance(by: 3)
        let one = Harness().reporter(total: 1, style: .lines)  // 100 % only: silent
        one.advance()
        #expect(harness.output == ["10 percent: 1 of 10 images"])
        #expect(frozen.output == ["30 percent: 3 of 10 images"])
    }

    /// One image every eighth of a second: the line is redrawn every quarter second, in
    /// place ("\r" … erase to end of line), and cleared at the end.
    @Test func redrawIsThrottledToFourTimesASecond() {
        let harness = Harness()
        let reporter = harness.reporter(total: 20, style: .redrawn)
        for done in 1...20 {
            harness.set(Double(done) * 0.125)
            reporter.advance()
        }
        reporter.finish()
        reporter.finish()  // a second finish writes nothing more
        let output = harness.output
        #expect(output.count == 11)  // after images 1, 3, 5, … 19, then the clearing
        #expect(output.first == "\r1/20 images\u{1B}[K")
        #expect(output[1] == "\r3/20 images, 8 per second, about 2 s left\u{1B}[K")
        #expect(output[9] == "\r19/20 images, 8 per second, about 1 s left\u{1B}[K")
        #expect(output.last == "\r\u{1B}[K")
    }

    @Test func redrawnLineShowsTenthsOfSlowRatesAndLongTimes() {
        let harness = Harness()
        let reporter = harness.reporter(total: 500, style: .redrawn)
        harness.set(10)
        reporter.advance(by: 31)
        #expect(harness.output == ["\r31/500 images, 3.1 per second, about 3 min left\u{1B}[K"])
    }

    @Test func noneWritesNothingButCounts() {
        let harness = Harness()
        let reporter = harness.reporter(total: 10, style: .none)
        for done in 1...10 {
            harness.set(Double(done))
            reporter.advance()
        }
        reporter.finish()
        #expect(harness.output.isEmpty)
        #expect(reporter.completed == 10)
    }

    @Test func nothingAfterFinish() {
        let harness = Harness()
        let reporter = harness.reporter(total: 10, style: .lines)
        reporter.finish()
        reporter.advance(by: 5)
        #expect(harness.output.isEmpty)
    }

    /// Four worker threads advancing at once: every item counted, each tenth said once, in order.
    @Test func concurrentAdvanceFromFourThreads() {
        let harness = Harness()
        // Each item takes 20 ms by this clock, so the tenths (400 items) are 8 s apart.
        let reporter = ProgressReporter(total: 4000, unit: .image, wording: .english, style: .lines, write: harness.write,
                                        clock: harness.ticking(by: 0.02))
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                for _ in 0..<1000 { reporter.advance() }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(reporter.completed == 4000)
        #expect(harness.output.map { Int($0.prefix { $0.isNumber })! } == [10, 20, 30, 40, 50, 60, 70, 80, 90])
        #expect(harness.output.first?.hasPrefix("10 percent: 400 of 4000 images") == true)
    }

    @Test(arguments: [
        (0.2, "about 1 second", "about 1 s"),
        (1, "about 1 second", "about 1 s"),
        (12, "about 12 seconds", "about 12 s"),
        (59.4, "about 59 seconds", "about 59 s"),
        (59.6, "about a minute", "about 1 min"),
        (89, "about a minute", "about 1 min"),
        (90, "about 2 minutes", "about 2 min"),
        (180, "about 3 minutes", "about 3 min"),
        (3599, "about an hour", "about 1 h"),
        (5400, "about 2 hours", "about 2 h"),
    ])
    func wordingOfTimes(seconds: Double, spoken: String, short: String) {
        #expect(ProgressReporter.spokenDuration(seconds, wording: .english) == spoken)
        #expect(ProgressReporter.shortDuration(seconds, wording: .english) == short)
    }

    @Test(arguments: [(ProgressReporter.Unit.image, "image", "images"), (.file, "file", "files"), (.megabyte, "megabyte", "megabytes")])
    func everyUnitHasItsNouns(unit: ProgressReporter.Unit, one: String, many: String) {
        #expect(Wording.english(.progressUnit, ["unit": .text(unit.rawValue), "count": .integer(1)]) == one)
        #expect(Wording.english(.progressUnit, ["unit": .text(unit.rawValue), "count": .integer(2)]) == many)
    }

    /// On a terminal the default is plain lines, whoever reads it: a screen reader reads every
    /// redraw of a line aloud, so the redrawn line is only for who asks for it (`--progress bar`).
    @Test(arguments: [
        // (option, stderr is a terminal, style)
        (.auto, true, ProgressReporter.Style.lines),
        (.auto, false, .none),      // a log file or pipe gets no progress unless asked
        (.lines, false, .lines),
        (.lines, true, .lines),
        (.bar, false, .redrawn),
        (.bar, true, .redrawn),
        (.none, true, .none),
    ] as [(ProgressReporter.Choice, Bool, ProgressReporter.Style)])
    func styleChoice(option: ProgressReporter.Choice, terminal: Bool, expected: ProgressReporter.Style) {
        #expect(ProgressReporter.style(option, stderrIsTerminal: terminal) == expected)
    }

    /// A quick run crosses its tenths faster than anyone wants to hear them: a line at most
    /// every few seconds, the highest tenth crossed by then, never a carriage return.
    @Test func linesComeAtMostEveryFewSeconds() {
        let harness = Harness()
        let reporter = harness.reporter(total: 100, style: .lines)
        for done in 1...100 {
            harness.set(Double(done) * 0.25)  // four a second: 25 s in all
            reporter.advance()
        }
        reporter.finish()
        let percents = harness.output.map { Int($0.prefix { $0.isNumber })! }
        #expect(percents == [10, 30, 50, 70, 90], "\(harness.output)")
        #expect(!harness.output.contains { $0.contains("\r") || $0.contains("\u{1B}") }, "\(harness.output)")
    }
}
