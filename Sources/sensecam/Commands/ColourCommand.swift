import Perception

/// `colour IMAGE` (or `color IMAGE`): the colour of what is at the centre of the picture.
struct ColourCommand: Command {
    static let spec = CommandSpec(
        name: "colour",
        aliases: ["color"],
        abstract: "Say the colour of what is at the centre of an image, in everyday words.",
        discussion: """
            Looks at the middle third of the picture, ignoring the edges, and names its main \
            colour with one of 31 everyday names ("dark blue", "beige", "light grey"). A centre \
            of two colours is said as "Mostly dark blue, with white." and one of many colours \
            as "Mixed colours, mostly red." The colour of the light is estimated from the rest of \
            the picture and corrected, so a white cup under a warm lamp is still white; a picture \
            that gives no believable estimate (one colour all round) is left as it is. 'color' \
            works too.
            """,
        arguments: [StillMeasurement.argument],
        options: StillMeasurement.options)

    let still: StillMeasurement

    init(_ command: ParsedCommand) throws(UsageError) {
        still = try StillMeasurement(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try still.run(in: context) { image, path in
            let reading = try ColourReader(wording: .english).read(image)
            return (reading.sentence, LightRecords.colour(source: path, reading))
        }
    }
}
