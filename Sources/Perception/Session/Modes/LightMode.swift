extension Mode {
    /// Light: how much light there is and where it mostly comes from, as a tone on the camera
    /// and a sentence when it changes and holds.
    public static let light = Mode(
        name: "light", announcement: .modeLight, group: .identifying, standsInFor: nil, batches: false,
        note: { _ in nil },
        makeStage: { _, _ in LightStage() },
        makeStill: { _ in
            MeasuredStill { image, source in
                let reading = try LightMeter().read(image)
                return (reading.sentence, LightRecords.light(source: source, reading))
            }
        })

    /// Colour: the colour at the centre of the view, in everyday words, corrected for the
    /// light's own colour.
    public static let colour = Mode(
        name: "colour", announcement: .modeColour, group: .identifying, standsInFor: nil, batches: false,
        note: { _ in nil },
        makeStage: { _, _ in ColourStage() },
        makeStill: { _ in
            MeasuredStill { image, source in
                let reading = try ColourReader().read(image)
                return (reading.sentence, LightRecords.colour(source: source, reading))
            }
        })
}

/// A still measured in one sentence (light, colour): said as a summary, with its record.
final class MeasuredStill: ImageAnalyzer {
    let measure: (Image, String) throws -> (sentence: String, record: JSONValue)

    init(_ measure: @escaping (Image, String) throws -> (sentence: String, record: JSONValue)) {
        self.measure = measure
    }

    func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let (sentence, record) = try measure(image, source)
        return ImageAnalysis(record: record,
                             events: [NarrationEvent(time: .zero, frame: 0, kind: .summary, priority: .message, text: sentence)])
    }
}
