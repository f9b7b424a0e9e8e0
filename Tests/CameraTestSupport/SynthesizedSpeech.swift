// SPDX-License-Identifier: GPL-3.0-or-later
// espeak-ng's real synthesis standing in for its playback, for tests on a machine with no
// sound device: what reached espeak-ng is measured from the audio it made.
import Foundation
import Perception
import Synchronization

/// A `SpeechOutput` for `EspeakRenderer(output:)` that has each utterance synthesized by the real
/// espeak-ng into a WAV file and then takes it as said at once. The process's one synthesizer is
/// borrowed for each utterance only, and waited for while another test has it, so suites that
/// use it never find it taken for long.
public final class SynthesizedSpeech: SpeechOutput, Sendable {
    public struct Utterance: Sendable, Equatable {
        public var text: String
        /// Seconds of audio espeak-ng made of it.
        public var seconds: Double
        /// The language of the voice it was said in (a BCP 47 code); empty for espeak-ng's default.
        public var language: String = ""
    }

    public let folder: String
    private let utterances = Mutex<[Utterance]>([])

    /// Writes into a fresh temporary folder, removed with this object.
    public init() throws {
        folder = NSTemporaryDirectory() + "sensecam-synthesized-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// What espeak-ng synthesized, in the order it was asked.
    public var said: [Utterance] { utterances.withLock { $0 } }

    public func start(_ text: String) {
        start(text, language: "")
    }

    public func start(_ text: String, language: String) {
        let path = folder + "/\(utterances.withLock { $0.count }).wav"
        let voice = SpeechSettings(language: language.isEmpty ? nil : language)
        for _ in 0..<400 {
            if (try? EspeakRenderer.synthesize(text, settings: voice, toWAV: path)) != nil { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        // 16-bit mono at espeak-ng's 22 050 Hz, after a 44-byte header.
        let seconds = Double(max(0, bytes - 44)) / 2 / 22_050
        utterances.withLock { $0.append(Utterance(text: text, seconds: seconds, language: language)) }
    }

    public var isSpeaking: Bool { false }
    public func stop() {}
    public func close() {}
}
