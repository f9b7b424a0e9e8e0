// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sensecam aware --video`: narration events as text lines or JSON Lines, in stream order.
@Suite struct VideoNarrationEndToEndTests {
    static let clip = "video/walk.mkv"  // 3 s, a person in front of a webcam

    @Test func jsonLinesFollowTheEventSchema() throws {
        let run = try SensecamProcess.run(["aware", "--video", try SharedTestData.path(Self.clip),
                                           "--every-frame", "--output", "jsonl"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2, "\(run)")
        var previousTime = -1.0
        var kinds: [String] = []
        for line in lines {
            // Keys in the documented order, read from the raw text (a decoder forgets order).
            #expect(line.hasPrefix("{\"t\":"), "\(line)")
            let order = ["\"t\":", "\"frame\":", "\"kind\":", "\"priority\":", "\"text\":", "\"objects\":"]
                .map { line.range(of: $0)?.lowerBound }
            #expect(!order.contains(nil) && order.map { $0! } == order.map { $0! }.sorted(), "\(line)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let time = try #require(event["t"] as? Double ?? (event["t"] as? Int).map(Double.init))
            #expect(time >= previousTime, "events come in stream order")
            previousTime = time
            kinds.append(event["kind"] as? String ?? "")
            for object in event["objects"] as? [[String: Any]] ?? [] {
                #expect(Set(object.keys) == ["label", "confidence", "box", "track", "direction", "distance_m", "state"])
                let hour = try #require(object["direction"] as? Int)
                #expect((1...12).contains(hour))
            }
        }
        // The person is announced as an object, once; the stream's end is said at the end.
        #expect(kinds.first == "objects", "\(run)")
        #expect(lines.filter { $0.contains("\"label\":\"person\"") && $0.contains("\"kind\":\"objects\"") }.count == 1, "\(run)")
        #expect(kinds.last == "status" && lines.last?.contains("End of video.") == true, "\(run)")
    }

    @Test func textOutputIsOneHedgedSentenceGroupPerLine() throws {
        let run = try SensecamProcess.run(["aware", "--video", try SharedTestData.path(Self.clip), "--every-frame"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Probably a person, at 12 o'clock.") == true, "\(run)")
        #expect(lines.last == "End of video.", "\(run)")
        for line in lines.dropLast() {
            #expect(line.hasPrefix("Probably") || line.hasPrefix("Possibly") || line.hasPrefix("In view:")
                    || line.contains("approaching"), "\(line)")
        }
    }
}
