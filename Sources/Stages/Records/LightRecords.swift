// SPDX-License-Identifier: GPL-3.0-or-later
import Frames
import Seeing
import Narration

/// The JSON objects of `light IMAGE --json` and `colour IMAGE --json`: the sentence and the
/// measurements behind it (docs/records.md, "Light and colour records").
public enum LightRecords {
    public static func light(source: String, _ reading: LightReading) -> JSONValue {
        .object([
            ("source", .string(source)),
            ("sentence", .string(reading.sentence)),
            ("brightness", .number(reading.brightness, decimals: 3)),
            ("band", .string(reading.band.rawValue)),
            ("direction", reading.direction.map { .string($0.rawValue) } ?? .null),
            ("tone_hz", .number(reading.tonePitch, decimals: 1)),
        ])
    }

    public static func colour(source: String, _ reading: ColourReading) -> JSONValue {
        let balance = reading.whiteBalance
        return .object([
            ("source", .string(source)),
            ("sentence", .string(reading.sentence)),
            ("colour", reading.name.map { .string($0.name) } ?? .null),
            ("family", reading.name.map { .string($0.family) } ?? .null),
            ("lab", .array([reading.colour.lightness, reading.colour.a, reading.colour.b].map { .number($0, decimals: 1) })),
            ("share", .number(reading.share, decimals: 3)),
            ("second", reading.second.map { .string($0.name) } ?? .null),
            ("second_share", .number(reading.secondShare, decimals: 3)),
            ("white_balance", .object([
                ("applied", .bool(balance.isApplied)),
                ("gains", triple(balance.gains)),
                ("estimated_light", balance.estimatedLight.map(triple) ?? .null),
            ])),
        ])
    }

    private static func triple(_ colour: LinearRGB) -> JSONValue {
        .array([colour.red, colour.green, colour.blue].map { .number($0, decimals: 3) })
    }
}
