// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The cue sounds themselves: pitch, length, no clicks, and quieter than speech.
@Suite struct ToneSynthesisTests {
    /// Sign changes over the samples: a sine crosses zero twice a cycle.
    static func hertzByZeroCrossings(_ samples: [Int16], sampleRate: Int = ToneSynthesis.sampleRate) -> Double {
        let signs = samples.filter { $0 != 0 }.map { $0 > 0 }
        let crossings = zip(signs, signs.dropFirst()).filter { $0 != $1 }.count
        return Double(crossings) / 2 / (Double(samples.count) / Double(sampleRate))
    }

    @Test(arguments: [(220.0, 220.0), (440, 440), (1_000, 1_000), (2_500, 2_500), (30, 100), (12_000, 4_000)])
    func pitchIsTheTonesWithinTheRange(asked: Double, heard: Double) {
        let samples = ToneSynthesis.samples(for: Tone(hertz: asked, seconds: 0.5))
        let measured = Self.hertzByZeroCrossings(samples)
        #expect(abs(measured - heard) / heard < 0.02, "asked \(asked) Hz, measured \(measured) Hz")
    }

    @Test(arguments: [(0.015, 331), (0.2, 4_410), (0.0, 0), (-1.0, 0), (5.0, 22_050)])
    func lengthIsTheTonesUpToTheLongest(seconds: Double, count: Int) {
        #expect(ToneSynthesis.samples(for: Tone(hertz: 1_000, seconds: seconds)).count == count)
    }

    /// A click is a step: the sound must start and end at silence, and its fades must rise no
    /// faster than the sine itself does at full level.
    @Test(arguments: [(1_000.0, 0.015), (3_000, 0.015), (440, 0.2), (2_000, 0.003)])
    func noStepAtEitherEnd(hertz: Double, seconds: Double) throws {
        let samples = ToneSynthesis.samples(hertz: hertz, seconds: seconds)
        let first = try #require(samples.first), last = try #require(samples.last)
        #expect(first == 0 && abs(Int(last)) <= 1, "ends at \(first) and \(last)")
        let peak = ToneSynthesis.amplitude * Double(Int16.max)
        let steepestSine = peak * 2 * Double.pi * hertz / Double(ToneSynthesis.sampleRate)
        let steps = zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }
        #expect(Double(steps.max() ?? 0) <= steepestSine + 1, "a step of \(steps.max() ?? 0)")
        // And the fade really fades: where there is room for it, the first millisecond stays well
        // under full level (a shorter sound is all fade, at half its length each way).
        let firstMillisecond = samples.prefix(ToneSynthesis.sampleRate / 1_000)
        if seconds >= 2 * ToneSynthesis.rampSeconds {
            #expect(Double(firstMillisecond.map { abs(Int($0)) }.max() ?? 0) < 0.25 * peak)
        }
    }

    @Test func levelStaysAtTheNamedPeak() {
        let samples = ToneSynthesis.samples(for: Tone(hertz: 1_000, seconds: 0.2))
        let peak = Double(samples.map { abs(Int($0)) }.max() ?? 0) / Double(Int16.max)
        #expect(abs(peak - ToneSynthesis.amplitude) < 0.005, "peak \(peak)")
    }
}
