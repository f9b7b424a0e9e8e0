import Options
import Perception

/// `aware IMAGE` and `read IMAGE`: one image through one analyzer, said on the profile's
/// channels, or printed as one JSON object with `--json`.
struct StillImage {
    let path: String
    let printsJSON: Bool
    let output: NarrationOutput
    let limit: PixelLimit

    init(_ settings: Settings, path: String) {
        self.path = path
        limit = settings.input.limit
        printsJSON = settings.output.json
        output = NarrationOutput(settings)
    }

    func run(_ pipeline: ImagePipeline, settings: PipelineSettings, in context: CommandContext) throws -> Int32 {
        // The image is checked before the engine starts: a typo in the path should not cost
        // a model load, and its sentence is the one the user needs.
        let image: Image
        do { image = try ImageFile.load(path, limit: limit) } catch { throw RuntimeFailure(error) }
        if pipeline == .reading, let note = ReadingOptions.missingSceneModelsNote(settings) { context.console.report(Wording.english(note)) }
        let analysis: ImageAnalysis
        do { analysis = try Pipelines.imageAnalyzer(pipeline, settings)().analyze(image, source: path) } catch {
            throw RuntimeFailure(error)
        }
        if printsJSON {
            context.console.print(analysis.record.serialized())
            return 0
        }
        let router = output.router(in: context)
        return try router.narrate { for event in analysis.events { router.render(event) } }
    }
}
