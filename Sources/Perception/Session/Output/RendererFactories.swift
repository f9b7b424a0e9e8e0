/// How renderers that need a device or a server are opened; tests swap in their own.
public struct RendererFactories: Sendable {
    public var speechDispatcher: @Sendable (SpeechSettings) throws -> any Renderer
    public var espeak: @Sendable (SpeechSettings) throws -> any Renderer
    /// Takes where the display's keys go (pause, and letters typed on it), if anywhere.
    public var braille: @Sendable (_ commands: (@Sendable (LiveCommand) -> Void)?) throws -> any Renderer
    /// The player for cues (tones and ticks) beside speech; nil plays none.
    public var cues: @Sendable () throws -> CuePlayer? = { nil }
    /// Connects to speech-dispatcher again after it stopped mid-run; nil uses `speechDispatcher`.
    public var speechDispatcherAgain: (@Sendable (SpeechSettings) throws -> any Renderer)? = nil
    /// The review cursor's own speech-dispatcher client; nil: its answers queue in the narration's speech.
    public var reviewSpeech: (@Sendable (SpeechSettings) throws -> any Renderer)? = nil

    public init(speechDispatcher: @escaping @Sendable (SpeechSettings) throws -> any Renderer,
                espeak: @escaping @Sendable (SpeechSettings) throws -> any Renderer,
                braille: @escaping @Sendable ((@Sendable (LiveCommand) -> Void)?) throws -> any Renderer,
                cues: @escaping @Sendable () throws -> CuePlayer? = { nil },
                speechDispatcherAgain: (@Sendable (SpeechSettings) throws -> any Renderer)? = nil,
                reviewSpeech: (@Sendable (SpeechSettings) throws -> any Renderer)? = nil) {
        self.speechDispatcher = speechDispatcher
        self.espeak = espeak
        self.braille = braille
        self.cues = cues
        self.speechDispatcherAgain = speechDispatcherAgain
        self.reviewSpeech = reviewSpeech
    }

    public static let system = RendererFactories(
        speechDispatcher: { try SpeechDispatcherRenderer(settings: $0) },
        espeak: { try EspeakRenderer(settings: $0) },
        braille: { try openBraille($0) },
        cues: { try CuePlayer() },
        // Not spawned from here: the user's session starts the server, and one that dies at
        // start would otherwise be spawned again every few seconds.
        speechDispatcherAgain: { try SpeechDispatcherRenderer(settings: $0, autospawn: false) },
        reviewSpeech: { try SpeechDispatcherRenderer(settings: $0, autospawn: false, clientName: SpeechDispatcherRenderer.reviewClientName) })

    /// BRLTTY's display, its keys turned into live commands.
    public static func openBraille(_ commands: (@Sendable (LiveCommand) -> Void)?) throws -> any Renderer {
        guard let commands else { return try BrailleRenderer() }
        return try BrailleRenderer(onKey: { key in
            if let command = KeyMap.command(for: key) { commands(command) }
        })
    }
}
