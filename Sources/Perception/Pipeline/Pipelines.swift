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

/// How each mode's stages are put together from `PipelineSettings`, for the mode
/// descriptions (`Mode`); nothing else assembles a stage.
public enum Pipelines {
    /// Awareness with one network for frames taken one at a time; with `workers` > 0 also
    /// that many single-threaded networks, for the stream engine to detect ahead with.
    public static func awareness(_ settings: PipelineSettings, workers: Int = 0) throws -> AwarenessStage {
        let stage = AwarenessStage(step: try settings.detection.makeStep(),
                                   workerSteps: try (0..<workers).map { _ in try settings.detection.makeStep(singleThreaded: true) },
                                   narrator: AwarenessNarrator(policy: settings.narration, wording: settings.wording))
        stage.signs = SignGlance(wording: settings.wording) { try SceneTextReader(settings: settings.sceneText.live) }
        return stage
    }

    public static func pageReading(_ settings: PipelineSettings) throws -> DocumentReader {
        DocumentReader(recognizer: try TextRecognizer(language: settings.language), wording: settings.wording)
    }

    public static func shortText(_ settings: PipelineSettings) throws -> ShortTextReader {
        ShortTextReader(reader: try SceneTextReader(settings: settings.sceneText.live),
                        returnAfterSeconds: settings.narration.returnAfterSeconds, wording: settings.wording)
    }

    public static func scanning(_ settings: PipelineSettings) throws -> CodeScanner {
        CodeScanner(products: try productLookup(settings), revealSecrets: settings.scan.revealSecrets)
    }

    /// The products database's sentence for a product number, when a database is set; nil
    /// (codes said by number alone) otherwise. A database that cannot be opened is an error.
    static func productLookup(_ settings: PipelineSettings) throws -> (@Sendable (String) -> String?)? {
        guard let path = settings.scan.productsDatabase else { return nil }
        let database = try ProductDatabase(path: path)
        return { code in
            // A failing read is not "not there": then nothing is said rather than absence asserted.
            do {
                return try database.lookup(code).map { ProductSentence.spoken($0) } ?? ProductSentence.notInDatabase
            } catch {
                return nil
            }
        }
    }

    /// `read`'s analyzer for `settings.engine`. `auto` without the scene models (not fetched)
    /// reads every picture as a page; `sceneTextMissing` tells a command so, to say it once.
    static func readAnalyzer(_ settings: PipelineSettings) throws -> ReadAnalyzer {
        let recognizer = settings.engine == .scene ? nil : try TextRecognizer(language: settings.language)
        let scene = settings.engine == .page ? nil : try optionalSceneReader(settings)
        return ReadAnalyzer(recognizer: recognizer, scene: scene, engine: settings.engine, wording: settings.wording)
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
