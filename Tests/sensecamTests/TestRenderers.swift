// SPDX-License-Identifier: GPL-3.0-or-later
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
            speechDispatcher: { try SpeechDispatcherRenderer(settings: $0, wording: $1, address: address, autospawn: false) },
            espeak: { _, _ in EspeakRenderer(output: espeak, wording: .english) }, braille: { _, _, _ in throw Unavailable() },
            reviewSpeech: { try SpeechDispatcherRenderer(settings: $0, wording: $1, address: address, autospawn: false,
                                                         clientName: SpeechDispatcherRenderer.reviewClientName) })
    }

    static func braille(_ server: BrailleServer) -> RendererFactories {
        RendererFactories(
            speechDispatcher: { _, _ in throw Unavailable() }, espeak: { _, _ in throw Unavailable() },
            braille: { commands, wording, grade in
                try BrailleRenderer(host: server.host, auth: server.auth, wording: wording, grade: grade,
                                    onKey: { key in if let command = KeyMap.command(for: key) { commands?(command) } })
            })
    }
}
