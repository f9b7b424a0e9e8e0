import Foundation
import Testing
@testable import Perception

/// Reading a page filmed by a hand-held camera (`video/document-phototest.mp4`: the page
/// drifts in, settles, slides partly out of view, blurs while moving, settles again), every
/// frame processed, scored against the page text and per-frame truth.
@Suite("Accuracy: document reading") struct DocumentReadingAcceptanceTests {
    struct TruthFrame: Decodable {
        var frame: Int
        var t: Double
        var edges_outside: [String]
        var steady: Bool
    }

    @Test func readsThePageOnceFromGoodFramesWithUsefulGuidance() throws {
        let truthText = try GroundTruth.text(at: try TestResources.file("video/document-phototest.gt.txt"))
        let truth = try String(contentsOf: try TestResources.file("video/document-phototest.frames.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONDecoder().decode(TruthFrame.self, from: Data($0.utf8)) }
        let byFrame = Dictionary(uniqueKeysWithValues: truth.map { ($0.frame, $0) })
        let engine = StreamEngine(source: try VideoFile(path: try TestResources.file("video/document-phototest.mp4").path),
                                  stage: DocumentReader(recognizer: try TextRecognizer()), clock: .everyFrame)
        var events: [NarrationEvent] = []
        let statistics = try engine.run { events.append($0) }

        // The first complete reading: the lines between "Page found. Reading." and "End of page".
        let start = try #require(events.firstIndex { $0.text == "Page found. Reading." }, "the page was never read")
        let lines = events[(start + 1)...].prefix { $0.kind == .text }.map(\.text)
        var cer = CharacterErrorRate()
        cer.add(hypothesis: lines.joined(separator: "\n"), reference: truthText)

        // Text only from steady frames with the whole page in view (0.5 s slack before).
        let textEvents = events.filter { $0.kind == .text }
        let fromBadFrames = textEvents.filter { event in
            !truth.contains { frame in
                frame.t <= event.time.seconds + 1e-6 && frame.t >= event.time.seconds - 0.5
                    && frame.steady && frame.edges_outside.isEmpty
            }
        }

        // Edge guidance names only edges truly out of view.
        let guidance = events.filter { $0.kind == .guidance }
        let edgeGuidance = guidance.filter { !$0.edges.isEmpty }
        let correct = edgeGuidance.filter { event in
            Set(event.edges).isSubset(of: byFrame[event.frame]?.edges_outside ?? [])
        }
        let edgePrecision = edgeGuidance.isEmpty ? 1 : Double(correct.count) / Double(edgeGuidance.count)

        // Every out-of-view stretch longer than 1 s gets guidance within 1 s.
        var episodes: [(start: Double, end: Double)] = []
        for frame in truth.sorted(by: { $0.frame < $1.frame }) {
            if frame.edges_outside.isEmpty { continue }
            if let last = episodes.last, frame.t - last.end < 0.1 { episodes[episodes.count - 1].end = frame.t }
            else { episodes.append((frame.t, frame.t)) }
        }
        let long = episodes.filter { $0.end - $0.start > 1 }
        let answered = long.filter { episode in
            guidance.contains { $0.time.seconds >= episode.start && $0.time.seconds <= episode.start + 1 }
        }
        let guidanceRate = Double(guidance.count) / max(statistics.streamSeconds, 1)

        print(String(format: "Document reading on document-phototest.mp4: first reading CER %.2f %% (%d lines), text events from bad frames %d of %d, edge guidance correct %.0f %% (%d of %d), out-of-view episodes over 1 s answered within 1 s: %d of %d, %.2f guidance utterances per second",
                     cer.rate * 100, lines.count, fromBadFrames.count, textEvents.count, edgePrecision * 100,
                     correct.count, edgeGuidance.count, answered.count, long.count, guidanceRate))
        #expect(cer.rate <= 0.02)
        #expect(fromBadFrames.isEmpty)
        #expect(edgePrecision >= 0.9)
        #expect(answered.count == long.count)
        #expect(guidanceRate <= 0.5)
    }
}
