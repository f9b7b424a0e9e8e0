// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages

/// The figures stream narration on a video with per-frame truth is judged by: recall of the
/// salient objects, how soon a new view is spoken of, repeats, chatter and length — and, for
/// busy scenes, whether one utterance names a kind twice, whether its counts fit the truth in
/// view, and how often a false positive that stays put is announced.
struct NarrationScore {
    /// A (scene, class) pair is salient when an object of that class covers at least this
    /// share of the frame...
    static let salientArea = 0.02
    /// ...and the detector finds that class at this confidence...
    static let salientConfidence = 0.5
    /// ...in at least this share of the scene's frames.
    static let salientFrames = 0.3
    /// The truth in view is a range: objects covering 1 % of the frame are plainly there (the
    /// least a right count can say)...
    static let clearlyInViewArea = 0.01
    /// ...while objects under 0.1 % (about 30 by 30 pixels at 720p) are specks nobody expects
    /// counted (the most).
    static let visibleArea = 0.001
    /// An announced object is true when a truth object of its class overlaps it this much or
    /// holds its centre; otherwise it is a false positive.
    static let matchOverlap = 0.3

    var salient = 0, named = 0
    var missed: [String] = []
    var delays: [Double] = []
    var sceneCount = 0
    var namings = 0, repeats = 0
    var utterances = 0
    var streamSeconds = 0.0
    var longest = 0
    /// Utterances that name one kind in two phrases.
    var kindNamedTwice: [String] = []
    /// Utterances with a count, and those whose every count fits the truth in view.
    var countedUtterances = 0, countsInRange = 0
    var countMisses: [String] = []
    /// False positives (one per scene, class and place) and how often each was announced,
    /// per minute of its scene (a scene shorter than a minute counts as one minute).
    var falsePositivesPerMinute: [Double] = []

    init(events: [NarrationEvent], truth: VideoTruth, detections: [Int: [Detection]],
         frameWidth: Int, frameHeight: Int, streamSeconds: Double) {
        let frameArea = Double(frameWidth * frameHeight)
        let scenes = truth.scenes
        sceneCount = scenes.count
        self.streamSeconds = streamSeconds
        let sceneOfFrame = Dictionary(uniqueKeysWithValues: truth.frames.map { ($0.frame, $0.scene) })
        let truthOfFrame = Dictionary(uniqueKeysWithValues: truth.frames.map { ($0.frame, $0) })
        let spoken = events.filter { $0.kind == .objects || $0.kind == .hazard || $0.kind == .summary }

        for (scene, frames) in scenes {
            for label in Set(frames.flatMap { $0.objects.map(\.label) }) {
                let largeEnough = frames.contains { frame in
                    frame.objects.contains { $0.label == label && $0.box[2] * $0.box[3] / frameArea >= Self.salientArea }
                }
                let detectedFrames = frames.filter { frame in
                    (detections[frame.frame] ?? []).contains { $0.label == label && $0.confidence >= Self.salientConfidence }
                }.count
                guard largeEnough, Double(detectedFrames) >= Self.salientFrames * Double(frames.count) else { continue }
                salient += 1
                if spoken.contains(where: { sceneOfFrame[$0.frame] == scene && $0.objects.contains { $0.label == label } }) {
                    named += 1
                } else {
                    missed.append("scene \(scene): \(label)")
                }
            }
            let start = frames.map(\.t).min() ?? 0
            if let first = spoken.first(where: { sceneOfFrame[$0.frame] == scene && $0.kind != .summary }) {
                delays.append(first.time.seconds - start)
            }
        }

        // Repeats: a track named again while continuously in view (a track id lives only
        // while its object stays in view).
        var seenTracks = Set<Int>()
        for event in spoken where event.kind != .summary {
            for object in event.objects {
                namings += 1
                if !seenTracks.insert(object.track ?? -1).inserted { repeats += 1 }
            }
        }
        utterances = spoken.count
        longest = spoken.map { ObjectSentences.wordCount($0.text) }.max() ?? 0

        for event in spoken where event.kind == .objects || event.kind == .summary {
            let sentences = SpokenCounts.sentences(event.text)
            let kinds = sentences.flatMap(SpokenCounts.kinds)
            if Set(kinds).count < kinds.count { kindNamedTwice.append("\(event.time.seconds) s: \(event.text)") }
            guard let frame = truthOfFrame[event.frame] else { continue }
            let claims = sentences.flatMap(SpokenCounts.claims)
            guard !claims.isEmpty else { continue }
            countedUtterances += 1
            let misses = claims.filter { claim in
                let areas = frame.objects.filter { $0.label == claim.label }.map { $0.box[2] * $0.box[3] / frameArea }
                let inView = areas.filter { $0 >= Self.clearlyInViewArea }.count...areas.filter { $0 >= Self.visibleArea }.count
                return !claim.allows(inView)
            }
            if misses.isEmpty {
                countsInRange += 1
            } else {
                let inView = misses.map { claim in
                    let areas = frame.objects.filter { $0.label == claim.label }.map { $0.box[2] * $0.box[3] / frameArea }
                    let found = (detections[event.frame] ?? []).filter { $0.label == claim.label }.map { String(format: "%.2f", $0.confidence) }
                    return "\(claim) said, \(areas.filter { $0 >= Self.clearlyInViewArea }.count)…\(areas.filter { $0 >= Self.visibleArea }.count) in view, detected \(found)"
                }
                countMisses.append(String(format: "%.1f s: %@ (%@)", event.time.seconds, event.text, inView.joined(separator: "; ")))
            }
        }

        // False positives: announced objects no truth object of their class accounts for,
        // one per scene, class and place.
        var falsePositives: [(scene: Int, label: String, box: Box, announcements: Int)] = []
        for event in spoken where event.kind == .objects {
            guard let frame = truthOfFrame[event.frame] else { continue }
            for object in event.objects where [.new, .another, .returned].contains(object.state) {
                let accounted = frame.objects.contains { truthObject in
                    guard truthObject.label == object.label else { return false }
                    let box = Box(x: truthObject.box[0], y: truthObject.box[1], width: truthObject.box[2], height: truthObject.box[3])
                    return box.intersectionOverUnion(object.box) >= Self.matchOverlap
                        || (box.x...box.maxX).contains(object.box.centerX) && (box.y...box.maxY).contains(object.box.centerY)
                }
                guard !accounted else { continue }
                if let index = falsePositives.firstIndex(where: {
                    $0.scene == frame.scene && $0.label == object.label && $0.box.intersectionOverUnion(object.box) > Self.matchOverlap
                }) {
                    falsePositives[index].announcements += 1
                } else {
                    falsePositives.append((frame.scene, object.label, object.box, 1))
                }
            }
        }
        let sceneSeconds = Dictionary(uniqueKeysWithValues: scenes.map { scene, frames in
            (scene, (frames.map(\.t).max() ?? 0) - (frames.map(\.t).min() ?? 0))
        })
        falsePositivesPerMinute = falsePositives.map { Double($0.announcements) / max(1, (sceneSeconds[$0.scene] ?? 0) / 60) }
    }

    var recall: Double { salient > 0 ? Double(named) / Double(salient) : 0 }
    var medianDelay: Double { delays.isEmpty ? .infinity : delays.sorted()[delays.count / 2] }
    var repeatRate: Double { namings > 0 ? Double(repeats) / Double(namings) : 0 }
    var utterancesPerSecond: Double { Double(utterances) / max(streamSeconds, 1) }
    var countAccuracy: Double { countedUtterances > 0 ? Double(countsInRange) / Double(countedUtterances) : 0 }

    /// One line of every figure, for the test log and `make accuracy`.
    func report(_ name: String) -> String {
        let perMinute = falsePositivesPerMinute.isEmpty ? "none"
            : String(format: "%d, announced %.2f times a minute on average, %.2f at most", falsePositivesPerMinute.count,
                     falsePositivesPerMinute.reduce(0, +) / Double(falsePositivesPerMinute.count),
                     falsePositivesPerMinute.max() ?? 0)
        return String(format: "Narration on %@: recall %.0f %% (%d of %d salient scene-class pairs), first announcement after a cut median %.2f s (%d of %d scenes), repeats %.1f %% (%d of %d namings), %.2f utterances per second (%d in %.1f s), longest utterance %d words; a kind named twice in %d utterances; counts within the truth in view in %.0f %% (%d of %d utterances with counts); false positives: %@",
                      name, recall * 100, named, salient, medianDelay, delays.count, sceneCount, repeatRate * 100, repeats,
                      namings, utterancesPerSecond, utterances, streamSeconds, longest, kindNamedTwice.count,
                      countAccuracy * 100, countsInRange, countedUtterances, perMinute)
    }
}
