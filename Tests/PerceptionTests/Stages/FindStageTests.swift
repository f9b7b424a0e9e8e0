// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Testing
@testable import Perception
@testable import Modes
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A locator that sees what the test says it sees in each frame, to follow `FindStage`'s rules
/// frame by frame (the real detector is in `FindAcceptanceTests`).
final class ScriptedLocator: ThingLocator {
    let next = Mutex<[Sighting]>([])
    func locate(in image: Image) throws -> [Sighting] { next.withLock { $0 } }
    func sees(_ sightings: [Sighting]) { next.withLock { $0 = sightings } }
}

/// `find` never claims the thing is absent: silence while it is not seen, "Not seen yet." only
/// as the answer to `d`; where it is once, then the tick; "Centred." in the middle third.
@Suite struct FindStageTests {
    static let width = 640, height = 480
    static let image = try! TestResources.greyImage(width: width, height: height) { _, _ in 90 }

    static func frame(_ index: Int) -> Frame {
        Frame(image: image, timestamp: Timestamp(seconds: Double(index) / 10), index: index)
    }

    static func stage(_ locator: ScriptedLocator, target: FindTarget? = FindTarget(.kind("cup"))) -> FindStage {
        FindStage(target: target, locator: locator, wording: .english, horizontalFieldOfView: 60)
    }

    /// A cup's box with its centre at (x, y), as shares of the frame.
    static func cup(x: Double, y: Double, size: Double = 60, confidence: Double = 0.8) -> Sighting {
        Sighting(box: Box(x: x * Double(width) - size / 2, y: y * Double(height) - size / 2, width: size, height: size),
                 confidence: confidence)
    }

    @Test func notSeenYetIsOnlyEverTheAnswerToDescribe() throws {
        let locator = ScriptedLocator()
        let stage = Self.stage(locator)
        var said: [NarrationEvent] = []
        for index in 0..<30 { said += try stage.observe(Self.frame(index)) }
        #expect(said.isEmpty, "nothing is said while the cup is not seen: \(said.map(\.text))")
        let asked = try stage.perform(.describeNow, on: Self.frame(30))
        #expect(asked.map(\.text) == ["Not seen yet."])
        #expect(stage.commands == [.describeNow])
        // Seen off to the right: said once, hedged, at its hour, after two frames; then ticks.
        locator.sees([Self.cup(x: 0.85, y: 0.5)])
        for index in 31..<41 { said += try stage.observe(Self.frame(index)) }
        let words = said.filter { $0.kind != .cue }
        #expect(words.map(\.text) == ["Probably a cup, at 1 o'clock."], "\(words.map(\.text))")
        #expect(words.first?.frame == 32, "said on the second frame it was seen in")
        #expect(said.contains { $0.kind == .cue }, "the tick guides to it")
        // d now says where it is again.
        #expect(try stage.perform(.describeNow, on: Self.frame(41)).map(\.text) == ["Probably a cup, at 1 o'clock."])
        // Into the middle third: "Centred." once, and the tick is faster and higher than before.
        let offCentre = try #require(said.last { $0.kind == .cue }?.tone)
        said = []
        locator.sees([Self.cup(x: 0.55, y: 0.5)])
        for index in 42..<52 { said += try stage.observe(Self.frame(index)) }
        #expect(said.filter { $0.kind != .cue }.map(\.text) == ["Centred."])
        let centred = try #require(said.last { $0.kind == .cue }?.tone)
        #expect(centred.perSecond > offCentre.perSecond && centred.hertz > offCentre.hertz, "\(offCentre) then \(centred)")
        // Out of sight: silence, then after two seconds that the tool lost sight of it; d never says it is gone.
        said = []
        locator.sees([])
        for index in 52..<90 { said += try stage.observe(Self.frame(index)) }
        #expect(said.map(\.text) == ["Lost sight of the cup."])
        #expect(said.first.map { $0.time.seconds(since: Self.frame(51).timestamp) >= FindStage.lostAfterSeconds } == true)
        #expect(try stage.perform(.describeNow, on: Self.frame(90)).map(\.text) == ["Not seen again yet."])
        // Seen again: said again.
        said = []
        locator.sees([Self.cup(x: 0.15, y: 0.5, confidence: 0.5)])
        for index in 91..<95 { said += try stage.observe(Self.frame(index)) }
        #expect(said.filter { $0.kind != .cue }.map(\.text) == ["Possibly a cup, at 11 o'clock."])
    }

    /// Too unsure to speak of is not seen: no sentence, no tick.
    @Test func aSightingBelowTheSpokenBandsIsNeitherSaidNorGuidedTo() throws {
        let locator = ScriptedLocator()
        let stage = Self.stage(locator)
        locator.sees([Self.cup(x: 0.5, y: 0.5, confidence: 0.3)])
        var said: [NarrationEvent] = []
        for index in 0..<10 { said += try stage.observe(Self.frame(index)) }
        #expect(said.isEmpty)
        #expect(try stage.perform(.describeNow, on: Self.frame(10)).map(\.text) == ["Not seen yet."])
    }

    /// A thing the detector misses every other frame is still found: two sightings within a
    /// second are enough, one alone is not.
    @Test func aThingSeenEveryOtherFrameIsFoundButOneGlimpseIsNot() throws {
        let locator = ScriptedLocator()
        let stage = Self.stage(locator)
        var said: [NarrationEvent] = []
        locator.sees([Self.cup(x: 0.5, y: 0.5)])
        said += try stage.observe(Self.frame(0))
        locator.sees([])
        for index in 1..<20 { said += try stage.observe(Self.frame(index)) }
        #expect(said.isEmpty, "one glimpse is not news: \(said.map(\.text))")
        for index in 20..<26 {
            locator.sees(index.isMultiple(of: 2) ? [Self.cup(x: 0.5, y: 0.5)] : [])
            said += try stage.observe(Self.frame(index))
        }
        #expect(said.filter { $0.kind == .objects }.map(\.text) == ["Probably a cup, at 12 o'clock."])
    }

    /// Find mode reached with m in a session started in another mode: how to start it, once, and on d.
    @Test func withNothingToFindItSaysHowToStartOnce() throws {
        let stage = Self.stage(ScriptedLocator(), target: nil)
        var said: [NarrationEvent] = []
        for index in 0..<5 { said += try stage.observe(Self.frame(index)) }
        let howTo = Wording.english(.findNeedsThing)
        #expect(said.map(\.text) == [howTo])
        #expect(try stage.perform(.describeNow, on: Self.frame(5)).map(\.text) == [howTo])
    }

    /// In a live session, d in find mode asks the find stage, not awareness.
    @Test func describeInFindModeIsFindsAnswer() throws {
        let locator = ScriptedLocator()
        let session = LiveSession(mode: .find, modes: ModeList.all, makers: [.find: { Self.stage(locator) }], wording: .english)
        #expect(try session.perform(.describeNow, on: Self.frame(0)).map(\.text) == ["Not seen yet."])
    }

    /// The tick's pitch and rate rise together, from the edge to the middle and from small to large.
    @Test func theTickRisesAsTheThingNearsTheMiddleAndGrows() {
        func tone(_ box: Box) -> Tone {
            FindGuide.tone(FindGuide.closeness(of: box, width: Self.width, height: Self.height).value)
        }
        let edge = tone(Self.cup(x: 0.05, y: 0.5).box), nearer = tone(Self.cup(x: 0.3, y: 0.5).box)
        let middle = tone(Self.cup(x: 0.5, y: 0.5).box), large = tone(Self.cup(x: 0.5, y: 0.5, size: 250).box)
        for (lower, higher) in [(edge, nearer), (nearer, middle), (middle, large)] {
            #expect(higher.perSecond > lower.perSecond && higher.hertz > lower.hertz, "\(lower) then \(higher)")
        }
    }
}
