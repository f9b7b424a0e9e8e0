// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Evaluation
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
                                  stage: DocumentReader(recognizer: try TextRecognizer(), wording: .english), clock: .everyFrame, wording: .english)
        var events: [NarrationEvent] = []
        let statistics = try engine.run { events.append($0) }
        let ruleBreaks = UtteranceRules.violations(events)
        #expect(ruleBreaks.isEmpty, "utterances over 20 words or repeated within 3 s: \(ruleBreaks)")

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

    /// A still photo of a page (a steady frame of the same video) is flattened before it is
    /// read: the reading is of the upright page, not of the 1280x720 picture.
    @Test func aPhotographedPageIsFlattenedBeforeReading() throws {
        let video = try VideoFile(path: try TestResources.file("video/document-phototest.mp4").path)
        var frame = try #require(try video.nextFrame())
        while frame.index < 97 { frame = try #require(try video.nextFrame()) }
        let analyzer = PictureReader(recognizer: try TextRecognizer(), scene: nil, wording: .english, engine: .page)
        let flat = try #require(analyzer.flattenedPage(in: frame.image), "a page wholly in view was not found")
        // The filmed page is phototest.tif, 640x480: the flattened page keeps that shape.
        #expect(abs(Double(flat.width) / Double(flat.height) - 640.0 / 480.0) < 0.07, "\(flat.width)x\(flat.height)")
        let analysis = try analyzer.analyze(frame.image, source: "frame 97")
        let text = analysis.events.dropLast().map(\.text).joined(separator: "\n")
        var cer = CharacterErrorRate()
        cer.add(hypothesis: text, reference: try GroundTruth.text(at: try TestResources.file("video/document-phototest.gt.txt")))
        #expect(cer.rate <= 0.02, "read: \(text)")
    }

    /// `read --short`: every line of the page is spoken, each once, with no page finding —
    /// and the pieces seen while the page drifts into view do not multiply into chatter.
    @Test func shortTextSpeaksEachLineOnce() throws {
        let truthLines = try GroundTruth.text(at: try TestResources.file("video/document-phototest.gt.txt"))
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        let engine = StreamEngine(source: try VideoFile(path: try TestResources.file("video/document-phototest.mp4").path),
                                  stage: ShortTextReader(reader: try SceneTextReader(), wording: .english), clock: .everyFrame, wording: .english)
        var spoken: [String] = []
        _ = try engine.run { if $0.kind == .text { spoken.append($0.text) } }
        let key = { (text: String) in ReadingConsensus.scalars(text.lowercased()) }
        let heard = truthLines.filter { line in
            spoken.contains { ShortTextReader.containment(of: key(line), in: key($0)) <= 0.15 }
        }
        print("Short text on document-phototest.mp4: \(heard.count) of \(truthLines.count) page lines spoken in full, \(spoken.count) lines spoken in all")
        #expect(heard.count == truthLines.count, "spoken: \(spoken)")
        #expect(Set(spoken).count == spoken.count, "a line was spoken twice: \(spoken)")
        #expect(spoken.count <= 2 * truthLines.count, "\(spoken)")
    }

    @Test(arguments: [
        ("quick brown", "the quick brown dog", 0.0),
        ("the quick brovn", "the quick brown dog", 1.0 / 15),
        ("own do", "the quick brown dog", 0.0),
        ("lazy cat", "the quick brown dog", 7.0 / 8),
    ])
    func containmentFindsAPieceAnywhereInALine(part: String, whole: String, expected: Double) {
        let value = ShortTextReader.containment(of: ReadingConsensus.scalars(part), in: ReadingConsensus.scalars(whole))
        #expect(abs(value - expected) < 1e-9, "\(value)")
    }
}
