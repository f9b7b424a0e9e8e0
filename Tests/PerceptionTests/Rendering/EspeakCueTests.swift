// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
import Testing

/// Cues beside espeak-ng's real speech: quieter than it, and never in its way.
extension EspeakRendererTests {
    /// Measured: speech RMS 0.088 (3 words) and 0.105 (20 words), peaks 0.69 and 0.92; a cue at
    /// 1 kHz or 4 kHz RMS 0.071, peak 0.1.
    @Test(arguments: [1_000.0, 4_000.0])
    func aCueIsQuieterThanSpeech(hertz: Double) throws {
        try TestResources.withTemporaryDirectory { folder in
            let tone = folder.appendingPathComponent("tone.wav").path
            try WAVFile.write(ToneSynthesis.samples(hertz: hertz, seconds: 0.5), sampleRate: ToneSynthesis.sampleRate, to: tone)
            let cue = try Sox.stat(tone)
            for text in [Self.threeWords, Self.twentyWords] {
                let speech = folder.appendingPathComponent("speech.wav").path
                try EspeakRenderer.synthesize(text, settings: SpeechSettings(), toWAV: speech)
                let voice = try Sox.stat(speech)
                #expect(cue.rms < voice.rms && cue.maximum < voice.maximum / 4,
                        "cue RMS \(cue.rms), peak \(cue.maximum); speech RMS \(voice.rms), peak \(voice.maximum)")
            }
        }
    }

    /// A reading line with a tick train held through it: the line starts as soon as it would
    /// alone, is said in full, and the ticks are heard meanwhile; an interrupt silences both.
    @Test func aCueNeitherDelaysNorCutsOffSpeech() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            let tones = RecordedToneOutput()
            let channel = SpeechWithCues(speech: run.renderer, cues: CuePlayer(output: tones))
            let frame = Frame(image: try TestResources.greyImage(width: 2, height: 2) { _, _ in 0 }, timestamp: .zero, index: 0)
            let tick = Tone(hertz: 1_500, seconds: 0.015, perSecond: 8)
            channel.render(.cue(tick, at: frame))
            let asked = MonotonicClock.now()
            channel.render(Self.event(Self.reading, .message))
            try run.waitUntilStarted(1)
            #expect(MonotonicClock.now().seconds(since: asked) < 0.5, "the line waited for the cue")
            let end = MonotonicClock.now().adding(seconds: 0.6)
            while MonotonicClock.now() < end {
                channel.render(.cue(tick, at: frame))
                Thread.sleep(forTimeInterval: 0.05)
            }
            channel.finish(timeoutSeconds: 20)
            let record = try #require(run.output.records.first)
            #expect(run.output.records.count == 1 && !record.interrupted, "\(run.output.records)")
            #expect(tones.sounds.count >= 4, "ticks heard: \(tones.sounds.count)")
            #expect(tones.isClosed)
        }
    }
}
