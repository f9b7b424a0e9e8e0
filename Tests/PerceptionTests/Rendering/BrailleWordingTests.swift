// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
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

/// The direction of a clock hour: 12 straight ahead, 30° per hour.
private func clock(_ hour: Int) -> ClockDirection {
    ClockDirection(angleDegrees: Double(hour > 6 ? hour - 12 : hour) * 30)
}

private func object(_ label: String, _ confidence: Double, at hour: Int, metres: Double? = nil,
                    state: NarratedObject.State = .new) -> NarratedObject {
    NarratedObject(label: label, confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10),
                   track: 0, direction: clock(hour), distanceMetres: metres, state: state)
}

private func event(_ kind: NarrationKind, _ text: String = "", objects: [NarratedObject] = []) -> NarrationEvent {
    NarrationEvent(time: .zero, frame: 0, kind: kind, priority: .message, text: text, objects: objects)
}

struct BrailleWordingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var event: NarrationEvent
        var line: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one object", event: event(.objects, objects: [object("person", 0.82, at: 11, metres: 2.1)]),
             line: "person 11h ~2m"),
        Case(name: "distance unknown", event: event(.objects, objects: [object("person", 0.82, at: 11)]),
             line: "person 11h"),
        Case(name: "possibly band is marked", event: event(.objects, objects: [object("person", 0.55, at: 11, metres: 2.1)]),
             line: "person? 11h ~2m"),
        Case(name: "several of a kind, nearest distance",
             event: event(.objects, objects: [object("person", 0.9, at: 11, metres: 3.4), object("person", 0.8, at: 11, metres: 2.9)]),
             line: "2 people 11h ~3m"),
        Case(name: "one kind over several hours is one group, its span",
             event: event(.objects, objects: [object("person", 0.9, at: 1), object("person", 0.9, at: 11), object("person", 0.8, at: 12)]),
             line: "3 people 11-1h"),
        Case(name: "one kind mostly at one hour",
             event: event(.objects, objects: [12, 12, 12, 1].map { object("person", 0.9, at: $0) }),
             line: "4 people mostly 12h"),
        Case(name: "one kind in both bands: the possible ones marked as more",
             event: event(.objects, objects: [object("cup", 0.9, at: 12), object("cup", 0.8, at: 12), object("cup", 0.5, at: 12)]),
             line: "2 cups +1? 12h"),
        Case(name: "newcomers of a kind already spoken of",
             event: event(.objects, objects: [object("person", 0.9, at: 12, state: .another), object("dog", 0.9, at: 1)]),
             line: "another person 12h; dog 1h"),
        Case(name: "several newcomers of a kind",
             event: event(.objects, objects: [object("person", 0.9, at: 11, state: .another), object("person", 0.6, at: 1, state: .another)]),
             line: "another person +1? 11-1h"),
        Case(name: "several kinds, known distance first",
             event: event(.objects, objects: [object("car", 0.8, at: 2), object("person", 0.9, at: 11, metres: 2.0)]),
             line: "person 11h ~2m; car 2h"),
        Case(name: "probably before possibly",
             event: event(.objects, objects: [object("dog", 0.5, at: 12, metres: 1.3), object("bench", 0.75, at: 3, metres: 6.2)]),
             line: "bench 3h ~6m; dog? 12h ~1.5m"),
        Case(name: "irregular noun", event: event(.objects, objects: [object("tv", 0.9, at: 1, metres: 0.5)]),
             line: "TV 1h ~0.5m"),
        Case(name: "too unsure to name falls back to the sentence",
             event: event(.objects, "Nothing recognised with confidence.", objects: [object("cat", 0.3, at: 12)]),
             line: "Nothing recognised with confidence"),
        Case(name: "hazard", event: event(.hazard, "Car approaching, at 12 o'clock.",
                                          objects: [object("car", 0.8, at: 12, metres: 4.2, state: .approaching)]),
             line: "! car 12h ~4m"),
        Case(name: "hazard in the possibly band keeps its hedge",
             event: event(.hazard, "Possibly a car approaching, at 12 o'clock.",
                          objects: [object("car", 0.6, at: 12, metres: 4.2, state: .approaching)]),
             line: "! car? 12h ~4m"),
        Case(name: "hazard without objects", event: event(.hazard, "Bicycle approaching, at 1 o'clock."),
             line: "! Bicycle approaching, at 1 o'clock"),
        Case(name: "summary lists everything",
             event: event(.summary, "In view: probably a person at 11 o'clock, possibly a dog at 12 o'clock.",
                          objects: [object("person", 0.9, at: 11, metres: 2), object("dog", 0.5, at: 12)]),
             line: "person 11h ~2m; dog? 12h"),
        Case(name: "summary of nothing", event: event(.summary, "Nothing recognised with confidence."),
             line: "Nothing recognised with confidence"),
        Case(name: "read text as read, on one line", event: event(.text, "EXIT  →\nFire door. Keep shut!"),
             line: "EXIT → Fire door. Keep shut!"),
        Case(name: "guidance", event: event(.guidance, "Move closer."), line: "Move closer"),
        Case(name: "status spelled out", event: event(.status, "Camera at 1280x720, 30 fps."),
             line: "Camera at 1280 by 720, 30 frames a second"),
        Case(name: "error", event: event(.error, "Camera /dev/video0 is busy; another program is using it."),
             line: "Camera /dev/video0 is busy; another program is using it"),
        Case(name: "an ellipsis stays", event: event(.status, "Loading..."), line: "Loading..."),
        Case(name: "progress is skipped", event: event(.progress, "40% done."), line: nil),
    ]

    @Test(arguments: cases)
    func line(_ example: Case) {
        #expect(BrailleWording(wording: .english).line(for: example.event) == example.line)
    }

    @Test("one object fits a 40-cell display", arguments: [
        object("person", 0.82, at: 11, metres: 2.1), object("fire hydrant", 0.5, at: 10, metres: 13),
        object("pair of scissors", 0.5, at: 7, metres: 0.3), object("refrigerator", 0.99, at: 12, metres: 2.75),
    ])
    func fits(_ item: NarratedObject) throws {
        let line = try #require(BrailleWording(wording: .english).line(for: event(.hazard, objects: [item])))
        #expect(line.unicodeScalars.count <= BrailleWording.defaultWidth)
    }

    @Test(arguments: [
        (0.3, "~0.5m"), (0.74, "~0.5m"), (0.75, "~1m"), (1.0, "~1m"), (1.3, "~1.5m"), (2.74, "~2.5m"),
        (2.9, "~3m"), (7.4, "~7m"), (10.4, "~10m"), (10.6, "~10m"), (13, "~15m"), (42, "~40m"),
    ])
    func distance(_ metres: Double, _ expected: String) {
        #expect(BrailleWording(wording: .english).distance(metres) == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -1])
    func noDistanceForNonsense(_ metres: Double) {
        #expect(BrailleWording(wording: .english).distance(metres) == nil)
    }

    /// The number on the display is the number the voice says, at every distance: the two
    /// must never disagree about how far something is.
    @Test func distanceRoundsAsSpeechDoes() {
        for step in 1...800 {
            let metres = Double(step) * 0.05
            let spoken = DistanceEstimate.spoken(metres, wording: .english)
                .replacingOccurrences(of: "about half a metre", with: "0.5")
                .replacingOccurrences(of: "about ", with: "")
                .replacingOccurrences(of: " metres", with: "")
                .replacingOccurrences(of: " metre", with: "")
            #expect(BrailleWording(wording: .english).distance(metres) == "~\(spoken)m", "at \(metres) m")
        }
    }

    /// Hedging survives terseness: the mark appears exactly in the "possibly" band, and
    /// nothing below it is named at all.
    @Test(arguments: stride(from: 0.3, through: 1.0, by: 0.05).map { $0 })
    func hedgeFollowsTheBand(_ confidence: Double) {
        let line = BrailleWording(wording: .english).line(for: event(.objects, "-", objects: [object("dog", confidence, at: 12)]))
        switch ConfidenceBand(confidence: confidence) {
        case .probably: #expect(line == "dog 12h")
        case .possibly: #expect(line == "dog? 12h")
        case nil: #expect(line == "-")
        }
    }

    @Test(arguments: [
        ("person 11h ~2m", 40, ["person 11h ~2m"]),
        ("", 40, [""]),
        ("   ", 40, [""]),
        ("one two three", 7, ["one two", "three"]),
        ("abcd efgh", 4, ["abcd", "efgh"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("a abcdefghij b", 4, ["a", "abcd", "efgh", "ij b"]),
        ("  a   b  ", 10, ["a b"]),
        ("café… ok", 5, ["café…", "ok"]),
        // An object is not split from its hour and distance when it fits a display of its own.
        ("person 11h ~2m; bicycle 1h ~3m; dog? 12h", 30, ["person 11h ~2m;", "bicycle 1h ~3m; dog? 12h"]),
        ("a; bb cc dd", 5, ["a; bb", "cc dd"]),  // a clause wider than a display packs as words
        ("a b; cccccccc", 5, ["a b;", "ccccc", "ccc"]),
    ])
    func segments(_ text: String, _ width: Int, _ expected: [String]) {
        #expect(BrailleWording.segments(text, width: width) == expected)
    }

    /// Panning a long reading never loses or reorders a word, and no piece overflows.
    @Test func segmentsKeepEveryWord() {
        let text = "Take one tablet twice a day with food. Do not exceed the stated dose. "
            + "Keep out of the sight and reach of children. Antidisestablishmentarianistically long words are cut."
        for width in [12, 20, 40] {
            let pieces = BrailleWording.segments(text, width: width)
            #expect(pieces.allSatisfy { $0.unicodeScalars.count <= width && !$0.isEmpty })
            #expect(pieces.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
            #expect(pieces.count > 1)
        }
    }

    @Test(arguments: [
        (CVision_BRAILLE_COMMAND_PAN_LEFT, BrailleKey.panLeft),
        (CVision_BRAILLE_COMMAND_PAN_RIGHT, .panRight),
        (CVision_BRAILLE_COMMAND_LINE_UP, .lineUp),
        (CVision_BRAILLE_COMMAND_LINE_DOWN, .lineDown),
        (CVision_BRAILLE_COMMAND_FREEZE, .pause),
        // A toggle command carries flags above the code; they do not change the key.
        (CVision_BRAILLE_COMMAND_FREEZE | 0x0001_0000_0000, .pause),
        (0x70, .character("p")),
        (0x0100_20AC, .character("€")),
        (0x0D, .other(0x0D)),
        (CVision_BRAILLE_KEY_TYPE_COMMAND | 0x31, .other(CVision_BRAILLE_KEY_TYPE_COMMAND | 0x31)),
    ])
    func keys(_ code: UInt64, _ key: BrailleKey) {
        #expect(BrailleKey(code: code) == key)
    }
}
