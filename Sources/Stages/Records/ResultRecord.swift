// SPDX-License-Identifier: GPL-3.0-or-later
import Frames
import Seeing
import Narration

/// The JSON records `aware`, `read` and `batch` print, in the schema the README documents.
public enum ResultRecord {
    static let pixelDecimals = JSONValue.pixelDecimals

    /// `place`: for a still summed up (`--summary`), the place guessed (nil: none) and the light.
    public static func aware(source: String, width: Int, height: Int, detections: [Detection],
                             captions: [Caption], place: (guess: PlaceGuess?, light: LightBand)? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("source", .string(source)),
            ("width", .integer(width)),
            ("height", .integer(height)),
            ("detections", .array(detections.map { detection in
                .object([
                    ("label", .string(detection.label)),
                    ("confidence", confidence(detection.confidence)),
                    ("box", box(detection.box)),
                ])
            })),
            ("captions", captionArray(captions)),
        ]
        if let place {
            fields.append(("place", place.guess.map(self.place) ?? .null))
            fields.append(("light", .string(place.light.rawValue)))
        }
        return .object(fields)
    }

    /// The place guessed: its name, its hedge, and the kinds of object that point to it.
    static func place(_ guess: PlaceGuess) -> JSONValue {
        var kinds: [String] = []
        for object in guess.evidence where !kinds.contains(object.label) { kinds.append(object.label) }
        return .object([("name", .string(guess.place.rawValue)), ("band", .string(guess.band.name)),
                        ("evidence", .array(kinds.map { .string($0) }))])
    }

    public static func read(source: String, page: PageReading, captions: [Caption], engine: ReadingEngine,
                            describer: ReadingDescriber) -> JSONValue {
        let spoken = describer.spokenLines(of: page)
        return .object([
            ("source", .string(source)),
            ("engine", .string(engine.rawValue)),
            ("language", .string(describer.lineWording.language)),
            ("width", .integer(page.width)),
            ("height", .integer(page.height)),
            ("text", .string(page.text)),
            ("lines", .array(zip(page.lines, spoken).map { line, spoken in
                var fields: [(String, JSONValue)] = [
                    ("text", .string(line.text)),
                    ("spoken", .string(spoken)),
                    ("confidence", confidence(line.confidence)),
                    ("box", box(line.box)),
                ]
                if let quad = line.quad {
                    fields.append(("quad", .array(quad.corners.flatMap { [$0.x, $0.y] }.map { .number($0, decimals: pixelDecimals) })))
                }
                fields.append(("block", .integer(line.paragraph)))
                return .object(fields)
            })),
            ("captions", captionArray(captions)),
        ])
    }

    /// A batch item that could not be processed: the sentence says why and what to do.
    public static func failure(source: String, error: String) -> JSONValue {
        .object([("source", .string(source)), ("error", .string(error))])
    }

    static func captionArray(_ captions: [Caption]) -> JSONValue {
        .array(captions.map { caption in
            .object([
                ("text", .string(caption.text)),
                ("priority", .string(caption.priority.rawValue)),
                ("confidence", confidence(caption.confidence)),
            ])
        })
    }

    static func confidence(_ value: Double) -> JSONValue { JSONValue.confidence(value) }

    static func box(_ box: Box) -> JSONValue { JSONValue.box(box) }
}
