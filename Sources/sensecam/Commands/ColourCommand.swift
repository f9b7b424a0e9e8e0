import Options
import Perception

/// `colour IMAGE` (or `color IMAGE`): the colour of what is at the centre of the picture.
struct ColourCommand: Command {
    static let spec = CommandSpec(
        name: "colour",
        aliases: ["color"],
        abstract: Message(.helpColour),
        discussion: Message(.helpColourDiscussion),
        arguments: [StillMeasurement.argument],
        options: StillMeasurement.options)

    let still: StillMeasurement

    init(_ command: ParsedCommand) throws(UsageError) {
        still = try StillMeasurement(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try still.run(in: context) { image, path in
            let reading = try ColourReader().read(image)
            return (reading.sentence, LightRecords.colour(source: path, reading))
        }
    }
}
