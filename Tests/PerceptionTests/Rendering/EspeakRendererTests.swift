// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
import Testing

/// Real libespeak-ng synthesis, checked with sox; and the renderer's priority behaviour with the
/// real synthesizer behind it, writing each utterance to a WAV file instead of the sound device.
/// Serialized: the process has one espeak-ng synthesizer, lent to one owner at a time.
@Suite(.serialized) struct EspeakRendererTests {
    static let threeWords = "Chair ahead, left."
    static let twentyWords = "A person is standing about three metres away at two o'clock, and a door "
        + "is open on your right side."

    // MARK: Synthesis to WAV

    /// Measured with espeak-ng 1.51 (en, 175 words a minute): 3 words 1.11 s, 20 words 5.03 s;
    /// RMS amplitude 0.088 and 0.105, maximum 0.69 and 0.92.
    @Test func synthesisIsNotSilentAndGrowsWithTheText() throws {
        try TestResources.withTemporaryDirectory { folder in
            let short = folder.appendingPathComponent("short.wav").path
            let long = folder.appendingPathComponent("long.wav").path
            try EspeakRenderer.synthesize(Self.threeWords, settings: SpeechSettings(), toWAV: short)
            try EspeakRenderer.synthesize(Self.twentyWords, settings: SpeechSettings(), toWAV: long)
            let shortSeconds = try Sox.duration(short), longSeconds = try Sox.duration(long)
            #expect((0.6...2.5).contains(shortSeconds), "3 words took \(shortSeconds) s")
            #expect((4.0...10.0).contains(longSeconds), "20 words took \(longSeconds) s")
            #expect(longSeconds > 3 * shortSeconds)
            for path in [short, long] {
                let stat = try Sox.stat(path)
                #expect(stat.rms > 0.02, "\(path) is nearly silent: RMS \(stat.rms)")
                #expect(stat.maximum > 0.2, "\(path) peaks at only \(stat.maximum)")
            }
        }
    }

    /// Measured: the 20-word sentence lasts 10.59 s at rate -100 (80 words a minute), 5.03 s at 0
    /// (175) and 2.02 s at 100 (450).
    @Test func rateChangesDuration() throws {
        try TestResources.withTemporaryDirectory { folder in
            var seconds: [Int: Double] = [:]
            for rate in [-100, 0, 100] {
                let path = folder.appendingPathComponent("rate\(rate).wav").path
                try EspeakRenderer.synthesize(Self.twentyWords, settings: SpeechSettings(rate: rate), toWAV: path)
                seconds[rate] = try Sox.duration(path)
            }
            let slow = try #require(seconds[-100]), normal = try #require(seconds[0]), fast = try #require(seconds[100])
            #expect(slow > 1.6 * normal, "slow \(slow) s, normal \(normal) s")
            #expect(fast < 0.6 * normal, "fast \(fast) s, normal \(normal) s")
        }
    }

    @Test(arguments: [(-200, 80), (-100, 80), (-50, 128), (0, 175), (50, 312), (100, 450), (300, 450)])
    func rateMapsOntoWordsPerMinute(rate: Int, wordsPerMinute: Int) {
        #expect(EspeakRenderer.wordsPerMinute(rate: rate) == wordsPerMinute)
    }

    @Test func voiceIsChosenByLanguage() throws {
        try TestResources.withTemporaryDirectory { folder in
            let german = folder.appendingPathComponent("de.wav").path
            try EspeakRenderer.synthesize("Eine Tür ist offen.", settings: SpeechSettings(language: "de"), toWAV: german)
            #expect(try Sox.duration(german) > 0.5)
            #expect(throws: RendererError(.espeakNoVoice, ["language": .text("xx")])) {
                try EspeakRenderer.synthesize("Hello.", settings: SpeechSettings(language: "xx"),
                                              toWAV: folder.appendingPathComponent("xx.wav").path)
            }
        }
    }

    /// This machine has no sound device: playback must refuse in one sentence, quickly (measured
    /// 0.30 s: espeak-ng gives up opening ALSA in ~2 ms, then 0.3 s without an end-of-message
    /// event confirms it), and leave the synthesizer usable. Where a device exists, it must speak.
    @Test func playbackWithoutASoundDeviceFailsCleanly() throws {
        let started = MonotonicClock.now()
        do {
            let renderer = try EspeakRenderer(settings: SpeechSettings(), wording: .english)
            renderer.render(NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: "Ready."))
            let finishing = MonotonicClock.now()
            renderer.finish(timeoutSeconds: 5)
            #expect(MonotonicClock.now().seconds(since: finishing) > 0.2, "a spoken sentence takes time to say")
        } catch {
            let seconds = MonotonicClock.now().seconds(since: started)
            #expect(error == RendererError(.espeakNoSoundDevice))
            #expect(seconds < 1, "failing took \(seconds) s")
        }
        try TestResources.withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("after.wav").path
            try EspeakRenderer.synthesize(Self.threeWords, settings: SpeechSettings(), toWAV: path)
            #expect(try Sox.duration(path) > 0.6)
        }
    }

    @Test func theSynthesizerIsLentToOneOwnerAtATime() throws {
        try TestResources.withTemporaryDirectory { folder in
            let output = try WAVSpeechOutput(directory: folder.path, settings: SpeechSettings())
            #expect(throws: RendererError(.espeakInUse)) {
                try EspeakRenderer.synthesize("Hello.", settings: SpeechSettings(), toWAV: folder.path + "/busy.wav")
            }
            output.close()
            try EspeakRenderer.synthesize("Hello.", settings: SpeechSettings(), toWAV: folder.path + "/free.wav")
        }
    }

    /// "71 ms" reaches espeak-ng as "71 milliseconds" (espeak-ng alone says "em ess"). Measured:
    /// "Latency 71 ms." 1.53 s, "Latency 71 milliseconds." 1.98 s.
    @Test func symbolsAreSpelledOutBeforeSynthesis() throws {
        try TestResources.withTemporaryDirectory { folder in
            let raw = folder.appendingPathComponent("raw.wav").path
            let spelled = folder.appendingPathComponent("spelled.wav").path
            try EspeakRenderer.synthesize("Latency 71 ms.", settings: SpeechSettings(), toWAV: raw)
            try EspeakRenderer.synthesize("Latency 71 milliseconds.", settings: SpeechSettings(), toWAV: spelled)
            let rawSeconds = try Sox.duration(raw), spelledSeconds = try Sox.duration(spelled)
            #expect(spelledSeconds > rawSeconds + 0.2, "raw \(rawSeconds) s, spelled \(spelledSeconds) s")

            let run = try SpeechRun(folder: folder, speed: 20)
            run.renderer.render(Self.event("Latency 71 ms.", .message))
            run.renderer.finish(timeoutSeconds: 10)
            let record = try #require(run.output.records.first)
            #expect(record.text == "Latency 71 milliseconds.")
            #expect(abs(try Sox.duration(record.path) - spelledSeconds) < 0.1)
        }
    }

    /// Each utterance is said in a voice for its language: a German line in an English session in
    /// the German voice, and the next English one in the English voice again. Measured: "Die
    /// Wasserversorgung wird unterbrochen." is 2.04 s in espeak-ng's German voice, 2.27 s in its
    /// English one.
    @Test func eachUtteranceIsSaidInItsLanguagesVoice() throws {
        let sentence = "Die Wasserversorgung wird unterbrochen."
        try TestResources.withTemporaryDirectory { folder in
            var seconds: [String: Double] = [:]
            for language in ["de", "en"] {
                let path = folder.appendingPathComponent("\(language).wav").path
                try EspeakRenderer.synthesize(sentence, settings: SpeechSettings(language: language), toWAV: path)
                seconds[language] = try Sox.duration(path)
            }
            let german = try #require(seconds["de"]), english = try #require(seconds["en"])
            #expect(abs(german - english) > 0.15, "German \(german) s, English \(english) s")
            let run = try SpeechRun(folder: folder, speed: 20)
            for language in ["de", "en"] {
                var event = Self.event(sentence, .message)
                event.language = language
                run.renderer.render(event)
            }
            run.renderer.finish(timeoutSeconds: 10)
            let said = run.output.records.map(\.duration)
            #expect(said.count == 2)
            #expect(abs((said.first ?? 0) - german) < 0.05, "said \(said), German \(german) s")
            #expect(abs((said.last ?? 0) - english) < 0.05, "said \(said), English \(english) s")
        }
    }

    // MARK: Priorities with the real synthesizer

    static let awareness = "A person is standing about three metres away at two o'clock, coming closer."
    static let reading = "Chapter one. It was a bright cold day in April, and the clocks were striking thirteen."

    /// Measured: 0.81 s of the 4.0 s awareness sentence is heard before the hazard cuts in.
    @Test func hazardInterruptsAwarenessText() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            run.renderer.render(Self.event(Self.awareness, .text))
            try run.waitUntilStarted(1)
            Thread.sleep(forTimeInterval: 0.2)  // 0.8 s of the 4 s sentence at this speed
            run.renderer.render(Self.event("Stop. Step down ahead.", .important))
            run.renderer.finish(timeoutSeconds: 10)
            let records = run.output.records
            try #require(records.count == 2)
            #expect(records[0].text == Self.awareness)
            #expect(records[0].interrupted)
            let heard = try Sox.duration(records[0].path)
            #expect(heard > 0.5 && heard < records[0].duration - 1, "heard \(heard) s of \(records[0].duration) s")
            #expect(records[1].text == "Stop. Step down ahead.")
            #expect(!records[1].interrupted)
            #expect(abs(try Sox.duration(records[1].path) - records[1].duration) < 0.01, "the hazard was said in full")
        }
    }

    @Test func readingIsNotCutOffByAwarenessText() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            run.renderer.render(Self.event(Self.reading, .message))
            try run.waitUntilStarted(1)
            run.renderer.render(Self.event(Self.awareness, .text))
            run.renderer.render(Self.event("Battery low.", .notification))
            run.renderer.finish(timeoutSeconds: 20)
            let records = run.output.records
            #expect(records.map(\.text) == [Self.reading, Self.awareness], "the notification is dropped")
            #expect(records.allSatisfy { !$0.interrupted })
            let first = try #require(records.first)
            #expect(abs(try Sox.duration(first.path) - first.duration) < 0.01)
            #expect(first.duration > 4, "the reading line lasts \(first.duration) s")
        }
    }

    /// Newer narration waits for the end of the sentence being said: a listener hears every
    /// sentence whole or not at all (under SSIP's text rule the first was cut off mid-way).
    @Test func newerAwarenessTextWaitsForTheSentenceBeingSaid() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            run.renderer.render(Self.event(Self.awareness, .text, frame: 30))
            try run.waitUntilStarted(1)
            run.renderer.render(Self.event("Table at twelve o'clock.", .text, frame: 60))
            run.renderer.finish(timeoutSeconds: 20)
            #expect(run.output.startedTexts == [Self.awareness, "Table at twelve o'clock."])
            #expect(run.output.records.allSatisfy { !$0.interrupted }, "no sentence was cut off")
        }
    }

    @Test func newerAwarenessTextReplacesAnOlderOneWaiting() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            run.renderer.render(Self.event(Self.reading, .message))
            try run.waitUntilStarted(1)
            run.renderer.render(Self.event("Chair at eleven o'clock.", .text, frame: 30))
            run.renderer.render(Self.event("Table at twelve o'clock.", .text, frame: 60))
            run.renderer.finish(timeoutSeconds: 20)
            #expect(run.output.startedTexts == [Self.reading, "Table at twelve o'clock."])
            #expect(run.output.records.allSatisfy { !$0.interrupted })
        }
    }

    /// Measured: interrupt() returns 2.4-4 ms after it is called (debug build), with the output
    /// silenced; the hand-off to the speech thread is 0.06 ms, the rest is writing the WAV file
    /// of what was heard.
    @Test func interruptStopsAtOnceAndEmptiesTheQueue() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 4)
            run.renderer.render(Self.event(Self.reading, .message))
            run.renderer.render(Self.event("Page two.", .message))
            run.renderer.render(Self.event(Self.awareness, .text))
            try run.waitUntilStarted(1)
            Thread.sleep(forTimeInterval: 0.2)
            let asked = MonotonicClock.now()
            run.renderer.interrupt()
            let latency = MonotonicClock.now().seconds(since: asked)
            #expect(latency < 0.25, "interrupt took \(latency) s")
            let stopped = try #require(run.output.records.first, "the reading line must have ended at the interrupt")
            #expect(stopped.interrupted)
            #expect(stopped.heard < stopped.duration - 1)
            #expect(abs(try Sox.duration(stopped.path) - stopped.heard) < 0.01)
            Thread.sleep(forTimeInterval: 0.5)  // longer than "Page two." at this speed
            #expect(run.output.startedTexts == [Self.reading], "nothing queued is said after an interrupt")
            run.renderer.render(Self.event("Resumed.", .message))
            run.renderer.finish(timeoutSeconds: 10)
            #expect(run.output.startedTexts == [Self.reading, "Resumed."], "speech goes on after an interrupt")
            #expect(run.output.isClosed)
        }
    }

    @Test func finishGivesUpAfterItsTimeout() throws {
        try TestResources.withTemporaryDirectory { folder in
            let run = try SpeechRun(folder: folder, speed: 1)
            run.renderer.render(Self.event(Self.reading, .message))
            try run.waitUntilStarted(1)
            let asked = MonotonicClock.now()
            run.renderer.finish(timeoutSeconds: 0.3)
            let seconds = MonotonicClock.now().seconds(since: asked)
            #expect((0.25...1.0).contains(seconds), "finish took \(seconds) s")
            #expect(run.output.records.first?.interrupted == true)
            #expect(run.output.isClosed)
        }
    }

    // MARK: Helpers

    /// An event seen at `frame` (narration of different frames is of different moments).
    static func event(_ text: String, _ priority: Priority, frame: Int = 0) -> NarrationEvent {
        NarrationEvent(time: Timestamp(microseconds: Int64(frame) * 33_333), frame: frame,
                       kind: priority == .important ? .hazard : .objects, priority: priority, text: text)
    }

    /// A renderer speaking into WAV files in `folder`, `speed` times faster than real time.
    struct SpeechRun {
        let output: WAVSpeechOutput
        let renderer: EspeakRenderer

        init(folder: URL, speed: Double) throws {
            output = try WAVSpeechOutput(directory: folder.path, settings: SpeechSettings(), speed: speed)
            renderer = EspeakRenderer(output: output, wording: .english)
        }

        func waitUntilStarted(_ count: Int, seconds: Double = 5) throws {
            let deadline = MonotonicClock.now().adding(seconds: seconds)
            while output.startedTexts.count < count {
                guard MonotonicClock.now() < deadline else {
                    throw TestResources.Missing(description: "Fewer than \(count) utterances started within \(seconds) s.")
                }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
    }
}

/// sox, the measuring instrument for the WAV files.
enum Sox {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `sox --i -D`: seconds.
    static func duration(_ path: String) throws -> Double {
        let output = try run(["--i", "-D", path]).stdout
        guard let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "sox gave no duration for \(path): \(output)")
        }
        return seconds
    }

    /// `sox FILE -n stat` (which reports on stderr): RMS and maximum amplitude, 0-1.
    static func stat(_ path: String) throws -> (rms: Double, maximum: Double) {
        let report = try run([path, "-n", "stat"]).stderr
        func value(_ label: String) throws -> Double {
            guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix(label) }),
                  let number = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
            else { throw Failure(description: "sox stat reported no \(label) for \(path).") }
            return number
        }
        return (try value("RMS     amplitude"), try value("Maximum amplitude"))
    }

    private static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sox"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            throw Failure(description: "sox could not be run (\(error)); install it with 'make test-packages'.")
        }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "sox \(arguments.joined(separator: " ")) failed: \(stderr)")
        }
        return (stdout, stderr)
    }
}
