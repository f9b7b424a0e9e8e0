import Options
import Perception

/// `light IMAGE`: how much light is in the picture and where it mostly comes from.
struct LightCommand: Command {
    static let spec = CommandSpec(
        name: "light",
        abstract: Message(.helpLight),
        discussion: Message(.helpLightDiscussion),
        arguments: [StillMeasurement.argument],
        options: StillMeasurement.options)

    let still: StillMeasurement

    init(_ command: ParsedCommand) throws(UsageError) {
        still = try StillMeasurement(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try still.run(in: context) { image, path in
            let reading = try LightMeter().read(image)
            return (reading.sentence, LightRecords.light(source: path, reading))
        }
    }
}
