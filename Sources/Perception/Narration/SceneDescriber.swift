/// Words for the objects in one still image: one hedged sentence per kind of object in
/// each direction, e.g. "Probably two people, on the left." It never says something is
/// absent — with nothing confident it returns no captions and the caller speaks
/// `nothingConfident`, a sentence about the tool rather than the world.
public struct SceneDescriber: Sendable {
    /// For the caller when `captions(for:…)` is empty: what the tool could not do, not a
    /// claim that nothing is there.
    public static let nothingConfident = "Nothing recognised with confidence."
    /// The last caption when groups were left out: vague on purpose, so it hedges itself.
    public static let otherObjects = "Other objects too."
    /// One group plus the "other objects" sentence is the least that still says something.
    public static let minimumCaptions = 2

    public let horizontalFieldOfView: Double
    public let maxCaptions: Int

    /// - Parameters:
    ///   - degrees: the camera's horizontal field of view; 60° suits most webcams.
    ///   - maxCaptions: at most this many sentences per image, counting "Other objects
    ///     too."; six is about what a listener holds in mind at once. Raised to 2 if lower.
    public init(horizontalFieldOfView degrees: Double = 60, maxCaptions: Int = 6) {
        self.horizontalFieldOfView = degrees
        self.maxCaptions = max(Self.minimumCaptions, maxCaptions)
    }

    /// One detection kind in one direction and one confidence band.
    struct Group {
        var label: String
        var direction: Direction
        var band: ConfidenceBand
        var count = 0
        var totalArea = 0.0
        var bestConfidence = 0.0

        var sentence: String {
            let noun = ObjectNoun(label: label).phrase(count: count)
            return "\(band.word) \(noun), \(direction.phrase)."
        }
    }

    /// Captions in speaking order, at most `maxCaptions`, priority `.text` (a newer image
    /// replaces them). `imageHeight` is accepted for symmetry with the frame size; only the
    /// horizontal position is spoken.
    public func captions(for detections: [Detection], imageWidth: Int, imageHeight: Int) -> [Caption] {
        let groups = self.groups(detections, imageWidth: imageWidth)
        let kept = groups.count > maxCaptions ? Array(groups.prefix(maxCaptions - 1)) : groups
        var captions = kept.map {
            Caption(text: $0.sentence, priority: .text, confidence: $0.bestConfidence)
        }
        if kept.count < groups.count {
            let cutConfidence = groups[kept.count...].map(\.bestConfidence).max() ?? 0
            captions.append(Caption(text: Self.otherObjects, priority: .text, confidence: cutConfidence))
        }
        return captions
    }

    /// Narratable detections grouped by (label, direction, band) and sorted: "probably"
    /// before "possibly", then more objects first, then more of the image covered.
    func groups(_ detections: [Detection], imageWidth: Int) -> [Group] {
        struct Key: Hashable {
            var label: String
            var direction: Direction
            var band: ConfidenceBand
        }
        var byKey: [Key: Group] = [:]
        for detection in detections {
            guard let band = ConfidenceBand(confidence: detection.confidence) else { continue }
            let direction = Direction(
                of: detection.box, imageWidth: imageWidth, horizontalFieldOfView: horizontalFieldOfView)
            let key = Key(label: ObjectNoun.normalized(detection.label), direction: direction, band: band)
            var group = byKey[key] ?? Group(label: key.label, direction: direction, band: band)
            group.count += 1
            group.totalArea += detection.box.area
            group.bestConfidence = max(group.bestConfidence, detection.confidence)
            byKey[key] = group
        }
        return byKey.values.sorted { a, b in
            if a.band != b.band { return a.band > b.band }
            if a.count != b.count { return a.count > b.count }
            if a.totalArea != b.totalArea { return a.totalArea > b.totalArea }
            // Ties broken by name and side so the same image always sounds the same.
            if a.label != b.label { return a.label < b.label }
            return a.direction.rawValue < b.direction.rawValue
        }
    }
}
