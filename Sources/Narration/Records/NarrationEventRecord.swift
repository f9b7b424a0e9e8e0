// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// A narration event as one JSON line: what `--output jsonl` writes for `aware`, `read` and
/// `check-camera`, and the only shape the renderers' JSON Lines channel knows.
/// Fields are described in docs/records.md.
extension NarrationEvent {
    /// Milliseconds are finer than any frame interval, so more places would be noise.
    package static let secondsDecimals = 3
    /// Decimetres: the estimate is only good to tens of percent, but a consumer may still
    /// want to compare or plot it, so it keeps one place more than the spoken words.
    static let distanceDecimals = 1

    /// `{"t", "frame", "kind", "priority", "text", "language", "objects"}` in that order, numbers rounded
    /// by `JSONValue`'s rule (trailing zeros dropped); guidance events add `"edges"`, cues `"tone"`,
    /// and a line of a reading that the next text event continues `"joins_next"`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("t", .number(time.seconds, decimals: Self.secondsDecimals)),
            ("frame", .integer(frame)),
            ("kind", .string(kind.rawValue)),
            ("priority", .string(priority.rawValue)),
            ("text", .string(text)),
            ("language", .string(language)),
            ("objects", .array(objects.map(\.json))),
        ]
        if kind == .guidance { members.append(("edges", .array(edges.map { .string($0) }))) }
        if kind == .cue, let tone {
            members.append(("tone", .object([
                ("hz", .number(tone.hertz, decimals: 0)),
                ("seconds", .number(tone.seconds, decimals: Self.secondsDecimals)),
                ("per_second", .number(tone.perSecond, decimals: 1)),
            ])))
        }
        if let joinsNext { members.append(("joins_next", .string(joinsNext.rawValue))) }
        return .object(members)
    }
}

extension NarratedObject {
    /// `{"label", "confidence", "box", "track", "direction", "distance_m", "state"}`;
    /// `direction` is the clock hour as an integer, `track` null for an object seen in one
    /// picture only, `distance_m` null when unknown.
    public var json: JSONValue {
        .object([
            ("label", .string(label)),
            ("confidence", JSONValue.confidence(confidence)),
            ("box", JSONValue.box(box)),
            ("track", track.map { .integer($0) } ?? .null),
            ("direction", .integer(direction.hour)),
            ("distance_m", distanceMetres.map { .number($0, decimals: NarrationEvent.distanceDecimals) } ?? .null),
            ("state", .string(state.rawValue)),
        ])
    }
}
