// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization
import Frames

/// The process's one espeak-ng synthesizer, borrowed for playback or for synthesis into memory
/// (libespeak-ng is global and cannot be restarted; see CVisionEspeak.h).
final class EspeakSynthesizer: @unchecked Sendable {
    // Safe: used by one thread at a time (the renderer's thread, or the caller of a one-off
    // synthesis); `handle` changes only in `close`, called by that same thread.
    private var handle: OpaquePointer?
    /// The language of the voice in use; nil for espeak-ng's default.
    private var language: String?

    init(_ output: CVision_EspeakOutput, settings: SpeechSettings) throws(RendererError) {
        let wordsPerMinute = Int32(EspeakRenderer.wordsPerMinute(rate: settings.rate))
        var handle: OpaquePointer?
        let result = callShim { CVision_espeak_create(output, settings.language, wordsPerMinute, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw Self.notStarted(result.status, language: settings.language) }
        self.handle = handle
        language = settings.language
    }

    /// Why the synthesizer could not be borrowed, worded from the shim's status.
    static func notStarted(_ status: CVision_Status, language: String?) -> RendererError {
        switch status {
        case CVision_ErrorNoSoundDevice: RendererError(.espeakNoSoundDevice)
        case CVision_ErrorInUse: RendererError(.espeakInUse)
        // NULL asks for espeak-ng's default voice, which is English.
        case CVision_ErrorNoLanguage: RendererError(.espeakNoVoice, ["language": .text(language ?? "en")])
        default: RendererError(.espeakCouldNotStart)
        }
    }

    /// Takes a voice for `language` (a BCP 47 code) for what comes next, when it is not the one in
    /// use; empty keeps the voice. A language espeak-ng has no voice for keeps it too: the
    /// words are said, if not well, rather than lost.
    func use(_ language: String) {
        guard let handle, !language.isEmpty, language != self.language else { return }
        if callShim({ CVision_espeak_set_language(handle, language, $0, $1) }).status == CVision_OK { self.language = language }
    }

    deinit { close() }

    /// Hands the synthesizer back so another owner may borrow it.
    func close() {
        CVision_espeak_destroy(handle)
        handle = nil
    }

    func speak(_ text: String) throws(RendererError) {
        guard let handle else { return }
        let result = callShim { CVision_espeak_speak(handle, text, $0, $1) }
        guard result.status == CVision_OK else { throw RendererError(.espeakCouldNotSpeak) }
    }

    var isSpeaking: Bool { handle.map { CVision_espeak_is_speaking($0) != 0 } ?? false }

    func cancel() {
        if let handle { CVision_espeak_cancel(handle) }
    }

    func synthesize(_ text: String) throws(RendererError) -> (samples: [Int16], sampleRate: Int) {
        guard let handle else { throw RendererError(.speechSynthesizerClosed) }
        var samples: UnsafeMutablePointer<Int16>?
        var count = 0
        var sampleRate: Int32 = 0
        let result = callShim { CVision_espeak_synthesize(handle, text, &samples, &count, &sampleRate, $0, $1) }
        guard result.status == CVision_OK, let samples else { throw RendererError(.espeakCouldNotSpeak) }
        defer { CVision_buffer_destroy(samples) }
        return (Array(UnsafeBufferPointer(start: samples, count: count)), Int(sampleRate))
    }
}
