// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A braille channel by the display's own rule: what `BrailleWording` has no line for, it skips.
private final class BrailleRuleRenderer: Renderer {
    let shown = Mutex<[String]>([])
    func render(_ event: NarrationEvent) { shown.withLock { $0.append(BrailleWording(wording: .english).line(for: event) ?? "") } }
    func interrupt() {}
    func finish(timeoutSeconds: Double) {}
    func conveys(_ event: NarrationEvent) -> Bool { BrailleWording(wording: .english).line(for: event) != nil }
}

/// Where a cue goes: heard from the speech channel's own sound stream, never printed or brailled,
/// always recorded in JSON Lines; and it never gets in the way of words.
@Suite struct CueRoutingTests {
    static let frame = Frame(image: try! TestResources.greyImage(width: 2, height: 2) { _, _ in 0 },
                             timestamp: Timestamp(seconds: 1.5), index: 45)
    static let tick = Tone(hertz: 1_500, seconds: 0.015)
    static let sentence = NarrationEvent(time: .zero, frame: 0, kind: .guidance, priority: .notification,
                                         text: "Code near the centre; move closer.")

    @Test func aCueReachesTheSpeechChannelOnlyAndJSONLinesRecordsIt() throws {
        let words = RecordingRenderer("speech"), braille = BrailleRuleRenderer()
        let printed = Mutex<[String]>([]), json = Mutex<[String]>([])
        let text = LineRenderer(format: .text) { line in printed.withLock { $0.append(line) } }
        let jsonl = LineRenderer(format: .jsonl) { line in json.withLock { $0.append(line) } }
        let tones = RecordedToneOutput()
        let speech = SpeechWithCues(speech: words, cues: CuePlayer(output: tones))
        let router = OutputRouter(events: [.init(channel: .speech, renderer: speech, sense: .hearing),
                                           .init(channel: .braille, renderer: braille, sense: .touch),
                                           .init(channel: .text, renderer: text, sense: .sight),
                                           .init(channel: .jsonl, renderer: jsonl, sense: nil)], reports: [])
        router.render(.cue(Self.tick, at: Self.frame))
        router.render(Self.sentence)
        Thread.sleep(forTimeInterval: 0.2)
        router.finish()
        #expect(tones.sounds.count == 1, "the tick was heard: \(tones.sounds)")
        #expect(words.said == [Self.sentence.text, "<finish>"], "the speech renderer got the words, not the cue")
        #expect(braille.shown.withLock { $0 } == [BrailleWording(wording: .english).line(for: Self.sentence) ?? "(none)"], "braille shows the guidance as text")
        #expect(printed.withLock { $0 } == [Self.sentence.text])
        let records = json.withLock { $0 }
        try #require(records.count == 2)
        let cue = try #require(JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any])
        #expect(cue["kind"] as? String == "cue" && cue["text"] as? String == "" && cue["frame"] as? Int == 45)
        let tone = try #require(cue["tone"] as? [String: Any])
        #expect(tone["hz"] as? Double == 1_500 && tone["seconds"] as? Double == 0.015 && tone["per_second"] as? Double == 0)
    }

    /// Speech without a cue player leaves cues out, and nothing else takes them up: a screen
    /// reader reading the terminal (text heard) must not be handed an empty line.
    @Test func withoutACuePlayerACueGoesNowhere() {
        let text = LineRenderer(format: .text) { _ in }
        let routes: [OutputRouter.Route] = [.init(channel: .speech, renderer: SpeechOnly(), sense: .hearing),
                                            .init(channel: .text, renderer: text, sense: .hearing),
                                            .init(channel: .braille, renderer: BrailleRuleRenderer(), sense: .touch)]
        #expect(OutputRouter.deliveries(of: .cue(Self.tick, at: Self.frame), over: routes).isEmpty)
    }

    /// Cues come at a stage's frame rate; each hand-off returns at once and the words that follow
    /// are not held up by them.
    @Test func cuesNeverHoldUpWords() {
        let words = PriorityRecorder()
        let speech = SpeechWithCues(speech: words, cues: CuePlayer(output: RecordedToneOutput()))
        defer { speech.finish(timeoutSeconds: 1) }
        let started = MonotonicClock.now()
        for index in 0..<200 {
            speech.render(.cue(Tone(hertz: 1_000 + Double(index), seconds: 0.015, perSecond: 8), at: Self.frame))
        }
        speech.render(Self.sentence)
        let seconds = MonotonicClock.now().seconds(since: started)
        #expect(seconds < 0.05, "200 cues and a sentence took \(seconds) s to hand over")
        #expect(words.received == [Self.sentence])
    }

    /// When the sound device for cues did not open, speech goes on, and the first cue says why, once.
    @Test func unavailableCuesAreSaidOnceAndSpeechGoesOn() throws {
        let failure: RendererError
        do {
            _ = try CuePlayer(device: "sensecam-no-such-device")
            Issue.record("a device that does not exist opened")
            return
        } catch { failure = error }
        let reason = failure.description
        let words = PriorityRecorder()
        let speech = SpeechWithCues(speech: words, unavailable: failure, wording: .english)
        speech.render(Self.sentence)
        speech.render(.cue(Self.tick, at: Self.frame))
        speech.render(.cue(Self.tick, at: Self.frame))
        speech.render(Self.sentence)
        #expect(speech.conveys(.cue(Self.tick, at: Self.frame)))
        #expect(words.received.map(\.text) == [Self.sentence.text, reason, Self.sentence.text])
        #expect(words.received.dropFirst().first?.kind == .status)
        #expect(reason.hasPrefix("Cannot play tones: "), "\(reason)")
    }

    @Test func interruptAndFinishReachTheSpeechAndSilenceTheCue() {
        let words = RecordingRenderer("speech"), tones = RecordedToneOutput()
        let speech = SpeechWithCues(speech: words, cues: CuePlayer(output: tones))
        speech.render(.cue(Tone(hertz: 900, seconds: 0.5), at: Self.frame))
        Thread.sleep(forTimeInterval: 0.1)
        let asked = MonotonicClock.now()
        speech.interrupt()
        #expect(tones.sounds.allSatisfy { $0.end.seconds(since: asked) < 0.05 })
        speech.finish(timeoutSeconds: 1)
        #expect(words.said == ["<interrupt>", "<finish>"])
        #expect(tones.isClosed)
    }
}

/// A speech renderer as the real ones are: the protocol's default rule, words only.
private final class SpeechOnly: Renderer {
    func render(_ event: NarrationEvent) {}
    func interrupt() {}
    func finish(timeoutSeconds: Double) {}
}
