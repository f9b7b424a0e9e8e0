// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization
import Frames

/// Speech written to WAV files instead of the sound device: each utterance is synthesized by the
/// real espeak-ng and "played" against the clock (`speed` times faster than real time), so a
/// renderer's queue behaves as it would aloud. What was heard of each utterance (all of it, or
/// the part before it was stopped) goes to `directory/NNN.wav` and into `records`.
public final class WAVSpeechOutput: SpeechOutput {
    public struct Record: Sendable, Equatable {
        public var text: String
        public var path: String
        /// Seconds of speech synthesized for the utterance.
        public var duration: Double
        /// Seconds of it that were heard before it ended or was stopped.
        public var heard: Double
        public var interrupted: Bool
    }

    private struct Playing {
        var text: String
        var samples: [Int16]
        var sampleRate: Int
        var started: Timestamp
        var duration: Double { Double(samples.count) / Double(sampleRate) }
    }

    private struct State {
        var started: [String] = []
        var records: [Record] = []
        var playing: Playing?
        var closed = false
    }

    private let directory: String
    private let speed: Double
    private let synthesizer: EspeakSynthesizer
    private let state = Mutex(State())

    /// Borrows the process's synthesizer until `close`.
    public init(directory: String, settings: SpeechSettings, speed: Double = 1) throws(RendererError) {
        self.directory = directory
        self.speed = speed
        synthesizer = try EspeakSynthesizer(CVision_EspeakMemory, settings: settings)
    }

    /// Texts in the order they started to be said.
    public var startedTexts: [String] { state.withLock { $0.started } }
    /// Utterances that have ended (said in full or stopped), in order.
    public var records: [Record] { state.withLock { $0.records } }
    public var isClosed: Bool { state.withLock { $0.closed } }

    public func start(_ text: String) {
        stop()
        guard let audio = try? synthesizer.synthesize(text) else { return }
        state.withLock { state in
            state.started.append(text)
            state.playing = Playing(text: text, samples: audio.samples, sampleRate: audio.sampleRate,
                                    started: MonotonicClock.now())
        }
    }

    public func start(_ text: String, language: String) {
        synthesizer.use(language)
        start(text)
    }

    public var isSpeaking: Bool {
        state.withLock { state in
            guard let playing = state.playing else { return false }
            guard heardSeconds(of: playing) >= playing.duration else { return true }
            end(&state, heard: playing.duration)
            return false
        }
    }

    public func stop() {
        state.withLock { state in
            guard let playing = state.playing else { return }
            end(&state, heard: min(playing.duration, heardSeconds(of: playing)))
        }
    }

    public func close() {
        stop()
        synthesizer.close()
        state.withLock { $0.closed = true }
    }

    private func heardSeconds(of playing: Playing) -> Double {
        MonotonicClock.now().seconds(since: playing.started) * speed
    }

    /// Writes what was heard of the playing utterance and records it.
    private func end(_ state: inout State, heard: Double) {
        guard let playing = state.playing else { return }
        state.playing = nil
        let count = min(playing.samples.count, Int((heard * Double(playing.sampleRate)).rounded()))
        let path = directory + "/" + String(format: "%03d.wav", state.records.count + 1)
        try? WAVFile.write(Array(playing.samples.prefix(count)), sampleRate: playing.sampleRate, to: path)
        state.records.append(Record(text: playing.text, path: path, duration: playing.duration, heard: heard,
                                    interrupted: count < playing.samples.count))
    }
}
