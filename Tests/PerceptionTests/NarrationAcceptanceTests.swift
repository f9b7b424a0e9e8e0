import Foundation
import Testing
@testable import Perception

/// Stream narration on a recorded video with per-frame truth: 12 COCO scenes of 3 s each,
/// hard cuts between them (`video/scenes-coco.mp4`), every frame processed, normal
/// verbosity. The figures are printed; `make accuracy` shows them.
@Suite("Accuracy: narration") struct NarrationAcceptanceTests {
    /// A (scene, class) pair is salient when an object of that class covers at least this
    /// share of the frame...
    static let salientArea = 0.02
    /// ...and the detector finds that class at this confidence...
    static let salientConfidence = 0.5
    /// ...in at least this share of the scene's frames.
    static let salientFrames = 0.3

    struct TruthFrame: Decodable {
        var frame: Int
        var t: Double
        var scene: Int
        var objects: [TruthObject]
    }
    struct TruthObject: Decodable {
        var label: String
        var box: [Double]
    }

    @Test func scenesAreNamedPromptlyOnceAndWithoutChatter() throws {
        let video = try TestResources.file("video/scenes-coco.mp4")
        let truthLines = try String(contentsOf: try TestResources.file("video/scenes-coco.frames.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        let truth = try truthLines.map { try JSONDecoder().decode(TruthFrame.self, from: Data($0.utf8)) }

        let source = try VideoFile(path: video.path)
        let stage = AwarenessStage(detector: try ObjectDetector(modelPath: try TestResources.modelPath()),
                                   narrator: AwarenessNarrator(), minConfidence: 0.25)
        let engine = StreamEngine(source: source, stage: stage, clock: .everyFrame)
        var detectionsByFrame: [Int: [Detection]] = [:]
        var frameSize = (width: 0, height: 0)
        stage.detectionObserver = { frame, detections in
            detectionsByFrame[frame.index] = detections
            frameSize = (frame.image.width, frame.image.height)
        }
        var events: [NarrationEvent] = []
        let statistics = try engine.run { events.append($0) }
        #expect(statistics.framesProcessed == truth.count)
        let frameArea = Double(frameSize.width * frameSize.height)

        // Scenes: their frames and start times, from the truth.
        let scenes = Dictionary(grouping: truth, by: \.scene).sorted { $0.key < $1.key }
        let sceneOfFrame = Dictionary(uniqueKeysWithValues: truth.map { ($0.frame, $0.scene) })
        let spoken = events.filter { $0.kind == .objects || $0.kind == .hazard || $0.kind == .summary }

        // Recall over salient (scene, class) pairs.
        var salient = 0, named = 0
        var missed: [String] = []
        for (scene, frames) in scenes {
            let labels = Set(frames.flatMap { $0.objects.map(\.label) })
            for label in labels {
                let largeEnough = frames.contains { frame in
                    frame.objects.contains { $0.label == label && $0.box[2] * $0.box[3] / frameArea >= Self.salientArea }
                }
                let detectedFrames = frames.filter { frame in
                    (detectionsByFrame[frame.frame] ?? []).contains { $0.label == label && $0.confidence >= Self.salientConfidence }
                }.count
                guard largeEnough, Double(detectedFrames) >= Self.salientFrames * Double(frames.count) else { continue }
                salient += 1
                let wasNamed = spoken.contains { event in
                    sceneOfFrame[event.frame] == scene && event.objects.contains { $0.label == label }
                }
                if wasNamed { named += 1 } else { missed.append("scene \(scene): \(label)") }
            }
        }
        let recall = salient > 0 ? Double(named) / Double(salient) : 0

        // First announcement after each cut (scene 0 from the start of the video).
        var delays: [Double] = []
        for (scene, frames) in scenes {
            let start = frames.map(\.t).min() ?? 0
            if let first = spoken.first(where: { sceneOfFrame[$0.frame] == scene && $0.kind != .summary }) {
                delays.append(first.time.seconds - start)
            }
        }
        let medianDelay = delays.sorted()[delays.count / 2]

        // Repeats: a track named again while continuously in view (a track id lives only
        // while its object stays in view).
        var seenTracks = Set<Int>(), namings = 0, repeats = 0
        for event in spoken where event.kind != .summary {
            for object in event.objects {
                namings += 1
                if !seenTracks.insert(object.track ?? -1).inserted { repeats += 1 }
            }
        }
        let repeatRate = namings > 0 ? Double(repeats) / Double(namings) : 0
        let rate = Double(spoken.count) / max(statistics.streamSeconds, 1)
        let longest = spoken.map { $0.text.split(whereSeparator: \.isWhitespace).count }.max() ?? 0

        print(String(format: "Narration on scenes-coco.mp4: recall %.0f %% (%d of %d salient scene-class pairs), first announcement after a cut median %.2f s (%d of %d scenes), repeats %.1f %% (%d of %d namings), %.2f utterances per second (%d in %.1f s), longest utterance %d words",
                     recall * 100, named, salient, medianDelay, delays.count, scenes.count, repeatRate * 100, repeats, namings,
                     rate, spoken.count, statistics.streamSeconds, longest))
        if !missed.isEmpty { print("Not named: \(missed.joined(separator: ", "))") }
        #expect(recall >= 0.8)
        #expect(medianDelay <= 0.7)
        #expect(repeatRate <= 0.05)
        #expect(rate <= 1.0)
        #expect(longest <= 20)
        let ruleBreaks = UtteranceRules.violations(events)
        #expect(ruleBreaks.isEmpty, "utterances over 20 words or repeated within 3 s: \(ruleBreaks)")
    }
}
