// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Modes
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// `find` against the real detector: on the shared COCO pictures it names every instance of a
/// kind that `aware` names, at the same clock hour; on a push-in video of a cup it says where
/// the cup is, then guides with a tick that quickens and rises as the cup comes to the middle,
/// heard through the cue player, and says "Centred." within half a second of the cup's centre
/// entering the middle third.
@Suite(.serialized, .needsTestData("detect/coco-val")) struct FindAcceptanceTests {
    @Test func findNamesEveryInstanceAwareNamesAtTheSameHour() throws {
        let step = try DetectionSettings(modelPath: try TestResources.modelPath()).makeStep()
        let aware = AwarenessStage(step: step, narrator: AwarenessNarrator(wording: .english))
        let folder = try TestResources.file("detect/coco-val/images")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(images.count >= 60)
        var pairs = 0, instances = 0, sameHour = 0, annotatedPairs = 0
        for name in images {
            let image = try ImageFile.load(folder.appendingPathComponent(name).path)
            let stem = (name as NSString).deletingPathExtension
            let labels = try String(contentsOf: try TestResources.file("detect/coco-val/labels/\(stem).txt"), encoding: .utf8)
            let annotated = Set(labels.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
                .map { COCOClasses.names[$0] })
            let awareObjects = try aware.analyze(image, source: name).events.flatMap(\.objects)
            for kind in annotated.sorted() {
                annotatedPairs += 1
                let awareHours = awareObjects.filter { $0.label == kind }.map(\.direction.hour).sorted()
                guard !awareHours.isEmpty else { continue }
                // Asked as a user would: by the English noun.
                let noun = ObjectNoun(label: kind, wording: .english).bare
                let target = try #require(FindTarget.resolve(name: noun, language: .english))
                let find = FindStage(target: target, locator: DetectedKindLocator(step: step, label: kind), wording: .english,
                                     horizontalFieldOfView: NarrationPolicy().horizontalFieldOfView)
                let events = try find.analyze(image, source: name).events
                let foundHours = events.flatMap(\.objects).map(\.direction.hour).sorted()
                pairs += 1
                instances += awareHours.count
                #expect(foundHours == awareHours, "\(name) \(kind): aware at \(awareHours), find at \(foundHours)")
                // Each sentence names the hour of the instances it speaks of.
                for event in events {
                    let hours = Set(event.objects.map(\.direction.hour))
                    #expect(hours.count == 1 && event.text.contains("at \(hours.first ?? 0) o'clock"), "\(name): \(event.text)")
                    if hours.count == 1 { sameHour += event.objects.count }
                }
            }
        }
        print("find on coco-val: \(images.count) images, \(annotatedPairs) annotated (image, kind) pairs, \(pairs) that aware names; "
              + "\(instances) instances aware names, \(sameHour) named by find at the same hour")
        #expect(pairs >= 50, "only \(pairs) (image, kind) pairs were compared")
        #expect(sameHour == instances)
    }

    @Test func aPushInOnACupIsGuidedWithARisingTickAndCentredInTime() throws {
        try TestResources.withTemporaryDirectory { folder in
            let video = try PushInVideo(in: folder)
            let settings = SessionSettings(detection: DetectionSettings(modelPath: try TestResources.modelPath()))
            let stage = try Mode.finding(FindTarget.resolve(name: "mug", language: .english)).stage(settings, arrival: .everyFrame)
            let engine = StreamEngine(source: try VideoFile(path: video.path), stage: stage, clock: .everyFrame, wording: .english)
            var events: [NarrationEvent] = []
            _ = try engine.run { events.append($0) }

            // Where it is, once, at the hour the truth gives.
            let found = events.filter { $0.kind == .objects }
            try #require(found.count == 1, "said \(found.map(\.text))")
            let truthAtFound = video.truths[found[0].frame]
            let hour = ClockDirection(of: truthAtFound.box, imageWidth: PushInVideo.width, horizontalFieldOfView: 60).hour
            #expect(found[0].text.hasSuffix("a cup, at \(hour) o'clock."), "\(found[0].text)")
            #expect(!events.contains { $0.text.contains("Not seen") || $0.text.contains("Lost sight") }, "\(events.map(\.text))")

            // "Centred." once, within half a second of the cup's centre entering the middle third.
            let entered = try #require(video.truths.first { $0.centred }).time
            let centred = events.filter { $0.text == "Centred." }
            #expect(centred.count == 1, "\(events.filter { $0.kind != .cue }.map(\.text))")
            let delay = (centred.first?.time.seconds ?? .infinity) - entered
            #expect(abs(delay) <= 0.5, "Centred. at \(centred.first?.time.seconds ?? -1) s, the cup entered the middle third at \(entered) s")

            // What is heard: the events played at the video's pace through the speech channel's
            // cue player, recorded.
            let tones = RecordedToneOutput()
            let words = RecordingRenderer("speech")
            let speech = SpeechWithCues(speech: words, cues: CuePlayer(output: tones))
            let started = MonotonicClock.now()
            for event in events {
                let wait = event.time.seconds - MonotonicClock.now().seconds(since: started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                speech.render(event)
            }
            Thread.sleep(forTimeInterval: 0.3)
            speech.finish(timeoutSeconds: 1)
            let sounds = tones.sounds.map { (time: $0.start.seconds(since: started), hertz: $0.hertz) }
            // Ticks a second and mean pitch over each second from the first sentence to the end.
            let from = found[0].time.seconds, to = PushInVideo.pushSeconds + PushInVideo.holdSeconds
            var windows: [(rate: Double, hertz: Double)] = []
            var start = from
            while start + 1 <= to + 1e-6 {
                let heard = sounds.filter { $0.time >= start && $0.time < start + 1 }
                windows.append((Double(heard.count), heard.isEmpty ? 0 : heard.map(\.hertz).reduce(0, +) / Double(heard.count)))
                start += 1
            }
            print("find on the push-in video: found at \(String(format: "%.2f", from)) s (\(found[0].text)), centred entered \(String(format: "%.2f", entered)) s, \"Centred.\" \(String(format: "%+.2f", delay)) s after; ticks heard per second "
                  + windows.map { String(format: "%.0f @ %.0f Hz", $0.rate, $0.hertz) }.joined(separator: ", "))
            try #require(windows.count >= 3, "the cup was found too late to follow: \(from) s")
            for (earlier, later) in zip(windows, windows.dropFirst()) {
                // A second's count can be one off at a window's edge.
                #expect(later.rate >= earlier.rate - 1, "the tick slowed: \(windows)")
                #expect(later.hertz >= earlier.hertz - 40, "the pitch fell: \(windows)")
            }
            let first = windows[0], last = windows[windows.count - 1]
            #expect(last.rate >= first.rate + 2, "the tick did not quicken: \(windows)")
            #expect(last.hertz >= first.hertz * 1.25, "the pitch did not rise: \(windows)")
            #expect(words.said.contains("Centred."))
        }
    }
}
