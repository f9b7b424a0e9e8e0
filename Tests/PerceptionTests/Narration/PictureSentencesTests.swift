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

/// A detection whose box is centred at `centerX` (640 × 480 image unless said otherwise).
private func detection(
    _ label: String, _ confidence: Double, centerX: Double = 320, width: Double = 40, height: Double = 40
) -> Detection {
    Detection(
        classIndex: 0, label: label, confidence: confidence,
        box: Box(x: centerX - width / 2, y: 200, width: width, height: height))
}

/// The detections as a still image describes them (640 × 480, a 60° lens).
private func sentences(_ detections: [Detection], limit: Int = ObjectSentences.maximumPictureSentences,
                       verbosity: Verbosity = .normal) -> [(text: String, groups: [ObjectGroup])] {
    let objects = detections.map {
        NarratedObject(label: $0.label, confidence: $0.confidence, box: $0.box, track: nil, state: .present,
                       imageWidth: 640, imageHeight: 480, horizontalFieldOfView: 60)
    }
    return ObjectSentences(wording: .english).pictureSentences(ObjectSentences.group(objects), verbosity: verbosity, limit: limit)
}

private func texts(_ detections: [Detection], limit: Int = ObjectSentences.maximumPictureSentences,
                   verbosity: Verbosity = .normal) -> [String] {
    sentences(detections, limit: limit, verbosity: verbosity).map(\.text)
}

/// The 80 COCO class names (shared/data/detect/coco-val/classes.yaml, in order) with the
/// words expected for one and for several.
private let cocoNouns: [(label: String, one: String, many: String)] = [
    ("person", "a person", "people"), ("bicycle", "a bicycle", "bicycles"),
    ("car", "a car", "cars"), ("motorcycle", "a motorcycle", "motorcycles"),
    ("airplane", "an airplane", "airplanes"), ("bus", "a bus", "buses"),
    ("train", "a train", "trains"), ("truck", "a truck", "trucks"),
    ("boat", "a boat", "boats"), ("traffic light", "a traffic light", "traffic lights"),
    ("fire hydrant", "a fire hydrant", "fire hydrants"), ("stop sign", "a stop sign", "stop signs"),
    ("parking meter", "a parking meter", "parking meters"), ("bench", "a bench", "benches"),
    ("bird", "a bird", "birds"), ("cat", "a cat", "cats"),
    ("dog", "a dog", "dogs"), ("horse", "a horse", "horses"),
    ("sheep", "a sheep", "sheep"), ("cow", "a cow", "cows"),
    ("elephant", "an elephant", "elephants"), ("bear", "a bear", "bears"),
    ("zebra", "a zebra", "zebras"), ("giraffe", "a giraffe", "giraffes"),
    ("backpack", "a backpack", "backpacks"), ("umbrella", "an umbrella", "umbrellas"),
    ("handbag", "a handbag", "handbags"), ("tie", "a tie", "ties"),
    ("suitcase", "a suitcase", "suitcases"), ("frisbee", "a frisbee", "frisbees"),
    ("skis", "a pair of skis", "pairs of skis"), ("snowboard", "a snowboard", "snowboards"),
    ("sports ball", "a sports ball", "sports balls"), ("kite", "a kite", "kites"),
    ("baseball bat", "a baseball bat", "baseball bats"), ("baseball glove", "a baseball glove", "baseball gloves"),
    ("skateboard", "a skateboard", "skateboards"), ("surfboard", "a surfboard", "surfboards"),
    ("tennis racket", "a tennis racket", "tennis rackets"), ("bottle", "a bottle", "bottles"),
    ("wine glass", "a wine glass", "wine glasses"), ("cup", "a cup", "cups"),
    ("fork", "a fork", "forks"), ("knife", "a knife", "knives"),
    ("spoon", "a spoon", "spoons"), ("bowl", "a bowl", "bowls"),
    ("banana", "a banana", "bananas"), ("apple", "an apple", "apples"),
    ("sandwich", "a sandwich", "sandwiches"), ("orange", "an orange", "oranges"),
    ("broccoli", "some broccoli", "pieces of broccoli"), ("carrot", "a carrot", "carrots"),
    ("hot dog", "a hot dog", "hot dogs"), ("pizza", "a pizza", "pizzas"),
    ("donut", "a donut", "donuts"), ("cake", "a cake", "cakes"),
    ("chair", "a chair", "chairs"), ("couch", "a couch", "couches"),
    ("potted plant", "a potted plant", "potted plants"), ("bed", "a bed", "beds"),
    ("dining table", "a dining table", "dining tables"), ("toilet", "a toilet", "toilets"),
    ("tv", "a TV", "TVs"), ("laptop", "a laptop", "laptops"),
    ("mouse", "a mouse", "mice"), ("remote", "a remote control", "remote controls"),
    ("keyboard", "a keyboard", "keyboards"), ("cell phone", "a cell phone", "cell phones"),
    ("microwave", "a microwave", "microwaves"), ("oven", "an oven", "ovens"),
    ("toaster", "a toaster", "toasters"), ("sink", "a sink", "sinks"),
    ("refrigerator", "a refrigerator", "refrigerators"), ("book", "a book", "books"),
    ("clock", "a clock", "clocks"), ("vase", "a vase", "vases"),
    ("scissors", "a pair of scissors", "pairs of scissors"), ("teddy bear", "a teddy bear", "teddy bears"),
    ("hair drier", "a hair drier", "hair driers"), ("toothbrush", "a toothbrush", "toothbrushes"),
]

@Suite struct ConfidenceBandTests {
    @Test(arguments: [
        (0.0, nil), (0.4499, nil), (0.45, .possibly), (0.5, .possibly),
        (0.6999, .possibly), (0.70, .probably), (0.95, .probably), (1.0, .probably),
        (Double.nan, nil),
    ] as [(Double, ConfidenceBand?)])
    func bandEdges(confidence: Double, expected: ConfidenceBand?) {
        #expect(ConfidenceBand(confidence: confidence) == expected)
    }

    @Test func hedgeWords() {
        #expect(ConfidenceBand.probably.word(.english) == "Probably")
        #expect(ConfidenceBand.possibly.word(.english) == "Possibly")
        #expect(ConfidenceBand.probably > .possibly)
    }
}

@Suite struct PinholeAngleTests {
    /// Where 10° falls in a 640-wide, 60° image: 320 + f·tan 10° with f = 320 / tan 30°.
    static let tenDegreeX = 320 + 320 / tan(Double.pi / 6) * tan(Double.pi / 18)

    @Test(arguments: [
        (0.0, -30.0), (320, 0), (640, 30), (tenDegreeX, 10), (640 - tenDegreeX, -10),
    ] as [(Double, Double)])
    func pinholeAngle(centerX: Double, degrees: Double) {
        let angle = ClockDirection.horizontalAngle(centerX: centerX, imageWidth: 640, horizontalFieldOfView: 60)
        #expect(abs(angle - degrees) < 1e-9)
    }

    @Test func pinholeIsNotLinearInPixels() {
        // A quarter of the width from centre is less than a quarter of the field of view
        // under the pinhole model (16.1°, not 15°): a linear mapping would fail here.
        let angle = ClockDirection.horizontalAngle(centerX: 480, imageWidth: 640, horizontalFieldOfView: 60)
        #expect(abs(angle - 16.102) < 0.001)
    }

    @Test func wideLensMovesTheHour() {
        // At x = 400 of 640: 8.2° with a 60° lens (12 o'clock) but 23.4° with a 120° lens
        // (1 o'clock), where each pixel covers more angle.
        let box = Box(x: 390, y: 0, width: 20, height: 20)
        #expect(ClockDirection(of: box, imageWidth: 640, horizontalFieldOfView: 60).hour == 12)
        #expect(ClockDirection(of: box, imageWidth: 640, horizontalFieldOfView: 120).hour == 1)
    }
}

@Suite struct ObjectNounTests {
    @Test(arguments: cocoNouns.map { $0 })
    func cocoForms(label: String, one: String, many: String) {
        let noun = ObjectNoun(label: label, wording: .english)
        #expect(noun.one == one)
        #expect(noun.many == many)
    }

    /// Each COCO class has an entry of its own in the English catalog, with every form the
    /// sentences ask for: the fallback for other labels is never what a COCO class is said by.
    @Test func everyCocoClassHasItsOwnEntryWithEveryForm() throws {
        let english = try #require(try Catalog.embedded("en"))
        for label in COCOClasses.names {
            let id = try #require(ObjectNoun(label: label, wording: .english).id, "\(label) has no entry")
            let template = try #require(english.templates[id], "\(id.rawValue) is not in the catalog")
            guard case .select("form", let cases) = try #require(template.parts.first), template.parts.count == 1 else {
                Issue.record("\(id.rawValue) is not one select by form")
                continue
            }
            for form in ["one", "many", "bare", "another"] {
                let words = try #require(cases[form], "\(id.rawValue) has no \(form) form")
                #expect(!words.parts.isEmpty, "\(id.rawValue)'s \(form) form is empty")
            }
        }
        #expect(Set(COCOClasses.names.compactMap { ObjectNoun(label: $0, wording: .english).id }).count == 80)
    }

    @Test func everyCocoClassHasBothForms() {
        #expect(cocoNouns.count == 80)
        #expect(Set(cocoNouns.map(\.label)).count == 80)
        for (label, _, _) in cocoNouns {
            let noun = ObjectNoun(label: label, wording: .english)
            #expect(["a ", "an ", "some "].contains { noun.one.hasPrefix($0) }, "\(label): \(noun.one)")
            #expect(!noun.many.isEmpty && noun.many != noun.one, "\(label)")
        }
    }

    @Test(arguments: [
        ("Dining_Table", "a dining table", "dining tables"),
        ("  TV ", "a TV", "TVs"),
        // Labels come from the COCO list only; another model's label is said through the
        // catalog's fallback, which knows no spelling rules.
        ("key", "a key", "keys"),
        ("unicycle", "a unicycle", "unicycles"),
    ] as [(String, String, String)])
    func labelsOutsideCoco(label: String, one: String, many: String) {
        let noun = ObjectNoun(label: label, wording: .english)
        #expect(noun.one == one)
        #expect(noun.many == many)
    }

    @Test(arguments: [
        (1, "one"), (2, "two"), (7, "seven"), (12, "twelve"), (13, "13"), (100, "100"), (0, "0"),
    ] as [(Int, String)])
    func numberWords(count: Int, expected: String) {
        #expect(Wording.english.spelled(count) == expected)
    }

    @Test(arguments: [
        ("person", 1, "a person"), ("person", 2, "two people"), ("scissors", 2, "two pairs of scissors"),
        ("skis", 3, "three pairs of skis"), ("sheep", 12, "twelve sheep"), ("car", 13, "13 cars"),
    ] as [(String, Int, String)])
    func counted(label: String, count: Int, expected: String) {
        #expect(ObjectNoun(label: label, wording: .english).phrase(count: count) == expected)
    }
}

/// A still image's sentences: the narrator's grouping and wording, one sentence per group or
/// per hour groups share.
@Suite struct PictureSentencesTests {
    @Test(arguments: [
        // Grouping by kind, and counting.
        ([detection("person", 0.9, centerX: 100), detection("person", 0.8, centerX: 80)],
         ["Probably two people, at 11 o'clock."]),
        ([detection("dog", 0.5)], ["Possibly a dog, at 12 o'clock."]),
        ([detection("car", 0.9, centerX: 600), detection("car", 0.75, centerX: 560),
          detection("car", 0.71, centerX: 620)],
         ["Probably three cars, at 1 o'clock."]),
        // Same label, different hours: one sentence, the span from left to right.
        ([detection("person", 0.9, centerX: 600), detection("person", 0.9, centerX: 100)],
         ["Probably two people, from 11 to 1 o'clock."]),
        // Same label, different bands: one sentence, "probably" first and the rest as "more".
        ([detection("cat", 0.5), detection("cat", 0.9)],
         ["Probably a cat and possibly one more, at 12 o'clock."]),
        // Below the lowest band: not spoken at all.
        ([detection("knife", 0.44), detection("umbrella", 0.72)], ["Probably an umbrella, at 12 o'clock."]),
        ([detection("scissors", 0.8), detection("scissors", 0.8)], ["Probably two pairs of scissors, at 12 o'clock."]),
        ([detection("tv", 0.8, centerX: 90)], ["Probably a TV, at 11 o'clock."]),
        // Labels differing only in case or spacing are one kind of object.
        ([detection("Wine Glass", 0.8), detection("wine  glass", 0.8)], ["Probably two wine glasses, at 12 o'clock."]),
        // Kinds at one hour: one sentence.
        ([detection("cup", 0.8), detection("bottle", 0.9), detection("dog", 0.5, centerX: 100)],
         ["At 12 o'clock, probably a bottle and a cup.", "Possibly a dog, at 11 o'clock."]),
    ] as [([Detection], [String])])
    func grouping(detections: [Detection], expected: [String]) {
        #expect(texts(detections) == expected)
    }

    @Test func nothingConfidentIsEmptyNotAbsence() {
        #expect(texts([]).isEmpty)
        #expect(texts([detection("person", 0.3), detection("car", 0.4499)]).isEmpty)
        #expect(ObjectSentences(wording: .english).nothingConfident == "Nothing recognised with confidence.")
    }

    /// "Probably" first, then more objects, then nearer (a chair 5 m away before a bird,
    /// whose size says nothing of its distance).
    @Test func ordering() {
        let detections = [
            detection("dog", 0.6),                                        // possibly, 1
            detection("bird", 0.95, width: 10, height: 10),               // probably, 1, distance unknown
            detection("chair", 0.8, centerX: 100, width: 100, height: 100), // probably, 1, about 5 m
            detection("person", 0.71, centerX: 600), detection("person", 0.7, centerX: 610), // probably, 2
            detection("cup", 0.5, centerX: 600), detection("cup", 0.5, centerX: 620),        // possibly, 2
        ]
        // Kinds sharing an hour are said where the first of them would be.
        #expect(texts(detections) == [
            "At 1 o'clock, probably two people and possibly two cups.",
            "Probably a chair, at 11 o'clock.",
            "At 12 o'clock, probably a bird and possibly a dog.",
        ])
    }

    /// Kinds at different places, so that each is a sentence of its own: people and cars over
    /// 11 to 1 o'clock, dogs at 11, cats at 1, a bus at 12.
    @Test(arguments: [
        // People, then vehicles (the bus before the dogs), then the rest by count.
        (6, 5, ["Probably five people, from 11 to 1 o'clock.", "Probably four cars, from 11 to 1 o'clock.",
                "Probably a bus, at 12 o'clock.", "Probably three dogs, at 11 o'clock.", "Probably two cats, at 1 o'clock."]),
        (4, 5, ["Probably five people, from 11 to 1 o'clock.", "Probably four cars, from 11 to 1 o'clock.",
                "Probably a bus, at 12 o'clock.", ObjectSentences(wording: .english).otherObjects]),
        (5, 5, ["Probably five people, from 11 to 1 o'clock.", "Probably four cars, from 11 to 1 o'clock.",
                "Probably a bus, at 12 o'clock.", "Probably three dogs, at 11 o'clock.", "Probably two cats, at 1 o'clock."]),
        (1, 5, ["Probably five people, from 11 to 1 o'clock.", ObjectSentences(wording: .english).otherObjects]),
    ] as [(Int, Int, [String])])
    func limitCuts(limit: Int, groups: Int, expected: [String]) {
        let places: [(String, [Double])] = [("person", [100, 320, 600, 320, 600]), ("car", [100, 600, 100, 600]),
                                            ("dog", [100, 100, 100]), ("cat", [600, 600]), ("bus", [320])]
        let detections = places.prefix(groups).flatMap { label, xs in xs.map { detection(label, 0.9, centerX: $0) } }
        let result = texts(detections, limit: limit)
        #expect(result == expected)
        #expect(result.count <= max(2, limit))
    }

    /// All at one hour, five kinds are one sentence: the limit counts sentences, not kinds.
    @Test func kindsAtOneHourCountAsOneSentence() {
        let counts = [("person", 5), ("car", 4), ("dog", 3), ("cat", 2), ("bus", 1)]
        let detections = counts.flatMap { label, n in (0..<n).map { _ in detection(label, 0.9) } }
        #expect(texts(detections, limit: 2) == ["At 12 o'clock, probably five people, four cars, a bus, three dogs and two cats."])
    }

    /// Each sentence carries the groups it speaks of, "Other objects too." those left out,
    /// so its event can carry their objects and its record their best confidence.
    @Test func sentencesCarryTheirGroups() {
        let said = sentences([detection("person", 0.72), detection("person", 0.91), detection("person", 0.8),
                              detection("dog", 0.6, centerX: 600), detection("cat", 0.65, centerX: 100)], limit: 2)
        #expect(said.map(\.text) == ["Probably three people, at 12 o'clock.", "Other objects too."])
        #expect(said[0].groups.map(\.confidence) == [0.91])   // the group's best
        #expect(said[1].groups.map(\.label).sorted() == ["cat", "dog"])
        #expect(said[1].groups.map(\.confidence).max() == 0.65)   // the best of what was left out
    }

    /// The still image honours verbosity like the narrator: terse for braille, details when asked.
    @Test func verbosityIsHonoured() {
        let person = detection("person", 0.82, centerX: 100, width: 60, height: 200)
        #expect(texts([person], verbosity: .terse) == ["person 11 o'clock"])
        #expect(texts([person], verbosity: .detailed) == ["Probably a person, at 11 o'clock, about 5 metres, 82 percent."])
    }

    @Test func everyCocoSentenceIsPlainWords() {
        for (label, _, _) in cocoNouns {
            for count in [1, 2, 13] {
                let detections = (0..<count).map { _ in detection(label, 0.8, centerX: 100) }
                let sentences = texts(detections)
                #expect(sentences.count == 1)
                let sentence = sentences.first ?? ""
                let plain = sentence.allSatisfy { $0.isLetter || $0.isNumber || " ,.'".contains($0) }
                #expect(plain && sentence.first!.isUppercase && sentence.hasSuffix(", at 11 o'clock."),
                        "\(sentence)")
            }
        }
    }
}
