import Perception

/// How text is read: `--language`.
enum ReadingOptions {
    static let language = Option<String>(
        "language", value: "code", help: "Tesseract language codes, joined by '+', e.g. eng+deu.",
        expected: "Tesseract language codes such as \"eng\" or \"eng+deu\"", default: PipelineSettings.defaultLanguage,
        shown: PipelineSettings.defaultLanguage,
        parse: { text in !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" } ? text : nil })

    static let specs = [language.spec]
}
