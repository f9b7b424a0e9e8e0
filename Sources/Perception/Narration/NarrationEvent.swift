/// What a narration event is about. Renderers may treat kinds differently (a braille
/// display may skip `progress`); the JSON writes the raw value.
public enum NarrationKind: String, Sendable, CaseIterable {
    case objects, hazard, text, guidance, status, summary, progress, error
}

/// One object behind an event's sentence, as the tracker last saw it.
public struct NarratedObject: Sendable, Equatable {
    /// Why the object is being mentioned now.
    public enum State: String, Sendable, CaseIterable {
        /// First seen (its track has just been confirmed).
        case new
        /// Growing steadily in the frame: coming closer, or the user walking towards it.
        case approaching
        /// Seen again after being out of view for a while.
        case returned
        /// Still in view; mentioned again in a summary or a reminder.
        case present
    }

    /// The detector's label, as the model names it.
    public var label: String
    /// 0–1.
    public var confidence: Double
    /// In frame pixels.
    public var box: Box
    /// The tracker's id, stable while the object stays in view.
    public var track: Int
    public var direction: ClockDirection
    /// Nil when the distance could not be estimated (unknown size, or the box is cut off).
    public var distanceMetres: Double?
    public var state: State

    public init(label: String, confidence: Double, box: Box, track: Int, direction: ClockDirection,
                distanceMetres: Double?, state: State) {
        self.label = label
        self.confidence = confidence
        self.box = box
        self.track = track
        self.direction = direction
        self.distanceMetres = distanceMetres
        self.state = state
    }

    /// `{"label", "confidence", "box", "track", "direction", "distance_m", "state"}`;
    /// `direction` is the clock hour as an integer, `distance_m` null when unknown.
    public var json: JSONValue {
        .object([
            ("label", .string(label)),
            ("confidence", ResultRecord.confidence(confidence)),
            ("box", ResultRecord.box(box)),
            ("track", .integer(track)),
            ("direction", .integer(direction.hour)),
            ("distance_m", distanceMetres.map { .number($0, decimals: NarrationEvent.distanceDecimals) } ?? .null),
            ("state", .string(state.rawValue)),
        ])
    }
}

/// The one contract between seeing and saying: one sentence, already hedged, with the
/// moment it belongs to and the objects behind it. Every renderer consumes this and nothing
/// else; the JSON Lines output is this type serialised, one event per line.
public struct NarrationEvent: Sendable, Equatable {
    /// Stream time of the frame the sentence describes (not when it was spoken).
    public var time: Timestamp
    /// Index of that frame in the stream.
    public var frame: Int
    public var kind: NarrationKind
    public var priority: Priority
    /// One sentence, already hedged.
    public var text: String
    /// The objects the sentence is about; empty for status, progress and error events.
    public var objects: [NarratedObject]
    /// For framing guidance: the page edges that are out of view ("top", "left", …).
    public var edges: [String]

    public init(time: Timestamp, frame: Int, kind: NarrationKind, priority: Priority, text: String,
                objects: [NarratedObject] = [], edges: [String] = []) {
        self.time = time
        self.frame = frame
        self.kind = kind
        self.priority = priority
        self.text = text
        self.objects = objects
        self.edges = edges
    }

    /// Milliseconds are finer than any frame interval, so more places would be noise.
    static let secondsDecimals = 3
    /// Decimetres: the estimate is only good to tens of percent, but a consumer may still
    /// want to compare or plot it, so it keeps one place more than the spoken words.
    static let distanceDecimals = 1

    /// `{"t", "frame", "kind", "priority", "text", "objects"}` in that order, numbers rounded
    /// by `JSONValue`'s rule (trailing zeros dropped); guidance events add `"edges"`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("t", .number(time.seconds, decimals: Self.secondsDecimals)),
            ("frame", .integer(frame)),
            ("kind", .string(kind.rawValue)),
            ("priority", .string(priority.rawValue)),
            ("text", .string(text)),
            ("objects", .array(objects.map(\.json))),
        ]
        if kind == .guidance { members.append(("edges", .array(edges.map { .string($0) }))) }
        return .object(members)
    }
}

extension NarrationEvent {
    /// Said once when a recording ends, so the listener is not left waiting.
    public static func endOfStream(at time: Timestamp, frame: Int) -> NarrationEvent {
        NarrationEvent(time: time, frame: frame, kind: .status, priority: .message, text: "End of video.")
    }
}
