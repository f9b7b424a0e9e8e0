// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization

/// Where an `EspeakRenderer` sends its utterances: the sound device, or WAV files
/// (`WAVSpeechOutput`) so tests can hear the queue's behaviour. Called only from the
/// renderer's thread.
public protocol SpeechOutput: AnyObject, Sendable {
    /// Starts saying `text` and returns at once; a failure leaves `isSpeaking` false.
    func start(_ text: String)
    /// Starts saying `text` in a voice for `language` (a BCP 47 code; empty: the voice in use).
    func start(_ text: String, language: String)
    /// Whether the utterance started last is still being said.
    var isSpeaking: Bool { get }
    /// Silences the current utterance at once.
    func stop()
    /// Releases the device or synthesizer; nothing is said afterwards.
    func close()
}

extension SpeechOutput {
    /// An output with one voice says everything in it.
    public func start(_ text: String, language: String) { start(text) }
}

/// The sound device, through espeak-ng's own asynchronous playback.
final class EspeakPlayback: SpeechOutput, @unchecked Sendable {
    // Safe: after `init`, used only from the renderer's thread.
    private let synthesizer: EspeakSynthesizer

    init(settings: SpeechSettings) throws(RendererError) {
        synthesizer = try EspeakSynthesizer(CVision_EspeakPlayback, settings: settings)
    }

    func start(_ text: String) { try? synthesizer.speak(text) }

    func start(_ text: String, language: String) {
        synthesizer.use(language)
        start(text)
    }
    var isSpeaking: Bool { synthesizer.isSpeaking }
    func stop() { synthesizer.cancel() }
    func close() { synthesizer.close() }
}
