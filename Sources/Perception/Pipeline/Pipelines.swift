import Foundation

/// Everything a pipeline is built from, as a command's options (and the settings file) give
/// it. One value serves every pipeline, so a live session's modes share it: what the user
/// configured for awareness still holds after switching to it from reading.
public struct PipelineSettings: Sendable {
    public var detection: DetectionSettings
    /// Narration's rules: verbosity, field of view, when to announce again, summaries.
    public var narration: NarrationPolicy
    /// Tesseract language codes, joined by '+'.
    public var language: String
    /// Which engine reads a still picture.
    public var engine: ReadingEngine
    /// The scene engine's model and limits.
    public var sceneText: SceneTextSettings
    /// Scanning codes: the products database, and whether secrets (Wi-Fi passwords) are said.
    public var scan: ScanSettings = ScanSettings()
    /// The words every stage speaks in, loaded once.
    public var wording: Wording = .english

    public static let defaultLanguage = "eng"

    public init(detection: DetectionSettings = DetectionSettings(), narration: NarrationPolicy = NarrationPolicy(),
                language: String = defaultLanguage, engine: ReadingEngine = .auto, sceneText: SceneTextSettings = SceneTextSettings()) {
        self.detection = detection
        self.narration = narration
        self.language = language
        self.engine = engine
        self.sceneText = sceneText
    }
}

/// The pipelines a stream can run.
public enum StreamPipeline: Sendable, CaseIterable {
    /// Objects: detect, track, narrate.
    case awareness
    /// A page held up: framing guidance, then the page read once from several good frames.
    case pageReading
    /// Any short text that comes into view (signs, labels, screens), each line once.
    case shortText
    /// Codes: aiming guidance while one is glimpsed, each code read said once.
    case scanning
}

/// The pipelines a still image can go through.
public enum ImagePipeline: Sendable {
    case awareness, reading, scan
}

/// The one place each pipeline is put together from `PipelineSettings`: commands ask for a
/// pipeline here and never assemble stages themselves. New pipelines join this list.
public enum Pipelines {
    /// Awareness with one network for frames taken one at a time; with `workers` > 0 also
    /// that many single-threaded networks, for the stream engine to detect ahead with.
    public static func awareness(_ settings: PipelineSettings, workers: Int = 0) throws -> AwarenessStage {
        let stage = AwarenessStage(step: try settings.detection.makeStep(),
                                   workerSteps: try (0..<workers).map { _ in try settings.detection.makeStep(singleThreaded: true) },
                                   narrator: AwarenessNarrator(policy: settings.narration))
        stage.signs = SignGlance { try SceneTextReader(settings: settings.sceneText.live) }
        return stage
    }

    public static func pageReading(_ settings: PipelineSettings) throws -> DocumentReader {
        DocumentReader(recognizer: try TextRecognizer(language: settings.language), wording: settings.wording)
    }

    public static func shortText(_ settings: PipelineSettings) throws -> ShortTextReader {
        ShortTextReader(reader: try SceneTextReader(settings: settings.sceneText.live), wording: settings.wording,
                        returnAfterSeconds: settings.narration.returnAfterSeconds)
    }

    public static func scanning(_ settings: PipelineSettings) throws -> CodeScanner {
        CodeScanner(wording: settings.wording, products: try productLookup(settings), revealSecrets: settings.scan.revealSecrets)
    }

    /// The products database's sentence for a product number, when a database is set; nil
    /// (codes said by number alone) otherwise. A database that cannot be opened is an error.
    static func productLookup(_ settings: PipelineSettings) throws -> (@Sendable (String) -> String?)? {
        guard let path = settings.scan.productsDatabase else { return nil }
        let database = try ProductDatabase(path: path)
        let sentences = ProductSentence(wording: settings.wording)
        return { code in
            // A failing read is not "not there": then nothing is said rather than absence asserted.
            do {
                return try database.lookup(code).map(sentences.spoken) ?? sentences.notInDatabase
            } catch {
                return nil
            }
        }
    }

    /// A stream of `pipeline` over `source`, its engines loaded now. Every frame of a
    /// recording (`clock` every-frame) is detected ahead on one single-threaded network per
    /// core, side by side, and tracked and narrated in order (on two cores, two such networks
    /// get more frames through than one network on both, whose threads wait on each other).
    /// A live or real-time stream takes the newest frame through one network.
    public static func stream(_ pipeline: StreamPipeline, from source: any FrameSource, clock: StreamClock,
                              settings: PipelineSettings) throws -> StreamEngine {
        let stage: any StreamStage
        switch pipeline {
        case .awareness:
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let ahead = clock == .everyFrame && !source.isLive && cores > 1
            stage = try awareness(settings, workers: ahead ? cores : 0)
        case .pageReading:
            stage = try pageReading(settings)
        case .shortText:
            stage = try shortText(settings)
        case .scanning:
            stage = try scanning(settings)
        }
        return StreamEngine(source: source, stage: stage, clock: clock)
    }

    /// A live session starting in `mode`, each other mode built (from the same settings) the
    /// first time the user switches to it. The starting mode's engine is loaded now, so a
    /// missing model or language is said before the camera starts.
    public static func live(starting mode: LiveSession.Mode, _ settings: PipelineSettings) throws -> LiveSession {
        let session = LiveSession(mode: mode, makers: [
            .aware: { try awareness(settings) }, .read: { try pageReading(settings) },
            .shortText: { try shortText(settings) }, .scan: { try scanning(settings) },
            .light: { LightStage(wording: settings.wording) }, .colour: { ColourStage(wording: settings.wording) },
        ])
        try session.prepare()
        return session
    }

    /// Makes one analyzer for a still image; a batch calls it once per worker.
    public static func imageAnalyzer(_ pipeline: ImagePipeline, _ settings: PipelineSettings)
        -> @Sendable () throws -> any ImageAnalyzer {
        switch pipeline {
        case .awareness: { AwareAnalyzer(step: try settings.detection.makeStep(), policy: settings.narration) }
        case .reading: { try readAnalyzer(settings) }
        case .scan: {
            ScanAnalyzer(wording: settings.wording, products: try productLookup(settings), revealSecrets: settings.scan.revealSecrets)
        }
        }
    }

    /// `read`'s analyzer for `settings.engine`. `auto` without the scene models (not fetched)
    /// reads every picture as a page; `sceneTextMissing` tells a command so, to say it once.
    static func readAnalyzer(_ settings: PipelineSettings) throws -> ReadAnalyzer {
        let recognizer = settings.engine == .scene ? nil : try TextRecognizer(language: settings.language)
        let scene = settings.engine == .page ? nil : try optionalSceneReader(settings)
        return ReadAnalyzer(recognizer: recognizer, scene: scene, wording: settings.wording, engine: settings.engine)
    }

    private static func optionalSceneReader(_ settings: PipelineSettings) throws(SceneTextError) -> SceneTextReader? {
        if settings.engine == .auto, sceneTextMissing(settings) != nil { return nil }
        return try SceneTextReader(settings: settings.sceneText)
    }

    /// The scene-text file `make setup` has not fetched yet, if any, for `settings`' model.
    public static func sceneTextMissing(_ settings: PipelineSettings) -> String? {
        let model = settings.sceneText.model
        for file in [model.detectorFile, model.recognizerFile, model.dictionaryFile, SceneTextModel.orientationFile] {
            if (try? SceneTextFiles.locate(file)) == nil { return file }
        }
        return nil
    }
}
