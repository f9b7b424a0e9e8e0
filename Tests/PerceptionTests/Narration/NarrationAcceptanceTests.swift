// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Stream narration on recorded videos, every frame processed, normal verbosity: the 12 COCO
/// scenes of `video/scenes-coco.mp4` and the 21 crowds and rows of the busy-scene video
/// (`make busy-video`), both with per-frame truth, and the six arrivals of
/// `video/one-by-one-person-detection.mp4`. The figures are printed; `make accuracy` shows them.
@Suite("Accuracy: narration") struct NarrationAcceptanceTests {
    struct Run {
        var events: [NarrationEvent]
        var detections: [Int: [Detection]]
        var width = 0, height = 0
        var statistics: StreamStatistics
    }

    static func narrate(_ video: URL) throws -> Run {
        let stage = AwarenessStage(detector: try ObjectDetector(modelPath: try TestResources.modelPath()),
                                   narrator: AwarenessNarrator(wording: .english), minConfidence: 0.25)
        let engine = StreamEngine(source: try VideoFile(path: video.path), stage: stage, clock: .everyFrame, wording: .english)
        var detections: [Int: [Detection]] = [:]
        var size = (width: 0, height: 0)
        stage.detectionObserver = { frame, found in
            detections[frame.index] = found
            size = (frame.image.width, frame.image.height)
        }
        var events: [NarrationEvent] = []
        let statistics = try engine.run { events.append($0) }
        return Run(events: events, detections: detections, width: size.width, height: size.height, statistics: statistics)
    }

    static func score(_ run: Run, truth: VideoTruth) -> NarrationScore {
        NarrationScore(events: run.events, truth: truth, detections: run.detections, frameWidth: run.width,
                       frameHeight: run.height, streamSeconds: run.statistics.streamSeconds)
    }

    @Test func scenesAreNamedPromptlyOnceAndWithoutChatter() throws {
        let truth = try VideoTruth(contentsOf: try TestResources.file("video/scenes-coco.frames.jsonl"))
        let run = try Self.narrate(try TestResources.file("video/scenes-coco.mp4"))
        #expect(run.statistics.framesProcessed == truth.frames.count)
        let score = Self.score(run, truth: truth)
        print(score.report("scenes-coco.mp4"))
        if !score.missed.isEmpty { print("Not named: \(score.missed.joined(separator: ", "))") }
        #expect(score.recall >= 0.8)
        #expect(score.medianDelay <= 0.7)
        #expect(score.repeatRate <= 0.05)
        #expect(score.utterancesPerSecond <= 1.0)
        #expect(score.longest <= 20)
        #expect(score.kindNamedTwice.isEmpty, "\(score.kindNamedTwice)")
        let ruleBreaks = UtteranceRules.violations(run.events)
        #expect(ruleBreaks.isEmpty, "utterances over 20 words or repeated within 3 s: \(ruleBreaks)")
    }

    /// Crowds and rows: one phrase per kind, counts a listener can trust, still short.
    @Test func busyScenesNameEachKindOnceWithCountsThatFitTheTruth() throws {
        let (video, truth) = try VideoTruth.busyScenes()
        let run = try Self.narrate(video)
        #expect(run.statistics.framesProcessed == truth.frames.count)
        let score = Self.score(run, truth: truth)
        print(score.report("the busy-scene video"))
        for miss in score.countMisses { print("Count outside the truth in view: \(miss)") }
        #expect(score.kindNamedTwice.isEmpty, "\(score.kindNamedTwice)")
        #expect(score.countedUtterances >= truth.scenes.count / 2, "most busy scenes have a count to check")
        #expect(score.countAccuracy >= 0.9, "\(score.countMisses)")
        #expect(score.longest <= 20)
        #expect(score.recall >= 0.8)
        #expect(score.utterancesPerSecond <= 1.0)
        let ruleBreaks = UtteranceRules.violations(run.events)
        #expect(ruleBreaks.isEmpty, "utterances over 20 words or repeated within 3 s: \(ruleBreaks)")
    }

    /// Six people walk in one after another (counted by eye from a contact sheet; never two
    /// at once): each arrival is said once, the first as "a person" and the rest as
    /// "another person", and the picture on the wall the detector calls "possibly a TV",
    /// coming and going all through, is said at most twice.
    @Test func arrivalsAreSaidAsArrivalsAndFlickerIsDamped() throws {
        let run = try Self.narrate(try TestResources.file("video/one-by-one-person-detection.mp4"))
        let spoken = run.events.filter { $0.kind == .objects }
        for event in spoken { print(String(format: "%6.1f s  %@", event.time.seconds, event.text)) }
        let people = spoken.filter { $0.objects.contains { $0.label == "person" } }
        let minutes = run.statistics.streamSeconds / 60
        let tvs = spoken.filter { $0.objects.contains { $0.label == "tv" } }
        print(String(format: "one-by-one-person-detection.mp4: %d arrivals said, %d TV announcements in %.1f min (%.2f a minute), %d utterances",
                     people.count, tvs.count, minutes, Double(tvs.count) / minutes, spoken.count))
        #expect(people.count == 6, "\(people.map(\.text))")
        #expect(Set(people.flatMap { $0.objects.compactMap(\.track) }).count == 6, "six tracks, each said once")
        #expect(people.first?.text.contains("a person") == true, "\(people.first?.text ?? "")")
        for event in people.dropFirst() {
            #expect(event.text.contains("another person"), "\(event.text)")
            #expect(event.objects.map(\.state) == [.another], "\(event.objects)")
        }
        #expect((1...2).contains(tvs.count), "\(tvs.map(\.text))")
        #expect(UtteranceRules.violations(run.events).isEmpty)
        #expect(!run.events.contains { $0.text.lowercased().contains("gone") || $0.text.lowercased().contains("left") })
    }
}
