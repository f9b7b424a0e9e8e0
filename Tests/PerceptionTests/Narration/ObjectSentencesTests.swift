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

/// The direction of a clock hour: 12 straight ahead, 30° per hour.
private func clock(_ hour: Int) -> ClockDirection {
    ClockDirection(angleDegrees: Double(hour > 6 ? hour - 12 : hour) * 30)
}

private func object(_ label: String, _ confidence: Double, at hour: Int, metres: Double? = nil,
                    track: Int = 0) -> NarratedObject {
    NarratedObject(label: label, confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10),
                   track: track, direction: clock(hour), distanceMetres: metres, state: .new)
}

private func group(_ label: String, _ band: ConfidenceBand, at hour: Int, count: Int = 1,
                   metres: Double? = nil, confidence: Double = 0.8) -> ObjectGroup {
    ObjectGroup(label: label, band: band, direction: clock(hour), count: count, distanceMetres: metres,
                confidence: confidence)
}

/// A group of one kind over several hours and bands, as `ObjectSentences.group` makes them;
/// with a total in view, news of a kind already spoken of, as the narrator makes it.
private func kind(_ label: String, probable: Int, possible: Int = 0, at hours: [Int], inRow: Bool = false,
                  metres: Double? = nil, confidence: Double = 0.8, totalInView: Int? = nil) -> ObjectGroup {
    ObjectGroup(label: label, probable: probable, possible: possible, directions: hours.map(clock), inRow: inRow,
                distanceMetres: metres, confidence: confidence, isNews: totalInView != nil, totalInView: totalInView)
}

private func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

/// Phrases that would claim something is absent. The tool only ever speaks about what it
/// could not recognise, never about what is not there.
private func assertsAbsence(_ text: String) -> Bool {
    let lower = text.lowercased()
    return ["no ", "nothing there", "none"].contains { lower.contains($0) }
}

/// Every sentence the wording layer can make for the COCO classes at the hours a 120° lens
/// sees, in both bands, at small and large counts, with and without a distance, at every
/// verbosity — the worst cases for length and for wording.
private let everySentence: [(verbosity: Verbosity, text: String)] = {
    var out: [(Verbosity, String)] = []
    for label in COCOClasses.names {
        for verbosity in Verbosity.allCases {
            for hour in [10, 11, 12, 1, 2] {
                out.append((verbosity, ObjectSentences(wording: .english).hazard(label: label, direction: clock(hour), verbosity: verbosity)))
                for band in ConfidenceBand.allCases {
                    for count in [1, 2, 12, 13, 1000] {
                        for metres in [nil, 0.3, 2.26, 17.0] as [Double?] {
                            let g = group(label, band, at: hour, count: count, metres: metres, confidence: 0.655)
                            out.append((verbosity, ObjectSentences(wording: .english).sentence(g, verbosity: verbosity)))
                        }
                    }
                }
            }
        }
    }
    // Kinds spread over several hours, in both bands at once, in rows, and as news of a kind
    // already spoken of, at counts around and far above a handful.
    for label in COCOClasses.names {
        for verbosity in Verbosity.allCases {
            for (probable, possible) in [(1, 1), (3, 2), (5, 5), (7, 0), (7, 9), (0, 8), (1000, 1000)] {
                let count = probable + possible
                for hours in [[10, 12, 2], [12, 12, 12, 1]] {
                    let spread = (0..<count).map { hours[$0 % hours.count] }
                    for inRow in [false, true] {
                        for total in [nil, count, count + 6] as [Int?] {
                            for metres in [nil, 17.0] as [Double?] {
                                let g = kind(label, probable: probable, possible: possible, at: spread, inRow: inRow,
                                             metres: metres, confidence: 0.655, totalInView: total)
                                out.append((verbosity, ObjectSentences(wording: .english).sentence(g, verbosity: verbosity)))
                            }
                        }
                    }
                }
            }
        }
    }
    return out
}()

@Suite struct ObjectSentencesTests {
    @Test(arguments: [
        (group("person", .probably, at: 11, metres: 2.1, confidence: 0.82), Verbosity.normal,
         "Probably a person, at 11 o'clock."),
        (group("person", .probably, at: 11, metres: 2.1, confidence: 0.82), .detailed,
         "Probably a person, at 11 o'clock, about 2 metres, 82 percent."),
        (group("person", .probably, at: 11, metres: 2.1, confidence: 0.82), .terse, "person 11 o'clock"),
        (group("person", .probably, at: 11, count: 2), .normal, "Probably two people, at 11 o'clock."),
        (group("person", .probably, at: 11, count: 2), .terse, "2 people 11 o'clock"),
        (group("dog", .possibly, at: 12, confidence: 0.5), .normal, "Possibly a dog, at 12 o'clock."),
        // Distance left out when unknown.
        (group("dog", .possibly, at: 12, confidence: 0.5), .detailed, "Possibly a dog, at 12 o'clock, 50 percent."),
        // Terse still hedges, in one word.
        (group("dog", .possibly, at: 12, confidence: 0.5), .terse, "maybe dog 12 o'clock"),
        (group("scissors", .possibly, at: 2, count: 3), .normal, "Possibly three pairs of scissors, at 2 o'clock."),
        (group("scissors", .possibly, at: 2, count: 3), .terse, "maybe 3 pairs of scissors 2 o'clock"),
        (group("tv", .probably, at: 1), .normal, "Probably a TV, at 1 o'clock."),
        (group("tv", .probably, at: 1), .terse, "TV 1 o'clock"),
        (group("broccoli", .probably, at: 12), .terse, "broccoli 12 o'clock"),
        (group("umbrella", .probably, at: 10, count: 13, metres: 0.4, confidence: 0.7049), .detailed,
         "Probably about 15 umbrellas, at 10 o'clock, about half a metre, 70 percent."),
        (group("car", .probably, at: 1, metres: 12.6, confidence: 0.91), .detailed,
         "Probably a car, at 1 o'clock, about 15 metres, 91 percent."),
    ] as [(ObjectGroup, Verbosity, String)])
    func sentence(group: ObjectGroup, verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences(wording: .english).sentence(group, verbosity: verbosity) == expected)
    }

    @Test func groupingAndOrder() {
        let objects = [
            object("person", 0.9, at: 11, metres: 4.0), object("person", 0.75, at: 11, metres: 2.5),
            object("person", 0.44, at: 11, metres: 1.0),  // too unsure: dropped, and not the nearest
            object("dog", 0.5, at: 12), object("dog", 0.9, at: 12),
            object("car", 0.8, at: 1, metres: 8), object("chair", 0.8, at: 1, metres: 2),
        ]
        #expect(ObjectSentences.group(objects) == [
            // People first, then vehicles, whatever else is nearer or more numerous…
            group("person", .probably, at: 11, count: 2, metres: 2.5, confidence: 0.9),
            group("car", .probably, at: 1, metres: 8, confidence: 0.8),
            // …then "probably" first, more objects first, nearer first; one kind is one group,
            // its bands counted apart.
            kind("dog", probable: 1, possible: 1, at: [12, 12], confidence: 0.9),
            group("chair", .probably, at: 1, metres: 2, confidence: 0.8),
        ])
        // The car and the chair share 1 o'clock, so they share a sentence, where the car stood.
        #expect(ObjectSentences(wording: .english).utterance(ObjectSentences.group(objects), verbosity: .normal)
            == "Probably two people, at 11 o'clock. At 1 o'clock, probably a car and a chair. "
            + "Probably a dog and possibly one more, at 12 o'clock.")
    }

    /// Kinds at one and the same hour are one sentence, the hour said once; each kind keeps
    /// its hedge, said again wherever the band changes (and after a kind that ended in
    /// "possibly … more"). Before, each kind was a sentence of its own.
    @Test(arguments: [
        ([group("cup", .probably, at: 12, metres: 1), group("bottle", .probably, at: 12)], Verbosity.normal,
         "At 12 o'clock, probably a cup and a bottle."),
        ([group("cup", .probably, at: 12, metres: 1), group("bottle", .probably, at: 12)], .detailed,
         "At 12 o'clock, probably a cup, about 1 metre, 80 percent; a bottle, 80 percent."),
        ([group("cup", .probably, at: 12), group("bottle", .possibly, at: 12, confidence: 0.5)], .terse,
         "cup and maybe bottle 12 o'clock"),
        ([group("person", .possibly, at: 2, confidence: 0.5), group("chair", .probably, at: 2, count: 2),
          group("book", .probably, at: 2), group("dog", .possibly, at: 2, confidence: 0.5)], .normal,
         "At 2 o'clock, possibly a person, probably two chairs, a book and possibly a dog."),
        // A kind of both bands keeps its own sentence: in a list its "and possibly one more" ran
        // into the list's "and" ("…and possibly one more and probably a book").
        ([kind("chair", probable: 2, possible: 1, at: [1, 1, 1]), group("book", .probably, at: 1)], .normal,
         "Probably two chairs and possibly one more, at 1 o'clock. Probably a book, at 1 o'clock."),
        // Only a kind wholly at the hour shares it: a span keeps its own sentence.
        ([group("cup", .probably, at: 12), kind("person", probable: 2, at: [11, 12]), group("bottle", .probably, at: 12)],
         .normal, "At 12 o'clock, probably a cup and a bottle. Probably two people, from 11 to 12 o'clock."),
        // News with a new total keeps its own sentence; news without one shares.
        ([kind("person", probable: 1, at: [12], totalInView: 2), group("dog", .probably, at: 12)], .normal,
         "Probably another person, at 12 o'clock; two people now. Probably a dog, at 12 o'clock."),
        ([kind("person", probable: 1, at: [12], totalInView: 1), group("dog", .probably, at: 12)], .normal,
         "At 12 o'clock, probably another person and a dog."),
    ] as [([ObjectGroup], Verbosity, String)])
    func kindsAtOneHourShareASentence(groups: [ObjectGroup], verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences(wording: .english).utterance(groups, verbosity: verbosity) == expected)
    }

    /// A shared sentence stays within the sentence limit: past it, the hour starts another.
    @Test func aSharedSentenceStaysWithinTheLimit() {
        let groups = COCOClasses.names.prefix(12).map { group($0, .probably, at: 12, count: 13) }
        let text = ObjectSentences(wording: .english).utterance(groups, verbosity: .normal)
        let sentences = SpokenCounts.sentences(text)
        #expect(sentences.count > 1 && sentences.allSatisfy { $0.hasPrefix("At 12 o'clock, probably about 15 ") }, "\(text)")
        for sentence in sentences { #expect(words(sentence) <= ObjectSentences.maximumWords, "\(sentence)") }
        #expect(sentences.flatMap(SpokenCounts.kinds).sorted() == COCOClasses.names.prefix(12).sorted())
    }

    /// One kind at several hours is one phrase, its place the span from left to right, or
    /// the hour most of them are at.
    @Test(arguments: [
        ([1, 11, 12], "Probably three people, from 11 to 1 o'clock."),
        ([12, 11], "Probably two people, from 11 to 12 o'clock."),
        ([12, 1, 12, 12], "Probably four people, mostly at 12 o'clock."),
        // Two of four is not "most".
        ([12, 1, 12, 1], "Probably four people, from 12 to 1 o'clock."),
        ([10, 2, 10, 12, 10], "Probably five people, mostly at 10 o'clock."),
    ] as [([Int], String)])
    func oneKindAtSeveralHoursIsOnePhrase(hours: [Int], expected: String) {
        let objects = hours.enumerated().map { index, hour in object("person", 0.8, at: hour, track: index) }
        let groups = ObjectSentences.group(objects)
        #expect(groups.count == 1)
        #expect(ObjectSentences(wording: .english).sentence(groups[0], verbosity: .normal) == expected)
    }

    /// Counts up to a handful are exact; above it "about", rounded to fives past twelve, or
    /// "a group of" when even the kind is only possible; the weaker band follows as "more".
    @Test(arguments: [
        (kind("person", probable: 5, at: [12]), "Probably five people, at 12 o'clock.", "5 people 12 o'clock"),
        (kind("person", probable: 6, at: [12]), "Probably about six people, at 12 o'clock.", "about 6 people 12 o'clock"),
        (kind("person", probable: 13, at: [11, 1]), "Probably about 15 people, from 11 to 1 o'clock.",
         "about 15 people 11 to 1 o'clock"),
        (kind("person", probable: 3, possible: 4, at: [11, 1]),
         "Probably three people and possibly four more, from 11 to 1 o'clock.", "3 people maybe 4 more 11 to 1 o'clock"),
        (kind("person", probable: 3, possible: 6, at: [12]),
         "Probably three people and possibly more, at 12 o'clock.", "3 people maybe more 12 o'clock"),
        (kind("person", probable: 0, possible: 4, at: [12]), "Possibly four people, at 12 o'clock.",
         "maybe 4 people 12 o'clock"),
        (kind("person", probable: 0, possible: 8, at: [12]), "Possibly a group of people, at 12 o'clock.",
         "maybe group of people 12 o'clock"),
        (kind("bottle", probable: 3, at: [11, 12, 1], inRow: true), "Probably three bottles in a row, from 11 to 1 o'clock.",
         "3 bottles in a row 11 to 1 o'clock"),
    ] as [(ObjectGroup, String, String)])
    func countsAreHedgedByBand(group: ObjectGroup, normal: String, terse: String) {
        #expect(ObjectSentences(wording: .english).sentence(group, verbosity: .normal) == normal)
        #expect(ObjectSentences(wording: .english).sentence(group, verbosity: .terse) == terse)
    }

    /// News of a kind already spoken of: "another", "more", and the total when some were
    /// already in view — never "one now", which would say the others had gone.
    @Test(arguments: [
        (kind("person", probable: 1, at: [12], totalInView: 2), "Probably another person, at 12 o'clock; two people now.",
         "another person 12 o'clock, 2 now"),
        (kind("person", probable: 1, at: [12], totalInView: 1), "Probably another person, at 12 o'clock.",
         "another person 12 o'clock"),
        (kind("person", probable: 0, possible: 1, at: [1], totalInView: 9),
         "Possibly another person, at 1 o'clock; about nine people now.", "maybe another person 1 o'clock, about 9 now"),
        (kind("car", probable: 2, possible: 1, at: [11, 12], totalInView: 4),
         "Probably two more cars and possibly one more, from 11 to 12 o'clock; four cars now.",
         "2 more cars maybe 1 more 11 to 12 o'clock, 4 now"),
        (kind("broccoli", probable: 1, at: [12], totalInView: 2), "Probably more broccoli, at 12 o'clock; two pieces of broccoli now.",
         "more broccoli 12 o'clock, 2 now"),
        (kind("umbrella", probable: 1, at: [12], totalInView: 1), "Probably another umbrella, at 12 o'clock.",
         "another umbrella 12 o'clock"),
    ] as [(ObjectGroup, String, String)])
    func arrivalsAreNews(group: ObjectGroup, normal: String, terse: String) {
        #expect(ObjectSentences(wording: .english).sentence(group, verbosity: .normal) == normal)
        #expect(ObjectSentences(wording: .english).sentence(group, verbosity: .terse) == terse)
    }

    /// Boxes of one height on one line, each clear of the next, over more than one hour, are
    /// a row; piled up, on different lines, of very different sizes, or too few, they are not.
    @Test(arguments: [
        ([(300.0, 300.0, 100.0), (500, 310, 100), (700, 295, 110)], true),
        ([(300.0, 300.0, 100.0), (500, 310, 100)], false),
        ([(300.0, 300.0, 100.0), (500, 400, 100), (700, 295, 110)], false),
        ([(300.0, 300.0, 100.0), (500, 310, 250), (700, 295, 110)], false),
        ([(300.0, 300.0, 100.0), (310, 305, 100), (700, 295, 110)], false),
    ] as [([(Double, Double, Double)], Bool)])
    func rows(boxes: [(centreX: Double, centreY: Double, height: Double)], isRow: Bool) {
        let objects = boxes.enumerated().map { index, box in
            let frame = Box(x: box.centreX - 40, y: box.centreY - box.height / 2, width: 80, height: box.height)
            return NarratedObject(label: "bottle", confidence: 0.8, box: frame, track: index, state: .present,
                                  imageWidth: 1000, imageHeight: 600, horizontalFieldOfView: 120)
        }
        #expect(ObjectSentences.group(objects).map(\.inRow) == [isRow])
    }

    @Test func labelsDifferingInCaseOrSpacingAreOneGroup() {
        let groups = ObjectSentences.group([object("Wine Glass", 0.8, at: 12), object("wine  glass", 0.8, at: 12)])
        #expect(groups == [group("wine glass", .probably, at: 12, count: 2)])
        #expect(ObjectSentences(wording: .english).sentence(groups[0], verbosity: .normal) == "Probably two wine glasses, at 12 o'clock.")
    }

    @Test(arguments: [
        ([] as [NarratedObject]),
        [object("person", 0.44, at: 12), object("dog", 0.1, at: 1), object("cat", .nan, at: 11)],
    ])
    func nothingSpeakable(objects: [NarratedObject]) {
        #expect(ObjectSentences.group(objects).isEmpty)
        for verbosity in Verbosity.allCases {
            #expect(ObjectSentences(wording: .english).summary(ObjectSentences.group(objects), verbosity: verbosity)
                == ObjectSentences(wording: .english).nothingConfident)
            #expect(ObjectSentences(wording: .english).utterance([], verbosity: verbosity) == "")
        }
    }

    @Test(arguments: [
        (Verbosity.normal, "Probably two people, at 11 o'clock. Possibly a dog, at 12 o'clock."),
        (.terse, "2 people 11 o'clock maybe dog 12 o'clock"),
    ] as [(Verbosity, String)])
    func utterance(verbosity: Verbosity, expected: String) {
        let groups = [group("person", .probably, at: 11, count: 2), group("dog", .possibly, at: 12)]
        #expect(ObjectSentences(wording: .english).utterance(groups, verbosity: verbosity) == expected)
    }

    @Test(arguments: [
        ("person", 12, Verbosity.normal, "Person approaching, at 12 o'clock."),
        ("person", 12, .detailed, "Person approaching, at 12 o'clock."),
        ("person", 12, .terse, "person approaching 12 o'clock"),
        ("bicycle", 1, .normal, "Bicycle approaching, at 1 o'clock."),
        ("tv", 11, .normal, "TV approaching, at 11 o'clock."),
        ("Fire_Hydrant", 11, .normal, "Fire hydrant approaching, at 11 o'clock."),
    ] as [(String, Int, Verbosity, String)])
    func hazard(label: String, hour: Int, verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences(wording: .english).hazard(label: label, direction: clock(hour), verbosity: verbosity) == expected)
    }

    /// A less certain approach is still warned of, but hedged.
    @Test(arguments: [
        ("car", 12, Verbosity.normal, "Possibly a car approaching, at 12 o'clock."),
        ("person", 1, .detailed, "Possibly a person approaching, at 1 o'clock."),
        ("bus", 11, .terse, "maybe bus approaching 11 o'clock"),
    ] as [(String, Int, Verbosity, String)])
    func possibleHazard(label: String, hour: Int, verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences(wording: .english).hazard(label: label, direction: clock(hour), band: .possibly, verbosity: verbosity) == expected)
    }

    @Test(arguments: [
        (Verbosity.normal, "In view: probably two people at 11 o'clock, possibly a dog at 12 o'clock."),
        (.detailed,
         "In view: probably two people at 11 o'clock, about 3 metres, 88 percent; possibly a dog at 12 o'clock, 51 percent."),
        (.terse, "2 people 11 o'clock, maybe dog 12 o'clock"),
    ] as [(Verbosity, String)])
    func summary(verbosity: Verbosity, expected: String) {
        let groups = [group("person", .probably, at: 11, count: 2, metres: 3.2, confidence: 0.88),
                      group("dog", .possibly, at: 12, confidence: 0.51)]
        #expect(ObjectSentences(wording: .english).summary(groups, verbosity: verbosity) == expected)
    }

    /// A summary shares hours as sentences do.
    @Test(arguments: [
        (Verbosity.normal, "In view: probably two people at 11 o'clock, probably a cup and possibly a dog at 12 o'clock."),
        (.terse, "2 people 11 o'clock, cup and maybe dog 12 o'clock"),
    ] as [(Verbosity, String)])
    func summarySharesHours(verbosity: Verbosity, expected: String) {
        let groups = [group("person", .probably, at: 11, count: 2), group("cup", .probably, at: 12),
                      group("dog", .possibly, at: 12, confidence: 0.51)]
        #expect(ObjectSentences(wording: .english).summary(groups, verbosity: verbosity) == expected)
        #expect(ObjectSentences(wording: .english).completeSummary(groups, verbosity: verbosity) == expected)
    }

    /// The summary asked for (the `d` key) names every kind, however many: never "Other
    /// objects too.", in sentences that each keep to the summary's limit. Before, it was cut
    /// after twenty words.
    @Test(arguments: Verbosity.allCases)
    func theSummaryAskedForNamesEverything(verbosity: Verbosity) throws {
        let hours = [10, 11, 12, 1, 2]
        let groups = COCOClasses.names.enumerated().map { index, label in
            group(label, index.isMultiple(of: 2) ? .probably : .possibly, at: hours[index % 5],
                  count: 1 + index % 3, metres: 2, confidence: index.isMultiple(of: 2) ? 0.8 : 0.5)
        }
        let sentences = ObjectSentences(wording: .english)
        let text = sentences.completeSummary(groups, verbosity: verbosity)
        #expect(!text.contains(sentences.otherObjects))
        // Every kind named, each once (semicolons part a detailed summary's kinds, not its sentences).
        let named = SpokenCounts.sentences(text).flatMap { SpokenCounts.kinds(in: $0.replacingOccurrences(of: ";", with: ",")) }
        #expect(named.sorted() == COCOClasses.names.sorted(), "\(text)")
        guard verbosity != .terse else { return }
        let parts = SpokenCounts.sentences(text)
        #expect(parts.count > 1 && parts[0].hasPrefix("In view: ") && parts.dropFirst().allSatisfy { $0.hasPrefix("Also in view: ") })
        let limit = verbosity == .normal ? ObjectSentences.maximumWords : ObjectSentences.maximumDetailedSummaryWords
        for part in parts { #expect(words(part) <= limit, "\(part)") }
        // The unasked summary still keeps to one sentence.
        #expect(sentences.summary(groups, verbosity: verbosity).hasSuffix(" " + sentences.otherObjects))
    }

    @Test(arguments: [Verbosity.normal, .detailed])
    func longSummaryStaysWithinTheWordLimit(verbosity: Verbosity) throws {
        let groups = COCOClasses.names.enumerated().map { index, label in
            group(label, index.isMultiple(of: 2) ? .probably : .possibly, at: [10, 11, 12, 1, 2][index % 5],
                  count: 1000, metres: 0.3, confidence: 0.655)
        }
        let text = ObjectSentences(wording: .english).summary(groups, verbosity: verbosity)
        let suffix = " " + ObjectSentences(wording: .english).otherObjects
        #expect(text.hasSuffix(suffix))
        let sentence = String(text.dropLast(suffix.count))
        let limit = verbosity == .normal ? ObjectSentences.maximumWords : ObjectSentences.maximumDetailedSummaryWords
        #expect(words(sentence) <= limit, "\(sentence)")
        // Each semicolon-separated part of a detailed summary stays within the sentence limit.
        for part in sentence.split(separator: ";") {
            #expect(words(String(part)) <= ObjectSentences.maximumWords, "\(part)")
        }
        // Kinds at one hour share it: people first, the hour once.
        #expect(sentence.hasPrefix(verbosity == .normal ? "In view: probably about 1000 people and possibly a group of buses at 10 o'clock"
                                   : "In view: probably about 1000 people at 10 o'clock"))
    }

    @Test func oneGroupIsAlwaysNamed() {
        let long = group("very long made up class name from another model", .probably, at: 12, count: 1000)
        let text = ObjectSentences(wording: .english).summary([long, long], verbosity: .normal)
        #expect(text == "In view: probably about 1000 very long made up class name from another models at 12 o'clock. "
            + ObjectSentences(wording: .english).otherObjects)
        // Even a single group longer than the limit on its own is still named.
        let endless = group(Array(repeating: "word", count: 30).joined(separator: " "), .possibly, at: 1)
        #expect(ObjectSentences(wording: .english).summary([endless], verbosity: .normal).hasPrefix("In view: possibly a word word"))
    }

    @Test func normalSentencesStayWithinTwentyWords() {
        let normal = everySentence.filter { $0.verbosity == .normal }
        #expect(normal.count > 1000)
        for (_, text) in normal {
            #expect(words(text) <= ObjectSentences.maximumWords, "\(text)")
        }
    }

    @Test func everySentenceHedgesOrWarns() {
        for (verbosity, text) in everySentence where !text.contains("approaching") {
            switch verbosity {
            case .normal, .detailed:
                #expect(text.hasPrefix("Probably ") || text.hasPrefix("Possibly "), "\(text)")
            case .terse:
                #expect(!text.hasPrefix("Probably") && !text.hasPrefix("Possibly"), "\(text)")
            }
        }
    }

    @Test func neverAssertsAbsence() {
        var produced = everySentence.map(\.text)
        for verbosity in Verbosity.allCases {
            produced.append(ObjectSentences(wording: .english).summary([], verbosity: verbosity))
            let groups = COCOClasses.names.map { group($0, .possibly, at: 12, count: 2, metres: 5) }
            produced.append(ObjectSentences(wording: .english).summary(groups, verbosity: verbosity))
            produced.append(ObjectSentences(wording: .english).utterance(groups, verbosity: verbosity))
            produced.append(ObjectSentences(wording: .english).completeSummary(groups, verbosity: verbosity))
        }
        for metres in stride(from: 0.0, through: 60, by: 0.1) {
            produced.append(DistanceEstimate.spoken(metres, wording: .english))
        }
        for text in produced {
            #expect(!assertsAbsence(text), "\(text)")
        }
    }
}
