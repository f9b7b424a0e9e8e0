import Options
import Perception

/// `light IMAGE` and `colour IMAGE`: one picture measured, its sentence said on the profile's
/// channels, or its measurements printed as one JSON object with `--json`.
struct StillMeasurement {
    /// A measurement of a picture: the sentence to say and the record `--json` prints.
    typealias Measure = @Sendable (_ image: Image, _ path: String) throws -> (sentence: String, record: JSONValue)

    static let argument = ArgumentSpec(name: "image", help: Message(.helpMeasureImage))
    static let options = [OutputOptions.jsonSpec, InputOptions.limitSpec] + OutputOptions.specs

    let path: String
    let printsJSON: Bool
    let output: NarrationOutput
    let limit: PixelLimit

    init(_ command: ParsedCommand) throws(UsageError) {
        let settings = try Settings(command)
        guard let path = settings.image else {
            preconditionFailure("the parser refuses a command line without the required image")
        }
        self.path = path
        limit = settings.input.limit
        printsJSON = settings.output.json
        output = NarrationOutput(settings)
    }

    func run(in context: CommandContext, measure: Measure) throws -> Int32 {
        let image: Image
        do { image = try ImageFile.load(path, limit: limit) } catch { throw RuntimeFailure(error) }
        let result: (sentence: String, record: JSONValue)
        do { result = try measure(image, path) } catch { throw RuntimeFailure(error) }
        if printsJSON {
            context.console.print(result.record.serialized())
            return 0
        }
        let router = output.router(in: context)
        return try router.narrate {
            router.render(NarrationEvent(time: .zero, frame: 0, kind: .summary, priority: .message, text: result.sentence))
        }
    }
}
