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

private let person = NarratedObject(
    label: "person", confidence: 0.823456, box: Box(x: 100.26, y: 50, width: 200.04, height: 399.96),
    track: 7, direction: ClockDirection(angleDegrees: -30), distanceMetres: 3.456, state: .approaching)

private let chair = NarratedObject(
    label: "chair", confidence: 0.5, box: Box(x: 0, y: 0, width: 10, height: 20),
    track: 12, direction: ClockDirection(angleDegrees: 0), distanceMetres: nil, state: .new)

@Suite struct NarrationEventTests {
    @Test func objectsEventExactJSON() {
        let event = NarrationEvent(
            time: Timestamp(microseconds: 12_345_678), frame: 371, kind: .objects, priority: .text,
            text: "Probably a person, at 11 o'clock.", objects: [person, chair])
        #expect(event.json.serialized() == #"""
            {"t":12.346,"frame":371,"kind":"objects","priority":"text","text":"Probably a person, at 11 o'clock.","language":"en","objects":[{"label":"person","confidence":0.8235,"box":[100.3,50,200,400],"track":7,"direction":11,"distance_m":3.5,"state":"approaching"},{"label":"chair","confidence":0.5,"box":[0,0,10,20],"track":12,"direction":12,"distance_m":null,"state":"new"}]}
            """#)
    }

    @Test func eventWithoutObjectsStillHasTheKey() {
        let event = NarrationEvent(time: Timestamp(seconds: 2), frame: 0, kind: .status, priority: .message,
                                   text: "End of video.")
        #expect(event.json.serialized()
            == #"{"t":2,"frame":0,"kind":"status","priority":"message","text":"End of video.","language":"en","objects":[]}"#)
    }

    @Test(arguments: [
        // A microsecond rounds away at three places; trailing zeros are dropped.
        (0, "0"), (1, "0"), (499, "0"), (500, "0.001"), (1_000, "0.001"),
        (1_500_000, "1.5"), (61_234_567, "61.235"),
    ] as [(Int64, String)])
    func secondsToThreeDecimals(microseconds: Int64, text: String) {
        let event = NarrationEvent(time: Timestamp(microseconds: microseconds), frame: 1, kind: .progress,
                                   priority: .progress, text: "")
        #expect(event.json.serialized().hasPrefix(#"{"t":\#(text),"frame":1,"#))
    }

    @Test func keysInSchemaOrder() throws {
        let event = NarrationEvent(time: .zero, frame: 3, kind: .hazard, priority: .important,
                                   text: "Person approaching, at 11 o'clock.", objects: [person])
        let line = event.json.serialized()
        let eventKeys = ["t", "frame", "kind", "priority", "text", "language", "objects"]
        let objectKeys = ["label", "confidence", "box", "track", "direction", "distance_m", "state"]
        var cursor = line.startIndex
        for key in eventKeys.prefix(6) + objectKeys {
            let range = try #require(line.range(of: "\"\(key)\":", range: cursor..<line.endIndex), "\(key)")
            cursor = range.upperBound
        }
        #expect(line.contains(#""objects":[{"label""#))
        // And it is valid JSON a consumer can read.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(parsed.keys) == Set(eventKeys))
        #expect(!line.contains("\n"))
    }

    @Test func textIsEscaped() {
        let event = NarrationEvent(time: .zero, frame: 0, kind: .text, priority: .text, text: "Sign: \"EXIT\"\nleft")
        #expect(event.json.serialized().contains(#""text":"Sign: \"EXIT\"\nleft""#))
    }

    @Test func rawValues() {
        #expect(NarrationKind.allCases.map(\.rawValue)
            == ["objects", "hazard", "text", "guidance", "status", "summary", "progress", "error", "cue"])
        #expect(NarratedObject.State.allCases.map(\.rawValue) == ["new", "another", "approaching", "returned", "present"])
    }
}
