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

/// What a listener hears on recorded videos at normal verbosity: every utterance at most
/// 20 words, and never the same utterance twice within 3 seconds.
enum UtteranceRules {
    static let maxWords = 20
    static let repeatWindowSeconds = 3.0

    /// The rule breaks in `events`, each as one line naming the event; empty when none.
    static func violations(_ events: [NarrationEvent]) -> [String] {
        var found: [String] = []
        var lastSaid: [String: Timestamp] = [:]
        for event in events where event.kind != .progress {
            let words = event.text.split(whereSeparator: \.isWhitespace).count
            if words > maxWords { found.append("\(words) words at \(event.time.seconds) s: \(event.text)") }
            if let previous = lastSaid[event.text], event.time.seconds - previous.seconds < repeatWindowSeconds {
                found.append(String(format: "said again after %.2f s: %@", event.time.seconds - previous.seconds, event.text))
            }
            lastSaid[event.text] = event.time
        }
        return found
    }
}

@Suite struct UtteranceRulesTests {
    static func event(_ seconds: Double, _ text: String) -> NarrationEvent {
        NarrationEvent(time: Timestamp(seconds: seconds), frame: 0, kind: .objects, priority: .text, text: text)
    }

    @Test func theCheckCatchesLongAndRepeatedUtterances() {
        let long = Array(repeating: "word", count: 21).joined(separator: " ")
        #expect(UtteranceRules.violations([Self.event(0, "Probably a chair."), Self.event(2.9, "Probably a chair.")]).count == 1)
        #expect(UtteranceRules.violations([Self.event(0, "Probably a chair."), Self.event(3.0, "Probably a chair.")]).isEmpty)
        #expect(UtteranceRules.violations([Self.event(0, long)]).count == 1)
        #expect(UtteranceRules.violations([Self.event(0, Array(repeating: "word", count: 20).joined(separator: " "))]).isEmpty)
    }
}

@Suite("Accuracy: utterances on recorded video") struct UtteranceAcceptanceTests {
    // one-by-one-person-detection.mp4 is checked against the same rules in NarrationAcceptanceTests.
    @Test(.needsTestData("video/car-detection", "video/walk"), arguments: ["video/car-detection.mp4", "video/walk.mkv"])
    func awarenessOnRecordedVideo(video: String) throws {
        let source = try VideoFile(path: try TestResources.file(video).path)
        let stage = AwarenessStage(detector: try ObjectDetector(modelPath: try TestResources.modelPath()),
                                   narrator: AwarenessNarrator(wording: .english), minConfidence: 0.25)
        var events: [NarrationEvent] = []
        let statistics = try StreamEngine(source: source, stage: stage, clock: .everyFrame, wording: .english).run { events.append($0) }
        let violations = UtteranceRules.violations(events)
        let longest = events.map { $0.text.split(whereSeparator: \.isWhitespace).count }.max() ?? 0
        print("Utterances on \(video): \(events.count) in \(Int(statistics.streamSeconds)) s, longest \(longest) words, \(violations.count) rule breaks")
        #expect(events.count >= 2, "each video has objects to name: \(events.map(\.text))")
        #expect(violations.isEmpty, "\(violations)")
    }
}
