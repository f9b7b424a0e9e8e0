import Perception

/// `aware IMAGE` and `read IMAGE`: one image, one analyzer, sentences or one JSON object.
/// (The commands are declared in AwareCommand and ReadCommand, which also handle video.)
enum StillImageCommand {
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
            return 0
        }
        let router = OutputAssembly.router(try OutputOptions.plan(command), speech: try OutputOptions.speechSettings(command),
                                           console: console)
        return try CommonOptions.narrate(router) {
            for caption in analysis.captions { router.render(caption.event(isReading: command.path.last == "read")) }
        }
    }
}

extension Caption {
    /// A still image's sentence as a narration event at time zero, so every channel takes it.
    func event(isReading: Bool) -> NarrationEvent {
        NarrationEvent(time: .zero, frame: 0, kind: isReading ? .text : .objects, priority: isReading ? .message : priority,
                       text: text)
    }
}
