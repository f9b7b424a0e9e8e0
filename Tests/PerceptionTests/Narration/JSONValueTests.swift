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

/// Parses one serialized value with Foundation, as a consumer of the JSON Lines output would.
private func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// The top-level keys of a serialized object in the order they were written: Foundation
/// parses the object (so these are exactly its keys), and each key's first `"key":` spelling
/// in the text gives its position. Nested keys never come before a top-level key of the
/// same name in these records.
private func topLevelKeys(_ text: String) throws -> [String] {
    let object = try #require(try parse(text) as? [String: Any])
    let positions = try object.keys.map { key -> (String, String.Index) in
        let range = try #require(text.range(of: "\"\(key)\":"), "key \(key) not spelled as expected in \(text)")
        return (key, range.lowerBound)
    }
    return positions.sorted { $0.1 < $1.1 }.map(\.0)
}

// MARK: - JSONValue

@Suite struct JSONValueTests {
    @Test func objectKeepsKeyOrder() {
        let value = JSONValue.object([("zebra", .integer(1)), ("apple", .integer(2)), ("mango", .integer(3))])
        #expect(value.serialized() == #"{"zebra":1,"apple":2,"mango":3}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\photos\a.jpg"#, #""C:\\photos\\a.jpg""#),
        ("line one\nline two", #""line one\nline two""#),
        ("cr\rtab\t", #""cr\rtab\t""#),
        ("bell\u{07}", #""bell\u0007""#),
        ("\u{00}\u{1F}", #""\u0000\u001f""#),
        ("escape\u{1B}[0m", #""escape\u001b[0m""#),
        ("café ☕ 日本語 🐕", "\"café ☕ 日本語 🐕\""),
        ("", #""""#),
    ])
    func stringEscaping(_ text: String, _ expected: String) throws {
        let serialized = JSONValue.string(text).serialized()
        #expect(serialized == expected)
        // And Foundation reads back exactly the text that went in.
        #expect(try parse(serialized) as? String == text)
    }

    @Test(arguments: [
        (0.123456, 4, "0.1235"),
        (0.86, 4, "0.86"),          // trailing zeros removed
        (1.5, 1, "1.5"),
        (2.0, 1, "2"),              // and the point with them
        (100.0, 1, "100"),          // but never the zeros of the integer part
        (100.0, 0, "100"),
        (120.04, 1, "120"),
        (1234.5678, 1, "1234.6"),
        (-3.14159, 2, "-3.14"),
        (0.0, 4, "0"),
        (-0.0, 4, "0"),             // negative zero is just zero
        (-0.00001, 4, "0"),         // and so is anything that rounds to it
        (0.1, 4, "0.1"),
        (1e-5, 4, "0"),
        (42.25, 4, "42.25"),
    ])
    func numberFormatting(value: Double, decimals: Int, expected: String) {
        #expect(JSONValue.number(value, decimals: decimals).serialized() == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteNumbersAreNull(value: Double) throws {
        let record = JSONValue.object([("confidence", .number(value, decimals: 4))])
        #expect(record.serialized() == #"{"confidence":null}"#)
        let parsed = try #require(try parse(record.serialized()) as? [String: Any])
        #expect(parsed["confidence"] is NSNull)
    }

    @Test func scalarsAndEmptyContainers() {
        #expect(JSONValue.integer(-7).serialized() == "-7")
        #expect(JSONValue.bool(true).serialized() == "true")
        #expect(JSONValue.bool(false).serialized() == "false")
        #expect(JSONValue.null.serialized() == "null")
        #expect(JSONValue.array([]).serialized() == "[]")
        #expect(JSONValue.object([]).serialized() == "{}")
        #expect(JSONValue.array([.integer(1), .string("a"), .null, .array([.bool(false)])]).serialized()
                == #"[1,"a",null,[false]]"#)
    }

    @Test func keysAreEscapedToo() {
        let value = JSONValue.object([("a \"b\"\n", .integer(1))])
        #expect(value.serialized() == #"{"a \"b\"\n":1}"#)
    }

    /// A record with line breaks in its strings is still one line of a JSON Lines file.
    @Test func serializedIsOneLine() {
        let value = JSONValue.object([
            ("text", .string("First line\nSecond line\r\n\nAfter a blank line")),
            ("lines", .array([.object([("text", .string("a\u{2028}b")), ("box", .array([.number(1.25, decimals: 1)]))])])),
        ])
        let text = value.serialized()
        #expect(!text.contains("\n"))
        #expect(!text.contains("\r"))
    }

    @Test func roundTripsThroughFoundation() throws {
        let value = JSONValue.object([
            ("source", .string("photos/dog \"Rex\".jpg")),
            ("width", .integer(640)),
            ("ratio", .number(0.666666, decimals: 4)),
            ("ok", .bool(true)),
            ("missing", .null),
            ("tags", .array([.string("ünïcödé"), .string("tab\there"), .string("\u{01}")])),
            ("nested", .object([("box", .array([.number(1.04, decimals: 1), .number(-0.0, decimals: 1)]))])),
        ])
        let parsed = try #require(try parse(value.serialized()) as? [String: Any])
        #expect(parsed.count == 7)
        #expect(parsed["source"] as? String == "photos/dog \"Rex\".jpg")
        #expect(parsed["width"] as? Int == 640)
        #expect(parsed["ratio"] as? Double == 0.6667)
        #expect(parsed["ok"] as? Bool == true)
        #expect(parsed["missing"] is NSNull)
        #expect(parsed["tags"] as? [String] == ["ünïcödé", "tab\there", "\u{01}"])
        let nested = try #require(parsed["nested"] as? [String: Any])
        #expect(nested["box"] as? [Double] == [1, 0])
    }

    @Test func equalityIsBySerializedForm() {
        #expect(JSONValue.number(0.12344, decimals: 4) == JSONValue.number(0.12341, decimals: 4))
        #expect(JSONValue.object([("a", .integer(1)), ("b", .integer(2))])
                != JSONValue.object([("b", .integer(2)), ("a", .integer(1))]))
    }
}

// MARK: - ResultRecord schemas

@Suite struct ResultRecordTests {
    static let captions = [
        Caption(text: "A dog, on your left, close.", priority: .message, confidence: 0.861234),
        Caption(text: "Possibly a \"bicycle\".", priority: .text, confidence: 0.5),
    ]

    @Test func awareSchema() throws {
        let detections = [
            Detection(classIndex: 16, label: "dog", confidence: 0.861234,
                      box: Box(x: 10.04, y: 20.06, width: 100.56, height: 50)),
            Detection(classIndex: 1, label: "bicycle", confidence: 0.5,
                      box: Box(x: 0, y: 1.96, width: 639.99, height: 425.0)),
        ]
        let text = ResultRecord.aware(source: "photos/a.jpg", width: 640, height: 426,
                                      detections: detections, captions: Self.captions).serialized()
        #expect(text == #"{"source":"photos/a.jpg","width":640,"height":426,"detections":["#
            + #"{"label":"dog","confidence":0.8612,"box":[10,20.1,100.6,50]},"#
            + #"{"label":"bicycle","confidence":0.5,"box":[0,2,640,425]}],"#
            + #""captions":[{"text":"A dog, on your left, close.","priority":"message","confidence":0.8612},"#
            + #"{"text":"Possibly a \"bicycle\".","priority":"text","confidence":0.5}]}"#)
        #expect(try topLevelKeys(text) == ["source", "width", "height", "detections", "captions"])

        let parsed = try #require(try parse(text) as? [String: Any])
        let first = try #require((parsed["detections"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["label", "confidence", "box"])
        #expect(first["box"] as? [Double] == [10, 20.1, 100.6, 50])
    }

    @Test func awareWithNothingFoundHasEmptyArrays() throws {
        let text = ResultRecord.aware(source: "x.png", width: 32, height: 16, detections: [], captions: []).serialized()
        #expect(text == #"{"source":"x.png","width":32,"height":16,"detections":[],"captions":[]}"#)
    }

    @Test func readSchema() throws {
        func word(_ text: String, _ confidence: Double, _ x: Double) -> RecognizedWord {
            RecognizedWord(text: text, confidence: confidence, box: Box(x: x, y: 10, width: 40, height: 12))
        }
        let page = PageReading(width: 800, height: 600, lines: [
            TextLine(words: [word("Hello", 0.9, 10), word("world", 0.8, 60)], confidence: 0.85,
                     box: Box(x: 10, y: 10, width: 90, height: 12), paragraph: 0),
            TextLine(words: [word("Total:", 0.75, 10)], confidence: 0.75,
                     box: Box(x: 10.26, y: 40, width: 40, height: 12.5), paragraph: 1),
        ])
        let captions = [Caption(text: "Hello world.", priority: .message, confidence: 0.85)]
        let text = ResultRecord.read(source: "scan.png", page: page, captions: captions, engine: .page,
                                     describer: ReadingDescriber(wording: .english)).serialized()
        #expect(text == #"{"source":"scan.png","engine":"page","language":"en","width":800,"height":600,"text":"Hello world\n\nTotal:","#
            + #""lines":[{"text":"Hello world","spoken":"Hello world","confidence":0.85,"box":[10,10,90,12],"block":0},"#
            + #"{"text":"Total:","spoken":"Total:","confidence":0.75,"box":[10.3,40,40,12.5],"block":1}],"#
            + #""captions":[{"text":"Hello world.","priority":"message","confidence":0.85}]}"#)
        #expect(try topLevelKeys(text) == ["source", "engine", "language", "width", "height", "text", "lines", "captions"])
        // A page read in another language than the listener's names it.
        let french = ResultRecord.read(source: "scan.png", page: page, captions: captions, engine: .page,
                                       describer: ReadingDescriber(wording: .english).lines(in: .french)).serialized()
        #expect(try #require(try parse(french) as? [String: Any])["language"] as? String == "fr")
        let parsed = try #require(try parse(text) as? [String: Any])
        #expect(parsed["text"] as? String == "Hello world\n\nTotal:")
    }

    @Test func failureSchema() throws {
        let sentence = ImageError.empty(path: "in/empty.jpg").description
        let text = ResultRecord.failure(source: "in/empty.jpg", error: sentence).serialized()
        #expect(text == #"{"source":"in/empty.jpg","error":"in/empty.jpg is empty; use a complete image file."}"#)
        #expect(try topLevelKeys(text) == ["source", "error"])
    }

    @Test(arguments: Priority.allCases)
    func captionPriorityIsWrittenByName(_ priority: Priority) throws {
        let text = ResultRecord.aware(source: "s", width: 1, height: 1, detections: [],
                                      captions: [Caption(text: "t", priority: priority, confidence: 1)]).serialized()
        #expect(text.hasSuffix(#""captions":[{"text":"t","priority":"\#(priority.rawValue)","confidence":1}]}"#))
    }
}
