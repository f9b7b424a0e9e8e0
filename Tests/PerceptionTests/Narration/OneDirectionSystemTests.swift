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

/// One direction system on real pictures: kinds at one clock hour share a sentence, the `d`
/// key names everything in view, and signs are placed by clock hours as objects are (issue 31,
/// item 6). Real detections of the shared COCO photos and a real ICDAR street photo.
@Suite(.serialized, .needsTestData("detect/coco-val")) struct OneDirectionSystemTests {
    static let coco = "detect/coco-val/images"

    static func stage(hfov: Double = 60) throws -> AwarenessStage {
        var policy = NarrationPolicy()
        policy.horizontalFieldOfView = hfov
        return AwarenessStage(detector: try ObjectDetector(modelPath: try TestResources.modelPath()),
                              narrator: AwarenessNarrator(policy: policy, wording: .english), minConfidence: 0.25)
    }

    /// The hour a sentence places its objects at when it is one hour: "…, at 12 o'clock." or
    /// "At 12 o'clock, …"; nil for a span or "mostly".
    static func singleHour(_ sentence: String) -> Int? {
        for pattern in [#"^At (\d+) o'clock, "#, #", at (\d+) o'clock\.$"#] {
            guard let range = sentence.range(of: pattern, options: .regularExpression) else { continue }
            return Int(sentence[range].filter(\.isNumber))
        }
        return nil
    }

    /// COCO photo 139 (a living room): four kinds at 12 o'clock are one sentence, the TV at
    /// 11 its own; before, five sentences, four of them ending "at 12 o'clock".
    @Test func kindsAtOneHourInAPhotoAreOneSentence() throws {
        let stage = try Self.stage()
        let image = try ImageFile.load(try TestResources.file("\(Self.coco)/000000000139.jpg").path)
        let analysis = try stage.analyze(image, source: "000000000139.jpg")
        #expect(analysis.events.map(\.text) == [
            "At 12 o'clock, possibly a person, two chairs, a dining table and a clock.",
            "Probably a TV, at 11 o'clock.",
        ])
        // The shared sentence's event carries every object it names.
        #expect(Set(analysis.events.first?.objects.map(\.label) ?? []) == ["person", "chair", "dining table", "clock"])
    }

    /// Over all 64 COCO photos: no picture says one hour twice (unless a shared sentence was
    /// full, or one is a kind of both bands, "a plant and possibly one more", which keeps its own
    /// sentence), and hours are shared often enough for the rule to matter.
    @Test func noPhotoSaysOneHourTwice() throws {
        let stage = try Self.stage()
        let folder = try TestResources.file(Self.coco)
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(photos.count == 64)
        var shared = 0
        for photo in photos {
            let analysis = try stage.analyze(try ImageFile.load(folder.appendingPathComponent(photo).path), source: photo)
            let events = analysis.events.filter { $0.text != stage.narrator.sentences.otherObjects }
            let sentences = events.map(\.text)
            shared += sentences.filter { $0.hasPrefix("At ") }.count
            let hours = sentences.compactMap(Self.singleHour)
            let ofBothBands = events.filter { event in
                Set(event.objects.map(\.label)).count == 1
                    && Set(event.objects.compactMap { ConfidenceBand(confidence: $0.confidence) }).count == 2
            }.compactMap { Self.singleHour($0.text) }
            for hour in Set(hours) where hours.filter({ $0 == hour }).count > 1 && !ofBothBands.contains(hour) {
                let full = sentences.filter { Self.singleHour($0) == hour }.dropLast().allSatisfy {
                    ObjectSentences.wordCount($0) > ObjectSentences.maximumWords - 4
                }
                #expect(full, "\(photo): \(sentences)")
            }
        }
        print("Shared-hour sentences in the 64 COCO photos: \(shared).")
        #expect(shared >= 10)
    }

    /// The `d` key over a photo with more kinds than one summary sentence holds (COCO 139):
    /// every kind is named, never "Other objects too." — which the unasked summary of the same
    /// detections still says.
    @Test func describeNamesEverythingInView() throws {
        let stage = try Self.stage()
        let image = try ImageFile.load(try TestResources.file("\(Self.coco)/000000000139.jpg").path)
        let frame = Frame(image: image, timestamp: .zero, index: 0)
        let events = try stage.perform(.describeNow, on: frame)
        let summary = try #require(events.first { $0.kind == .summary })
        let sentences = stage.narrator.sentences
        #expect(!summary.text.contains(sentences.otherObjects), "\(summary.text)")
        let named = Set(summary.objects.map(\.label))
        #expect(named.count >= 5, "\(named)")
        let spoken = SpokenCounts.sentences(summary.text).flatMap(SpokenCounts.kinds)
        #expect(Set(spoken) == named, "\(summary.text)")
        // A TV alone points to a living room as much as to an office: no place, only the light.
        #expect(summary.text == "Moderate light. In view: possibly a person, two chairs, a dining table and a clock at 12 o'clock. "
            + "Also in view: probably a TV at 11 o'clock.")
        // The same detections, unasked, do not fit one sentence.
        #expect(sentences.summary(ObjectSentences.group(summary.objects), verbosity: .normal).hasSuffix(sentences.otherObjects))
    }

    /// A photo with more kinds than fit one summary sentence even with hours shared: `d`
    /// goes on in a second sentence instead of cutting the rest.
    @Test func describeGoesOnRatherThanCuttingOff() throws {
        let stage = try Self.stage(hfov: 120)
        let folder = try TestResources.file(Self.coco)
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        var longest: (photo: String, text: String, kinds: Int)?
        for photo in photos {
            let frame = Frame(image: try ImageFile.load(folder.appendingPathComponent(photo).path), timestamp: .zero, index: 0)
            let summary = try #require(try stage.perform(.describeNow, on: frame).first { $0.kind == .summary })
            let kinds = Set(summary.objects.map(\.label))
            #expect(!summary.text.contains(stage.narrator.sentences.otherObjects), "\(photo): \(summary.text)")
            #expect(Set(SpokenCounts.sentences(summary.text).flatMap(SpokenCounts.kinds)) == kinds, "\(photo): \(summary.text)")
            for sentence in SpokenCounts.sentences(summary.text) {
                #expect(ObjectSentences.wordCount(sentence) <= ObjectSentences.maximumWords, "\(photo): \(sentence)")
            }
            if kinds.count > (longest?.kinds ?? 0) { longest = (photo, summary.text, kinds.count) }
        }
        let most = try #require(longest)
        print("The most kinds in one photo: \(most.kinds) in \(most.photo): \(most.text)")
        #expect(most.text.contains("Also in view: "), "\(most.text)")
    }
}
