// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The samples a held cue makes, counted exactly: no clock involved.
@Suite struct CueTrainTests {
    static let rate = ToneSynthesis.sampleRate
    static let tick = Tone(hertz: 1_500, seconds: 0.015, perSecond: 4)

    /// Where each sound begins: a non-zero sample after at least 2 ms of zeros.
    static func onsets(_ samples: [Int16]) -> [Int] {
        let gap = rate / 500
        var onsets: [Int] = [], zeros = gap
        for (index, sample) in samples.enumerated() {
            if sample == 0 { zeros += 1; continue }
            if zeros >= gap { onsets.append(index) }
            zeros = 0
        }
        return onsets
    }

    static func play(_ train: inout CueTrain, seconds: Double, chunk: Int = 220) -> [Int16] {
        var samples: [Int16] = []
        let count = Int(seconds * Double(rate))
        while samples.count < count { samples += train.next(min(chunk, count - samples.count)) }
        return samples
    }

    @Test func fourASecondHeldOneSecondIsFourTicksOnTheBeat() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Self.tick)
        let onsets = Self.onsets(Self.play(&train, seconds: 1))
        let period = (Double(Self.rate) / 4).rounded()
        #expect(onsets.count == 4, "\(onsets)")
        // A fade's first samples round to 0, so an onset is found a few samples late.
        for (index, onset) in onsets.enumerated() {
            #expect((0...3).contains(Double(onset) - Double(index) * period), "\(onsets)")
        }
    }

    @Test func theSameCueAgainChangesNothing() {
        var steady = CueTrain(sampleRate: Self.rate), refreshed = CueTrain(sampleRate: Self.rate)
        steady.hold(Self.tick)
        refreshed.hold(Self.tick)
        var a: [Int16] = [], b: [Int16] = []
        for _ in 0..<100 {
            a += steady.next(441)
            refreshed.hold(Self.tick)
            b += refreshed.next(441)
        }
        #expect(a == b)
    }

    /// 2 a second, then 10 a second 0.3 s in: the tick due at 0.5 s comes at once, at 0.3 s (one
    /// new period after the last began is already past), then every 0.1 s; never two close together.
    @Test func aNewerRateTakesOverAtOnceAndKeepsTheBeat() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Tone(hertz: 1_000, seconds: 0.015, perSecond: 2))
        var samples = Self.play(&train, seconds: 0.3, chunk: 441)
        train.hold(Tone(hertz: 1_000, seconds: 0.015, perSecond: 10))
        samples += Self.play(&train, seconds: 0.6, chunk: 441)
        let onsets = Self.onsets(samples).map { Double($0) / Double(Self.rate) }
        let expected = [0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
        #expect(onsets.count == expected.count, "\(onsets)")
        for (onset, want) in zip(onsets, expected) { #expect(abs(onset - want) < 0.001, "\(onsets)") }
    }

    @Test func aSingleSoundPlaysOnceAndLetsGo() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Tone(hertz: 800, seconds: 0.1))
        let samples = Self.play(&train, seconds: 0.5)
        #expect(Self.onsets(samples).count == 1)
        #expect(samples.suffix(from: 2_205).allSatisfy { $0 == 0 }, "0.1 s of sound, then silence")
        #expect(train.isSilent)
    }

    @Test func releaseLetsTheSoundPlayingFinish() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Tone(hertz: 1_000, seconds: 0.05, perSecond: 4))
        var samples = train.next(500)  // into the first 1 102-sample sound
        train.release()
        #expect(!train.isSilent)
        samples += Self.play(&train, seconds: 1)
        #expect(samples.prefix(1_103) == ToneSynthesis.samples(hertz: 1_000, seconds: 0.05)[...].prefix(1_103))
        #expect(samples.dropFirst(1_103).allSatisfy { $0 == 0 })
        #expect(train.isSilent)
    }

    @Test func fasterThanTwentyASecondIsPlayedAtTwenty() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Tone(hertz: 1_000, seconds: 0.015, perSecond: 100))
        #expect(Self.onsets(Self.play(&train, seconds: 1)).count == 20)
    }

    /// A sound longer than its period is cut to it, so sounds never overlap (they abut: a held
    /// pitch with `seconds` at least the period is a continuous tone).
    @Test func aSoundLastsAtMostItsPeriod() {
        var train = CueTrain(sampleRate: Self.rate)
        train.hold(Tone(hertz: 1_000, seconds: 0.5, perSecond: 10))
        let samples = Self.play(&train, seconds: 0.3, chunk: 2_205)
        let one = ToneSynthesis.samples(hertz: 1_000, seconds: 0.1)
        #expect(one.count == 2_205)
        #expect(Array(samples.prefix(6_615)) == one + one + one)
    }
}
