import Perception

/// `light IMAGE`: how much light is in the picture and where it mostly comes from.
struct LightCommand: Command {
    static let spec = CommandSpec(
        name: "light",
        abstract: "Say how much light there is in an image and where it mostly comes from.",
        discussion: """
            Says one of "Dark.", "Dim light.", "Moderate light." or "Bright light.", adding \
            "mostly from the left" (right, above, below) when one side is clearly brighter. The \
            camera's own exposure evens out some of the difference between rooms. On the camera \
            the same is heard as a tone whose pitch rises with the brightness, from 220 Hz for \
            black to 1760 Hz for white.
            """,
        arguments: [StillMeasurement.argument],
        options: StillMeasurement.options)

    let still: StillMeasurement

    init(_ command: ParsedCommand) throws(UsageError) {
        still = try StillMeasurement(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try still.run(in: context) { image, path in
            let reading = try LightMeter(wording: .english).read(image)
            return (reading.sentence, LightRecords.light(source: path, reading))
        }
    }
}
