// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The cue player against the clock, heard through a recording output; and the real sound
/// device's refusal where there is none.
@Suite struct CuePlayerTests {
    static let tick = Tone(hertz: 1_500, seconds: 0.015, perSecond: 4)

    /// Sends `tone` every `every` seconds for `seconds`, as a stage sends its cue with each frame.
    static func hold(_ player: CuePlayer, _ tone: Tone, for seconds: Double, every: Double = 0.1) {
        let end = MonotonicClock.now().adding(seconds: seconds)
        while MonotonicClock.now() < end {
            player.play(tone)
            Thread.sleep(forTimeInterval: every)
        }
    }

    static func starts(_ sounds: [RecordedToneOutput.Sound], from: Timestamp, to: Timestamp) -> [Double] {
        sounds.filter { $0.start >= from && $0.start < to }.map { $0.start.seconds(since: from) }
    }

    @Test func aFourASecondCueHeldOneSecondTicksFourTimesThenStopsByItself() throws {
        let output = RecordedToneOutput()
        let player = CuePlayer(output: output)
        defer { player.close() }
        let began = MonotonicClock.now()
        Self.hold(player, Self.tick, for: 1)
        let lastCue = MonotonicClock.now().adding(seconds: -0.1)
        Thread.sleep(forTimeInterval: CuePlayer.staleSeconds + 0.4)
        let sounds = output.sounds
        let firstSecond = Self.starts(sounds, from: began, to: began.adding(seconds: 0.95))
        #expect(firstSecond.count == 4, "ticks at \(firstSecond)")
        if let first = firstSecond.first { #expect(first < 0.05, "the first tick came \(first) s after its cue") }
        for tick in sounds { #expect(abs(tick.hertz - 1_500) < 75 && abs(tick.seconds - 0.015) < 0.002, "\(tick)") }
        // Held: it goes on ticking after the last cue, for the staleness time and no longer.
        let afterLast = Self.starts(sounds, from: lastCue, to: lastCue.adding(seconds: 10))
        #expect(afterLast.count >= 2, "ticks after the last cue at \(afterLast)")
        #expect(afterLast.allSatisfy { $0 < CuePlayer.staleSeconds + 0.02 }, "ticks after the last cue at \(afterLast)")
    }

    @Test func aNewerCueChangesTheRateAtOnce() throws {
        let output = RecordedToneOutput()
        let player = CuePlayer(output: output)
        defer { player.close() }
        Self.hold(player, Tone(hertz: 1_000, seconds: 0.015, perSecond: 2), for: 0.6)
        let changed = MonotonicClock.now()
        Self.hold(player, Tone(hertz: 2_000, seconds: 0.015, perSecond: 10), for: 0.6)
        player.interrupt()
        let after = Self.starts(output.sounds, from: changed, to: changed.adding(seconds: 10))
        let first = try #require(after.first, "no tick after the change")
        #expect(first < 0.1 + CuePlayer.leadSeconds + 0.03, "the first tick at the new rate came after \(first) s")
        let gaps = zip(after, after.dropFirst()).map { $1 - $0 }
        #expect(gaps.count >= 4 && gaps.allSatisfy { abs($0 - 0.1) < 0.01 }, "gaps \(gaps)")
        #expect(output.sounds.last.map { abs($0.hertz - 2_000) < 100 } == true, "the newer pitch too")
    }

    @Test func aSingleSoundIsPlayedOnceAndNotHeld() throws {
        let output = RecordedToneOutput()
        let player = CuePlayer(output: output)
        defer { player.close() }
        player.play(Tone(hertz: 600, seconds: 0.2))
        Thread.sleep(forTimeInterval: 0.5)
        let sounds = output.sounds
        try #require(sounds.count == 1, "\(sounds)")
        #expect(abs(sounds[0].seconds - 0.2) < 0.005 && abs(sounds[0].hertz - 600) < 30, "\(sounds[0])")
    }

    /// Silent within 50 ms of `interrupt`, which returns as quickly; the cue is dropped, not paused.
    @Test func interruptSilencesAtOnce() throws {
        let output = RecordedToneOutput()
        let player = CuePlayer(output: output)
        defer { player.close() }
        player.play(Tone(hertz: 800, seconds: 1))  // one long sound, cut short
        Thread.sleep(forTimeInterval: 0.3)
        let asked = MonotonicClock.now()
        player.interrupt()
        let returned = MonotonicClock.now().seconds(since: asked)
        #expect(returned < 0.05, "interrupt took \(returned) s")
        Thread.sleep(forTimeInterval: 0.5)
        let sound = try #require(output.sounds.first)
        #expect(output.sounds.count == 1)
        #expect(sound.end.seconds(since: asked) < 0.05, "heard until \(sound.end.seconds(since: asked)) s after the interrupt")
        #expect(sound.seconds > 0.25, "it was playing until then: \(sound.seconds) s")

        // A held tick train, too; and later cues play again.
        let held = MonotonicClock.now()
        Self.hold(player, Self.tick, for: 0.3)
        let again = MonotonicClock.now()
        player.interrupt()
        Thread.sleep(forTimeInterval: 0.5)
        let ticks = output.sounds.filter { $0.start >= held }
        #expect(ticks.count >= 1, "cues play after an interrupt")
        #expect(ticks.allSatisfy { $0.end.seconds(since: again) < 0.05 }, "\(ticks.map { $0.start.seconds(since: again) })")
    }

    @Test func closeReleasesTheOutputAndLaterCuesAreIgnored() throws {
        let output = RecordedToneOutput()
        let player = CuePlayer(output: output)
        player.play(Self.tick)
        Thread.sleep(forTimeInterval: 0.1)
        player.close()
        #expect(output.isClosed)
        let heard = output.sounds.count
        player.play(Self.tick)
        player.interrupt()
        player.close()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(output.sounds.count == heard)
    }

    /// The real shim and pcaudiolib: a device that does not exist is refused in one sentence, at once.
    @Test func aSoundDeviceThatDoesNotExistIsRefusedInOneSentence() {
        let started = MonotonicClock.now()
        do {
            _ = try CuePlayer(device: "sensecam-no-such-device")
            Issue.record("a device that does not exist opened")
        } catch {
            let sentence = error.description
            #expect(sentence.hasPrefix("Cannot play tones: ") && sentence.hasSuffix(".") && !sentence.contains("\n"), "\(sentence)")
        }
        #expect(MonotonicClock.now().seconds(since: started) < 1)
    }

    /// ALSA's "null" device (part of every ALSA configuration) takes samples and discards them:
    /// the real write, flush and close path, which never waits for a device that does not pace.
    @Test func theRealOutputPlaysOnALSAsNullDevice() throws {
        let player = try CuePlayer(device: "null")
        Self.hold(player, Self.tick, for: 0.3)
        let asked = MonotonicClock.now()
        player.interrupt()
        #expect(MonotonicClock.now().seconds(since: asked) < 0.05)
        player.play(Tone(hertz: 440, seconds: 0.05))
        player.close()
    }
}
