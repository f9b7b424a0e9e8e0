// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

@Suite("Framing guidance") struct FramingGuideTests {
    static let fps = 15.0

    /// Feeds `seconds` of frames, each described by `observe(time)`, and returns the advice given.
    func guidance(for seconds: Double, guide: FramingGuide = FramingGuide(wording: .english),
                  _ observe: (Double) -> FramingObservation) -> [NarrationEvent] {
        (0..<Int(seconds * Self.fps)).compactMap { index in guide.advise(observe(Double(index) / Self.fps)) }
    }

    func frame(_ t: Double, page: Bool = true, edges: Set<String> = [], fill: Double = 0.6, steady: Bool = true,
               dark: Bool = false, bright: Bool = false) -> FramingObservation {
        FramingObservation(time: Timestamp(seconds: t), frame: Int(t * Self.fps), pageFound: page, cutOffEdges: edges,
                           fillFraction: fill, isSteady: steady, isTooDark: dark, isTooBright: bright)
    }

    @Test(arguments: [
        (Set(["top"]), "Top edge is cut off. Move the camera up.", ["top"]),
        (["bottom"], "Bottom edge is cut off. Move the camera down.", ["bottom"]),
        (["left"], "Left edge is cut off. Move the camera left.", ["left"]),
        (["right"], "Right edge is cut off. Move the camera right.", ["right"]),
        (["top", "left"], "Top and left edges are cut off. Move the camera up and left.", ["top", "left"]),
        (["right", "bottom"], "Right and bottom edges are cut off. Move the camera right and down.", ["right", "bottom"]),
        (["top", "right"], "Top and right edges are cut off. Move the camera up and right.", ["top", "right"]),
        (["bottom", "left"], "Bottom and left edges are cut off. Move the camera down and left.", ["bottom", "left"]),
        (["left", "right"], "Right and left edges are cut off. Move the camera back.", ["right", "left"]),
        (["top", "right", "bottom", "left"], "Top, right, bottom and left edges are cut off. Move the camera back.",
         ["top", "right", "bottom", "left"]),
        (["top", "bottom"], "Top and bottom edges are cut off. Move the camera back.", ["top", "bottom"]),
        (["top", "right", "bottom"], "Top, right and bottom edges are cut off. Move the camera back.", ["top", "right", "bottom"]),
    ] as [(Set<String>, String, [String])])
    func cutOffEdgesAreNamedWithTheMove(edges: Set<String>, sentence: String, named: [String]) {
        let events = guidance(for: 1) { frame($0, edges: edges) }
        #expect(events.map(\.text) == [sentence])
        #expect(events.first?.edges == named)
        #expect(events.first?.kind == .guidance)
        #expect(events.first?.priority == .notification)
    }

    @Test(arguments: [
        ("dark", "Too dark."), ("bright", "Too bright."), ("nopage", "No page in view."),
        ("small", "Move closer."), ("shaky", "Hold steady."),
    ])
    func eachConditionHasItsSentence(condition: String, sentence: String) {
        let events = guidance(for: 1) {
            frame($0, page: condition != "nopage", fill: condition == "small" ? 0.1 : 0.6, steady: condition != "shaky",
                  dark: condition == "dark", bright: condition == "bright")
        }
        #expect(events.map(\.text) == [sentence])
    }

    @Test func aGoodFrameGetsNoAdvice() {
        #expect(guidance(for: 5) { frame($0) }.isEmpty)
    }

    /// Only after the condition has held 0.5 s: a camera passing through bad frames on its
    /// way to a good one is not interrupted.
    @Test(arguments: [(0.4, 0), (0.6, 1)])
    func adviceWaitsForTheConditionToHold(badFor: Double, expected: Int) {
        let events = guidance(for: 3) { frame($0, edges: $0 < badFor ? ["top"] : []) }
        #expect(events.count == expected)
        if let first = events.first { #expect(first.time.seconds >= FramingGuide.holdSeconds - 1e-9) }
    }

    @Test func noPageInViewOncePerEpisode() {
        let guide = FramingGuide(wording: .english)
        // 10 s with no page: said once.
        let first = guidance(for: 10, guide: guide) { frame($0, page: false) }
        #expect(first.map(\.text) == ["No page in view."])
        // A page comes and goes: a new episode, said once more.
        let second = guidance(for: 10, guide: guide) { frame($0 + 10, page: $0 < 1) }
        #expect(second.map(\.text) == ["No page in view."])
    }

    @Test func atMostOneAdvicePerTwoSecondsAndNoQuickRepeats() {
        // Conditions alternating every 0.7 s would otherwise produce advice constantly.
        let events = guidance(for: 20) { t in
            Int(t / 0.7) % 2 == 0 ? frame(t, edges: ["left"]) : frame(t, steady: false)
        }
        let times = events.map(\.time.seconds)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= FramingGuide.minimumGapSeconds - 1e-9) }
        for (a, b) in zip(events, events.dropFirst()) where a.text == b.text {
            #expect(b.time.seconds - a.time.seconds >= FramingGuide.repeatSameAfterSeconds - 1e-9)
        }
        #expect(Double(events.count) / 20 <= 0.5)
    }

    /// Edge advice holds while the set of cut-off edges drifts, and names the edges of the
    /// frame it is spoken in.
    @Test func driftingEdgesStillGetAdviceNamingTheCurrentEdges() {
        let events = guidance(for: 2) { t in frame(t, edges: Int(t * 15) % 2 == 0 ? ["top"] : ["top", "left"]) }
        #expect(events.count == 1)
        let spokenFrame = events[0].frame
        #expect(events[0].edges == (spokenFrame % 2 == 0 ? ["top"] : ["top", "left"]))
    }

    @Test func theMostBasicProblemComesFirst() {
        #expect(FramingGuide.advice(for: frame(0, page: false, dark: true), wording: .english)?.1 == "Too dark.")
        #expect(FramingGuide.advice(for: frame(0, page: false, steady: false), wording: .english)?.1 == "No page in view.")
        #expect(FramingGuide.advice(for: frame(0, edges: ["top"], fill: 0.1, steady: false), wording: .english)?.1
                == "Top edge is cut off. Move the camera up.")
        #expect(FramingGuide.advice(for: frame(0, fill: 0.1, steady: false), wording: .english)?.1 == "Move closer.")
    }

    @Test func guidanceEventsCarryEdgesInJSON() {
        let event = NarrationEvent(time: Timestamp(seconds: 1.5), frame: 22, kind: .guidance, priority: .notification,
                                   text: "Top edge is cut off. Move the camera up.", edges: ["top"])
        #expect(event.json.serialized()
                == #"{"t":1.5,"frame":22,"kind":"guidance","priority":"notification","text":"Top edge is cut off. Move the camera up.","language":"en","objects":[],"edges":["top"]}"#)
    }
}
