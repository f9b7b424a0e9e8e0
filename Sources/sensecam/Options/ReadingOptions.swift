import Perception

/// How text is read: `--language` (Tesseract's), and for still pictures `--engine` and
/// `--ocr-model` (the scene engine's model pair).
enum ReadingOptions {
    static let language = Option<String>(
        "language", value: "code", help: "Tesseract language codes, joined by '+', e.g. eng+deu.",
        expected: "Tesseract language codes such as \"eng\" or \"eng+deu\"", default: PipelineSettings.defaultLanguage,
        shown: PipelineSettings.defaultLanguage,
        parse: { text in !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" } ? text : nil })

    static let engine: Option<ReadingEngine> = .choice(
        "engine", value: "engine",
        help: "Which engine reads a picture: page (Tesseract, for pages), scene (signs, labels, packaging, screens), or auto (decides from the picture).",
        default: .auto)

    static let ocrModel: Option<SceneTextModel> = .choice(
        "ocr-model", value: "model", help: "The scene engine's model: small reads more, tiny is faster.", default: .small)

    /// One sentence when `auto` must read every picture as a page because the scene models
    /// were never fetched; nil otherwise.
    static func missingSceneModelsNote(_ settings: PipelineSettings) -> String? {
        guard settings.engine == .auto, let file = Pipelines.sceneTextMissing(settings) else { return nil }
        return "The scene-text model \(file) was not found, so pictures are read as pages; run 'make setup' to fetch it."
    }

    static let specs = [language.spec]
    /// For the commands that read still pictures (read, batch).
    static let pictureSpecs = [engine.spec, ocrModel.spec]
}
