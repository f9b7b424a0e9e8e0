// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The narration scorer reads counts back from the words; these pin down how, so a busy-scene
/// figure means what it says — and show that the wording the issue complained of fails it.
@Suite struct SpokenCountsTests {
    @Test(arguments: [
        ("Probably a person, at 12 o'clock.", "person", 1, 2 as Int?),
        ("Probably four sheep in a row, from 11 to 1 o'clock.", "sheep", 3, 6),
        ("Possibly three chairs, at 12 o'clock.", "chair", 0, 4),
        ("Probably three people and possibly two more, mostly at 12 o'clock.", "person", 3, 6),
        ("Probably three people and possibly more, at 12 o'clock.", "person", 3, nil),
        ("Probably about nine people, mostly at 12 o'clock.", "person", 4, 14),
        ("Possibly a group of people, at 12 o'clock.", "person", 0, nil),
        ("Probably another person, at 12 o'clock.", "person", 1, nil),
        ("Probably another person, at 12 o'clock; two people now.", "person", 2, 3),
        ("Possibly another person, at 1 o'clock; about nine people now.", "person", 3, 14),
        ("Probably two more cars and possibly one more, from 11 to 12 o'clock; four now.", "car", 3, 6),
        ("Probably a hot dog, at 12 o'clock.", "hot dog", 1, 2),
        ("Probably two pairs of scissors, at 2 o'clock.", "scissors", 2, 3),
        ("Possibly some broccoli, at 12 o'clock.", "broccoli", 0, 2),
        ("Probably a clock, at 12 o'clock.", "clock", 1, 2),
    ] as [(String, String, Int, Int?)])
    func claims(sentence: String, label: String, lower: Int, upper: Int?) {
        #expect(SpokenCounts.claim(sentence) == SpokenCounts.Claim(label: label, lower: lower, upper: upper))
    }

    /// Kinds sharing an hour: one claim each, under the hedge each is heard with.
    @Test func kindsSharingAnHourAreEachClaimed() {
        #expect(SpokenCounts.claims("At 12 o'clock, probably a cup and possibly two bottles.") == [
            SpokenCounts.Claim(label: "cup", lower: 1, upper: 2), SpokenCounts.Claim(label: "bottle", lower: 0, upper: 3),
        ])
        #expect(SpokenCounts.claims("At 1 o'clock, probably two chairs and possibly one more, possibly a dog and a cat.") == [
            SpokenCounts.Claim(label: "chair", lower: 2, upper: 4), SpokenCounts.Claim(label: "dog", lower: 0, upper: 2),
            SpokenCounts.Claim(label: "cat", lower: 0, upper: 2),
        ])
        #expect(SpokenCounts.claims("Probably a person, at 12 o'clock.") == [SpokenCounts.Claim(label: "person", lower: 1, upper: 2)])
    }

    @Test func kindsNamedInAnUtterance() {
        let old = "Probably three people, at 12 o'clock. Probably two people, at 11 o'clock. Possibly four people, at 12 o'clock."
        #expect(SpokenCounts.sentences(old).flatMap(SpokenCounts.kinds) == ["person", "person", "person"])
        let new = "Probably another person, at 12 o'clock; two people now. Probably a clock, at 1 o'clock."
        #expect(SpokenCounts.sentences(new).flatMap(SpokenCounts.kinds) == ["person", "clock"])
        #expect(SpokenCounts.claim("Ready.") == nil)
    }

    /// Nine people in view: the old wording (one sentence per hour) names the kind three times
    /// and each of its counts misses; the grouped wording names it once, within range.
    @Test func theScoreCatchesTheWordingItWasMadeFor() {
        let person = { (x: Double) in VideoTruth.Object(label: "person", box: [x, 200, 100, 300]) }
        let truth = VideoTruth(frames: [VideoTruth.Frame(frame: 0, t: 0, scene: 0, image: "crowd.jpg",
                                                         objects: (0..<9).map { person(Double($0) * 130) })])
        func score(_ text: String) -> NarrationScore {
            let event = NarrationEvent(time: Timestamp(seconds: 0.1), frame: 0, kind: .objects, priority: .text, text: text)
            return NarrationScore(events: [event], truth: truth, detections: [:], frameWidth: 1280, frameHeight: 720,
                                  streamSeconds: 3)
        }
        let old = score("Probably three people, at 12 o'clock. Probably two people, at 11 o'clock. Possibly four people, at 12 o'clock.")
        #expect(old.kindNamedTwice.count == 1)
        #expect(old.countsInRange == 0 && old.countedUtterances == 1)
        let grouped = score("Probably five people and possibly four more, from 11 to 1 o'clock.")
        #expect(grouped.kindNamedTwice.isEmpty)
        #expect(grouped.countsInRange == 1)
        #expect(score("Probably two people, from 11 to 1 o'clock.").countsInRange == 0, "an undercount misses")
    }
}
