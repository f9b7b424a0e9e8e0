// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Stages
import Rendering

/// How renderers that need a device or a server are opened; tests swap in their own.
/// Each takes the session's wording, which its channel's own words are in.
public struct RendererFactories: Sendable {
    public var speechDispatcher: @Sendable (SpeechSettings, Wording) throws -> any Renderer
    public var espeak: @Sendable (SpeechSettings, Wording) throws -> any Renderer
    /// Takes where the display's keys go (pause, and letters typed on it), if anywhere, and
    /// the braille grade the wording's language is written in.
    public var braille: @Sendable (_ commands: (@Sendable (LiveCommand) -> Void)?, Wording, BrailleGrade) throws -> any Renderer
    /// The player for cues (tones and ticks) beside speech; nil plays none.
    public var cues: @Sendable () throws -> CuePlayer? = { nil }
    /// Connects to speech-dispatcher again after it stopped mid-run; nil uses `speechDispatcher`.
    public var speechDispatcherAgain: (@Sendable (SpeechSettings, Wording) throws -> any Renderer)? = nil
    /// The review cursor's own speech-dispatcher client; nil: its answers queue in the narration's speech.
    public var reviewSpeech: (@Sendable (SpeechSettings, Wording) throws -> any Renderer)? = nil

    public init(speechDispatcher: @escaping @Sendable (SpeechSettings, Wording) throws -> any Renderer,
                espeak: @escaping @Sendable (SpeechSettings, Wording) throws -> any Renderer,
                braille: @escaping @Sendable ((@Sendable (LiveCommand) -> Void)?, Wording, BrailleGrade) throws -> any Renderer,
                cues: @escaping @Sendable () throws -> CuePlayer? = { nil },
                speechDispatcherAgain: (@Sendable (SpeechSettings, Wording) throws -> any Renderer)? = nil,
                reviewSpeech: (@Sendable (SpeechSettings, Wording) throws -> any Renderer)? = nil) {
        self.speechDispatcher = speechDispatcher
        self.espeak = espeak
        self.braille = braille
        self.cues = cues
        self.speechDispatcherAgain = speechDispatcherAgain
        self.reviewSpeech = reviewSpeech
    }

    public static let system = RendererFactories(
        speechDispatcher: { try SpeechDispatcherRenderer(settings: $0, wording: $1) },
        espeak: { try EspeakRenderer(settings: $0, wording: $1) },
        braille: { try openBraille($0, wording: $1, grade: $2) },
        cues: { try CuePlayer() },
        // Not spawned from here: the user's session starts the server, and one that dies at
        // start would otherwise be spawned again every few seconds.
        speechDispatcherAgain: { try SpeechDispatcherRenderer(settings: $0, wording: $1, autospawn: false) },
        reviewSpeech: { try SpeechDispatcherRenderer(settings: $0, wording: $1, autospawn: false,
                                                     clientName: SpeechDispatcherRenderer.reviewClientName) })

    /// BRLTTY's display, its keys turned into live commands.
    public static func openBraille(_ commands: (@Sendable (LiveCommand) -> Void)?, wording: Wording,
                                   grade: BrailleGrade = .computer) throws -> any Renderer {
        guard let commands else { return try BrailleRenderer(wording: wording, grade: grade) }
        return try BrailleRenderer(wording: wording, grade: grade, onKey: { key in
            if let command = KeyMap.command(for: key) { commands(command) }
        })
    }
}
