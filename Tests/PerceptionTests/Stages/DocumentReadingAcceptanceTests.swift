// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Evaluation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

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

        var episodes: [(start: Double, end: Double)] = []
        for frame in truth.sorted(by: { $0.frame < $1.frame }) {
            if frame.edges_outside.isEmpty { continue }
            if let last = episodes.last, frame.t - last.end < 0.1 { episodes[episodes.count - 1].end = frame.t }
            else { episodes.append((frame.t, frame.t)) }
        }
        // Every out-of-view stretch longer than 1 s that starts before the page is read gets
        // guidance within 1 s. Once "End of page" is said, the page never leaves the view in this
        // video (it slides partly out twice): no framing advice about it is given again.
        let end = try #require(events.firstIndex { $0.text.hasPrefix("End of page") }, "the reading never ended")
        let readAt = events[end].time.seconds
        let long = episodes.filter { $0.end - $0.start > 1 }
        let beforeReading = long.filter { $0.start < readAt }
        let answered = beforeReading.filter { episode in
            guidance.contains { $0.time.seconds >= episode.start && $0.time.seconds <= episode.start + 1 }
        }
        let afterReading = guidance.filter { $0.time.seconds > readAt }
        let guidanceRate = Double(guidance.count) / max(statistics.streamSeconds, 1)

        print(String(format: "Document reading on document-phototest.mp4: first reading CER %.2f %% (%d lines), text events from bad frames %d of %d, edge guidance correct %.0f %% (%d of %d), out-of-view episodes over 1 s before the page was read answered within 1 s: %d of %d (%d over 1 s in all), guidance after End of page at %.1f s: %d, %.2f guidance utterances per second",
                     cer.rate * 100, lines.count, fromBadFrames.count, textEvents.count, edgePrecision * 100,
                     correct.count, edgeGuidance.count, answered.count, beforeReading.count, long.count, readAt,
                     afterReading.count, guidanceRate))
        #expect(cer.rate <= 0.02)
        #expect(fromBadFrames.isEmpty)
        #expect(edgePrecision >= 0.9)
        #expect(!beforeReading.isEmpty && answered.count == beforeReading.count)
        #expect(afterReading.isEmpty, "framing advice after End of page, the page still in view: \(afterReading.map(\.text))")
        #expect(guidanceRate <= 0.5)
    }

    /// Guidance comes back when the page does: the document video until it has been read, the
    /// camera turned away for 3 s (`scenes-coco.mp4`'s fourth scene, where neither a page nor a
    /// block of text is found), then the document video from its start again, the page coming
    /// back into view with three edges cut off. The page is recognised as the one already read,
    /// not read twice.
    @Test func guidanceResumesWhenThePageComesBack() throws {
        let reader = DocumentReader(recognizer: try TextRecognizer(), wording: .english)
        var events: [NarrationEvent] = []
        var index = 0
        var offset = 0.0
        /// Frames of `file` from `start` until `end` seconds, played on after the frames before.
        func play(_ file: String, from start: Double = 0, to end: Double) throws {
            let video = try VideoFile(path: try TestResources.file(file).path)
            var last = start
            while let frame = try video.nextFrame(), frame.timestamp.seconds < end {
                guard frame.timestamp.seconds >= start else { continue }
                last = frame.timestamp.seconds
                let spliced = Frame(image: frame.image, timestamp: frame.timestamp.adding(seconds: offset - start), index: index)
                events += try reader.observe(spliced)
                index += 1
            }
            offset += last - start + 1.0 / 15
        }
        try play("video/document-phototest.mp4", to: 10)
        let readBy = offset
        #expect(events.contains { $0.text.hasPrefix("End of page") }, "the page was not read in 10 s: \(events.map(\.text))")
        try play("video/scenes-coco.mp4", from: 9, to: 12)
        let backAt = offset
        try play("video/document-phototest.mp4", to: 10)
        let guidance = events.filter { $0.kind == .guidance }
        let whileAway = guidance.filter { $0.time.seconds >= readBy && $0.time.seconds < backAt }
        // Within 2 s: the guide keeps 2 s between pieces of advice, and it may have just said
        // "Too dark." of the room.
        let onReturn = guidance.filter { $0.time.seconds >= backAt && $0.time.seconds <= backAt + FramingGuide.minimumGapSeconds }
        print("Page read by \(readBy) s, back at \(backAt) s: guidance while away \(whileAway.map(\.text)), within 2 s of its return \(onReturn.map(\.text))")
        #expect(!onReturn.isEmpty, "no framing advice when the page came back: \(guidance.map { ($0.time.seconds, $0.text) })")
        #expect(onReturn.allSatisfy { !$0.edges.isEmpty }, "\(onReturn.map(\.text))")
        #expect(events.filter { $0.text == "Page found. Reading." }.count == 1, "\(events.map(\.text))")
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
