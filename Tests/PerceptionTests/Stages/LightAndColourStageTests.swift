// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages

/// The live light and colour stages: they speak on steady changes only, never every frame,
/// and the light stage offers its tone four times a second.
@Suite struct LightAndColourStageTests {
    static func frame(_ image: Image, at seconds: Double, index: Int) -> Frame {
        Frame(image: image, timestamp: Timestamp(seconds: seconds), index: index)
    }

    /// Runs `pictures(t)` at 30 frames a second for `seconds`, collecting what the stage says.
    static func run(_ stage: some StreamStage, seconds: Double, from start: Double = 0,
                    picture: (Double) -> Image) throws -> [NarrationEvent] {
        var events: [NarrationEvent] = []
        let frames = Int(seconds * 30)
        for index in 0..<frames {
            let time = start + Double(index) / 30
            // Sentences only: the light's tone cues are tested on their own.
            events += try stage.observe(frame(picture(time), at: time, index: index)).filter { $0.kind != .cue }
        }
        return events
    }

    static let dim = try! SyntheticPictures.uniform(0x404040)
    static let bright = try! SyntheticPictures.uniform(0xD0D0D0)

    @Test func steadyLightIsSaidOnceAfterItHolds() throws {
        let stage = LightStage(wording: .english)
        let events = try Self.run(stage, seconds: 5) { _ in Self.dim }
        #expect(events.map(\.text) == ["Dim light."])
        #expect(events[0].time.seconds >= LightStage.steadySeconds)
        #expect(events[0].kind == .summary)
    }

    @Test func aChangeThatHoldsIsSaid() throws {
        let stage = LightStage(wording: .english)
        let events = try Self.run(stage, seconds: 6) { $0 < 3 ? Self.dim : Self.bright }
        #expect(events.map(\.text) == ["Dim light.", "Bright light."])
        #expect(events[1].time.seconds >= 3 + LightStage.steadySeconds)
    }

    /// Light flickering between bands every frame is not news: nothing after the first sentence.
    @Test func flickerIsNotSaid() throws {
        let stage = LightStage(wording: .english)
        var events = try Self.run(stage, seconds: 2) { _ in Self.dim }
        events += try Self.run(stage, seconds: 4, from: 2) { Int($0 * 30) % 2 == 0 ? Self.dim : Self.bright }
        #expect(events.map(\.text) == ["Dim light."])
    }

    /// However often the light changes, sentences are at least the minimum interval apart.
    @Test func sentencesAreRateLimited() throws {
        let stage = LightStage(wording: .english)
        // A new band every 0.6 s: each holds long enough, but they come faster than the interval allows.
        let events = try Self.run(stage, seconds: 12) { Int($0 / 0.6) % 2 == 0 ? Self.dim : Self.bright }
        #expect(events.count >= 3)
        for (earlier, later) in zip(events, events.dropFirst()) {
            #expect(later.time.seconds(since: earlier.time) >= LightStage.minimumSecondsBetweenSentences)
        }
    }

    @Test func theToneIsOfferedFourTimesASecondWithTheBrightnessPitch() throws {
        let stage = LightStage(wording: .english)
        var tones: [NarrationEvent] = []
        for index in 0..<60 {
            tones += try stage.observe(Self.frame(Self.bright, at: Double(index) / 30, index: index)).filter { $0.kind == .cue }
        }
        #expect((7...9).contains(tones.count), "\(tones.count) tones in 2 s")
        for (earlier, later) in zip(tones, tones.dropFirst()) {
            #expect(later.time.seconds(since: earlier.time) >= LightStage.secondsBetweenTones)
        }
        let expected = LightMeter.tonePitch(for: try LightMeter(wording: .english).read(Self.bright).brightness)
        #expect(tones.allSatisfy { abs(($0.tone?.hertz ?? 0) - expected) < 1e-9 })
        // Each sound lasts its period, so the tone holds without gaps.
        #expect(tones.allSatisfy { $0.tone.map { abs($0.seconds * $0.perSecond - 1) < 1e-9 } ?? false })
        #expect(stage.lastReading?.band == .bright)
    }

    @Test func describeSaysTheLightAtOnce() throws {
        let stage = LightStage(wording: .english)
        #expect(try stage.perform(.describeNow, on: nil) == [.noPictureYet(.english)])
        let now = try stage.perform(.describeNow, on: Self.frame(Self.bright, at: 0, index: 0))
        #expect(now.map(\.text) == ["Bright light."])
        // Already said: the steady frames that follow add nothing.
        #expect(try Self.run(stage, seconds: 3) { _ in Self.bright }.isEmpty)
        #expect(try stage.perform(.readNow, on: Self.frame(Self.bright, at: 3, index: 90)).isEmpty)
    }

    static let navy = try! ColourReaderTests.view { _, _ in 0x0A1850 }
    static let red = try! ColourReaderTests.view { _, _ in 0xD01010 }

    @Test func aColourIsSaidWhenItChangesAndHolds() throws {
        let stage = ColourStage(wording: .english)
        let events = try Self.run(stage, seconds: 4) { $0 < 2 ? Self.navy : Self.red }
        #expect(events.map(\.text) == ["Dark blue.", "Red."])
        #expect(events[0].time.seconds >= ColourStage.steadySeconds)
        #expect(events[1].time.seconds >= 2 + ColourStage.steadySeconds)
    }

    /// Sweeping past things on the way to the one aimed at: colours held for less than the
    /// steady time are not said.
    @Test func coloursPassedOverAreNotSaid() throws {
        let stage = ColourStage(wording: .english)
        var events = try Self.run(stage, seconds: 1) { _ in Self.navy }
        events += try Self.run(stage, seconds: 3, from: 1) { Int($0 / 0.3) % 2 == 0 ? Self.red : Self.navy }
        #expect(events.map(\.text) == ["Dark blue."])
    }

    /// Readings are spaced out: a frame soon after the last reading is not read at all.
    @Test func theCentreIsReadAtMostTenTimesASecond() throws {
        let stage = ColourStage(wording: .english)
        _ = try stage.observe(Self.frame(Self.navy, at: 0, index: 0))
        _ = try stage.observe(Self.frame(Self.red, at: 1.0 / 30, index: 1))
        #expect(stage.lastReading?.name?.name == "dark blue")
        _ = try stage.observe(Self.frame(Self.red, at: ColourStage.secondsBetweenReadings, index: 3))
        #expect(stage.lastReading?.name?.name == "red")
    }

    @Test func describeSaysTheColourNow() throws {
        let stage = ColourStage(wording: .english)
        #expect(try stage.perform(.describeNow, on: nil) == [.noPictureYet(.english)])
        #expect(try stage.perform(.describeNow, on: Self.frame(Self.red, at: 0, index: 0)).map(\.text) == ["Red."])
        #expect(stage.lastReading == nil, "describe does not stand in for an observed frame")
    }
}
