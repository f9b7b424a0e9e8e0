import Perception

/// `aware IMAGE` and `read IMAGE`: one image, one analyzer, sentences or one JSON object.
/// (`aware` is declared in AwareCommand, which also narrates video.)
enum StillImageCommand {
    static let read = CommandSpec(
        name: "read",
        abstract: "Read the text in an image aloud, line by line, in reading order.",
        discussion: "Words Tesseract is unsure of are spoken as \"(unclear)\" rather than guessed.",
        arguments: [ArgumentSpec(name: "image", help: "The image to read (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM).")],
        options: [CommonOptions.json] + CommonOptions.readingOptions)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let makeAnalyzer = command.path.last == "aware"
            ? try CommonOptions.awareAnalyzer(command)
            : try CommonOptions.readAnalyzer(command)
        guard let path = command.argument("image") else {
            throw UsageError.missingArgument("<image>", path: command.path)
        }
        // The image is checked before the engine starts: a typo in the path should not cost
        // a model load, and its sentence is the one the user needs.
        let image: Image
        do { image = try ImageFile.load(path) } catch { throw RuntimeFailure(error) }
        let analysis: ImageAnalysis
        do { analysis = try makeAnalyzer().analyze(image, source: path) } catch { throw RuntimeFailure(error) }
        if command.flag("json") {
            console.print(analysis.record.serialized())
        } else {
            for caption in analysis.captions { console.print(caption.text) }
        }
        return 0
    }
}
