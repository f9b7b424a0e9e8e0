import CameraTestSupport
import Perception

import Options
@testable import sensecam

/// The channels the in-process end-to-end tests give a command instead of the system's: the
/// test's own speech-dispatcher with espeak-ng synthesizing into files behind it, or the test's
/// BRLTTY alone, its keys turned into live commands as the tool does.
extension RendererFactories {
    struct Unavailable: Error {}

    static func speech(_ server: SpeechDispatcherServer, thenEspeak espeak: SynthesizedSpeech) -> RendererFactories {
        let address = server.address
        return RendererFactories(
            speechDispatcher: { try SpeechDispatcherRenderer(settings: $0, address: address, autospawn: false) },
            espeak: { _ in EspeakRenderer(output: espeak) }, braille: { _ in throw Unavailable() },
            reviewSpeech: { try SpeechDispatcherRenderer(settings: $0, address: address, autospawn: false,
                                                         clientName: SpeechDispatcherRenderer.reviewClientName) })
    }

    static func braille(_ server: BrailleServer) -> RendererFactories {
        RendererFactories(
            speechDispatcher: { _ in throw Unavailable() }, espeak: { _ in throw Unavailable() },
            braille: { commands in
                try BrailleRenderer(host: server.host, auth: server.auth,
                                    onKey: { key in if let command = KeyMap.command(for: key) { commands?(command) } })
            })
    }
}
