import Testing
@testable import Perception

/// Detecting ahead on several single-threaded networks must change nothing but speed: the
/// same frames, in order, with the same detections and the same narration.
@Suite(.serialized) struct LookaheadDetectionTests {
    static func run(_ source: any FrameSource) throws -> (frames: [Int], detections: [[Detection]], events: [NarrationEvent]) {
        let stage = AwarenessStage(detector: try ObjectDetector(modelPath: try TestResources.modelPath()),
                                   narrator: AwarenessNarrator(), minConfidence: 0.25)
        var frames: [Int] = [], detections: [[Detection]] = [], events: [NarrationEvent] = []
        stage.detectionObserver = { frame, found in
            frames.append(frame.index)
            detections.append(found)
        }
        _ = try StreamEngine(source: source, stage: stage, clock: .everyFrame).run { events.append($0) }
        return (frames, detections, events)
    }

    @Test func sameFramesDetectionsAndNarrationAsOneAtATime() throws {
        let path = try TestResources.file("video/walk.mkv").path
        let plain = try Self.run(try VideoFile(path: path))
        let detectors = try (0..<3).map { _ in try ObjectDetector(modelPath: try TestResources.modelPath()) }
        let threads = OpenCVThreads.current
        let ahead = try Self.run(LookaheadDetection(source: try VideoFile(path: path), detectors: detectors, minConfidence: 0.25))
        // Each network keeps to its worker's thread; OpenCV's process-wide count is never
        // changed (changing it while another thread is in a parallel loop crashes in TBB).
        #expect(detectors.allSatisfy { $0.runsOnOneThread })
        #expect(OpenCVThreads.current == threads, "OpenCV's thread count changed")

        #expect(ahead.frames == plain.frames)
        #expect(ahead.frames == Array(0..<plain.frames.count), "frames out of order or missing")
        #expect(plain.detections.contains { !$0.isEmpty }, "walk.mkv shows a person")
        for (index, (a, b)) in zip(ahead.detections, plain.detections).enumerated() {
            // One thread or several, the network's sums differ only in the last bits.
            #expect(a.count == b.count, "frame \(index)")
            for (x, y) in zip(a, b) {
                #expect(x.label == y.label && abs(x.confidence - y.confidence) < 1e-3, "frame \(index): \(x) vs \(y)")
                #expect(abs(x.box.x - y.box.x) < 1 && abs(x.box.width - y.box.width) < 1, "frame \(index): \(x) vs \(y)")
            }
        }
        #expect(ahead.events.map(\.text) == plain.events.map(\.text))
    }

    @Test func cancelEndsTheStream() throws {
        let path = try TestResources.file("video/walk.mkv").path
        let source = LookaheadDetection(source: try VideoFile(path: path),
                                        detectors: [try ObjectDetector(modelPath: try TestResources.modelPath())], minConfidence: 0.25)
        #expect(try source.nextFrame()?.index == 0)
        source.cancel()
        var after = 0
        while try source.nextFrame() != nil { after += 1 }
        #expect(after <= 2, "at most the frames already detected are handed on after cancel")
    }
}
