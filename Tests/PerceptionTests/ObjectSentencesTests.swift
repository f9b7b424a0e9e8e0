import Foundation
import Testing
@testable import Perception

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
                out.append((verbosity, ObjectSentences.hazard(label: label, direction: clock(hour), verbosity: verbosity)))
                for band in ConfidenceBand.allCases {
                    for count in [1, 2, 12, 13, 1000] {
                        for metres in [nil, 0.3, 2.26, 17.0] as [Double?] {
                            let g = group(label, band, at: hour, count: count, metres: metres, confidence: 0.655)
                            out.append((verbosity, ObjectSentences.sentence(g, verbosity: verbosity)))
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
         "Probably 13 umbrellas, at 10 o'clock, about half a metre, 70 percent."),
        (group("car", .probably, at: 1, metres: 12.6, confidence: 0.91), .detailed,
         "Probably a car, at 1 o'clock, about 15 metres, 91 percent."),
    ] as [(ObjectGroup, Verbosity, String)])
    func sentence(group: ObjectGroup, verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences.sentence(group, verbosity: verbosity) == expected)
    }

    @Test func groupingAndOrder() {
        let objects = [
            object("person", 0.9, at: 11, metres: 4.0), object("person", 0.75, at: 11, metres: 2.5),
            object("person", 0.44, at: 11, metres: 1.0),  // too unsure: dropped, and not the nearest
            object("dog", 0.5, at: 12), object("dog", 0.9, at: 12),
            object("car", 0.8, at: 1, metres: 8), object("chair", 0.8, at: 1, metres: 2),
        ]
        #expect(ObjectSentences.group(objects) == [
            // "probably" first, then more objects, then nearer, unknown distance last…
            group("person", .probably, at: 11, count: 2, metres: 2.5, confidence: 0.9),
            group("chair", .probably, at: 1, metres: 2, confidence: 0.8),
            group("car", .probably, at: 1, metres: 8, confidence: 0.8),
            group("dog", .probably, at: 12, confidence: 0.9),
            // …and the same label at the same hour in the weaker band apart, after.
            group("dog", .possibly, at: 12, confidence: 0.5),
        ])
    }

    @Test func sameLabelAtDifferentHoursSplitsLeftToRight() {
        let objects = [object("person", 0.8, at: 1), object("person", 0.8, at: 11), object("person", 0.8, at: 12)]
        #expect(ObjectSentences.group(objects).map(\.direction.hour) == [11, 12, 1])
    }

    @Test func labelsDifferingInCaseOrSpacingAreOneGroup() {
        let groups = ObjectSentences.group([object("Wine Glass", 0.8, at: 12), object("wine  glass", 0.8, at: 12)])
        #expect(groups == [group("wine glass", .probably, at: 12, count: 2)])
        #expect(ObjectSentences.sentence(groups[0], verbosity: .normal) == "Probably two wine glasses, at 12 o'clock.")
    }

    @Test(arguments: [
        ([] as [NarratedObject]),
        [object("person", 0.44, at: 12), object("dog", 0.1, at: 1), object("cat", .nan, at: 11)],
    ])
    func nothingSpeakable(objects: [NarratedObject]) {
        #expect(ObjectSentences.group(objects).isEmpty)
        for verbosity in Verbosity.allCases {
            #expect(ObjectSentences.summary(ObjectSentences.group(objects), verbosity: verbosity)
                == ObjectSentences.nothingConfident)
            #expect(ObjectSentences.utterance([], verbosity: verbosity) == "")
        }
    }

    @Test(arguments: [
        (Verbosity.normal, "Probably two people, at 11 o'clock. Possibly a dog, at 12 o'clock."),
        (.terse, "2 people 11 o'clock maybe dog 12 o'clock"),
    ] as [(Verbosity, String)])
    func utterance(verbosity: Verbosity, expected: String) {
        let groups = [group("person", .probably, at: 11, count: 2), group("dog", .possibly, at: 12)]
        #expect(ObjectSentences.utterance(groups, verbosity: verbosity) == expected)
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
        #expect(ObjectSentences.hazard(label: label, direction: clock(hour), verbosity: verbosity) == expected)
    }

    /// A less certain approach is still warned of, but hedged.
    @Test(arguments: [
        ("car", 12, Verbosity.normal, "Possibly a car approaching, at 12 o'clock."),
        ("person", 1, .detailed, "Possibly a person approaching, at 1 o'clock."),
        ("bus", 11, .terse, "maybe bus approaching 11 o'clock"),
    ] as [(String, Int, Verbosity, String)])
    func possibleHazard(label: String, hour: Int, verbosity: Verbosity, expected: String) {
        #expect(ObjectSentences.hazard(label: label, direction: clock(hour), band: .possibly, verbosity: verbosity) == expected)
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
        #expect(ObjectSentences.summary(groups, verbosity: verbosity) == expected)
    }

    @Test(arguments: [Verbosity.normal, .detailed])
    func longSummaryStaysWithinTheWordLimit(verbosity: Verbosity) throws {
        let groups = COCOClasses.names.enumerated().map { index, label in
            group(label, index.isMultiple(of: 2) ? .probably : .possibly, at: [10, 11, 12, 1, 2][index % 5],
                  count: 1000, metres: 0.3, confidence: 0.655)
        }
        let text = ObjectSentences.summary(groups, verbosity: verbosity)
        let suffix = " " + ObjectSentences.otherObjects
        #expect(text.hasSuffix(suffix))
        let sentence = String(text.dropLast(suffix.count))
        let limit = verbosity == .normal ? ObjectSentences.maximumWords : ObjectSentences.maximumDetailedSummaryWords
        #expect(words(sentence) <= limit, "\(sentence)")
        // Each semicolon-separated part of a detailed summary stays within the sentence limit.
        for part in sentence.split(separator: ";") {
            #expect(words(String(part)) <= ObjectSentences.maximumWords, "\(part)")
        }
        #expect(sentence.hasPrefix("In view: probably 1000 people at 10 o'clock"))
    }

    @Test func oneGroupIsAlwaysNamed() {
        let long = group("very long made up class name from another model", .probably, at: 12, count: 1000)
        let text = ObjectSentences.summary([long, long], verbosity: .normal)
        #expect(text == "In view: probably 1000 very long made up class name from another models at 12 o'clock. "
            + ObjectSentences.otherObjects)
        // Even a single group longer than the limit on its own is still named.
        let endless = group(Array(repeating: "word", count: 30).joined(separator: " "), .possibly, at: 1)
        #expect(ObjectSentences.summary([endless], verbosity: .normal).hasPrefix("In view: possibly a word word"))
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
            produced.append(ObjectSentences.summary([], verbosity: verbosity))
            let groups = COCOClasses.names.map { group($0, .possibly, at: 12, count: 2, metres: 5) }
            produced.append(ObjectSentences.summary(groups, verbosity: verbosity))
            produced.append(ObjectSentences.utterance(groups, verbosity: verbosity))
        }
        for metres in stride(from: 0.0, through: 60, by: 0.1) {
            produced.append(DistanceEstimate.spoken(metres))
        }
        for text in produced {
            #expect(!assertsAbsence(text), "\(text)")
        }
    }
}
