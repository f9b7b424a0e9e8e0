// SPDX-License-Identifier: GPL-3.0-or-later
import Seeing

/// Which room (or street) a picture probably shows, guessed from the kinds of object in it and
/// hedged by how strong that evidence is: a bed at 87 percent is "probably a bedroom", a lone
/// car at 54 percent only "possibly a street", and a picture of people, a teddy bear or a
/// plate of food no place at all. The detector knows no rooms, so the guess never says more
/// than its objects do, and a picture whose objects point to two places names neither.
public struct PlaceGuess: Sendable, Equatable {
    public enum Place: String, Sendable, CaseIterable {
        case kitchen, bedroom, bathroom
        case livingRoom = "living room"
        case office, street
    }

    public var place: Place
    public var band: ConfidenceBand
    /// The objects that point to the place, most confident first; the first of them spoken
    /// (at least `ConfidenceBand.possiblyFloor`) is the one a sentence names.
    public var evidence: [NarratedObject]

    public init(place: Place, band: ConfidenceBand, evidence: [NarratedObject]) {
        self.place = place
        self.band = band
        self.evidence = evidence
    }

    /// What points to one place: `decisive` kinds are seldom anywhere else (a bed, a toilet,
    /// a bus); `supporting` kinds are often there but also elsewhere (a car in a garage, a
    /// laptop on a sofa); a place needs at least `fewestKinds` of its kinds.
    public struct Rule: Sendable {
        public var place: Place
        public var decisive: Set<String>
        public var supporting: Set<String>
        public var fewestKinds: Int

        public var kinds: Set<String> { decisive.union(supporting) }
    }

    /// The rules, measured on the 64 shared COCO pictures (their places judged by eye,
    /// Tests/PerceptionTests/Fixtures/coco-val-places.tsv). A sink is in kitchens and
    /// bathrooms alike and a TV in living rooms and offices, so those two support a place but
    /// never make it alone. An office is a desk-like set: two of its kinds, as one laptop is
    /// anywhere. A dining table is not a dining room: restaurant tables and close-ups of
    /// plates are dining tables too.
    public static let rules: [Rule] = [
        Rule(place: .kitchen, decisive: ["oven", "refrigerator"], supporting: ["microwave", "toaster", "sink"], fewestKinds: 1),
        Rule(place: .bedroom, decisive: ["bed"], supporting: [], fewestKinds: 1),
        Rule(place: .bathroom, decisive: ["toilet"], supporting: ["sink"], fewestKinds: 1),
        Rule(place: .livingRoom, decisive: ["couch"], supporting: ["tv"], fewestKinds: 1),
        Rule(place: .office, decisive: [], supporting: ["laptop", "keyboard", "mouse", "tv"], fewestKinds: 2),
        Rule(place: .street, decisive: ["bus", "traffic light", "stop sign", "fire hydrant", "parking meter"],
             supporting: ["car", "truck", "motorcycle", "bicycle", "train"], fewestKinds: 1),
    ]

    /// Kinds that more than one place claims: never a place's only evidence.
    static let sharedKinds: Set<String> = {
        var seen: Set<String> = [], shared: Set<String> = []
        for kind in rules.flatMap(\.kinds) where !seen.insert(kind).inserted { shared.insert(kind) }
        return shared
    }()

    /// Objects from this confidence up to `ConfidenceBand.possiblyFloor` are faint evidence:
    /// never said and never a place alone, but a second kind can lean on them. It is the
    /// detector's own default floor; below it (a lowered `--min-confidence`) nothing counts.
    public static let faintFloor = DetectionSettings.defaultMinConfidence

    /// The place `objects` point to, or nil when they point to none, or to two equally.
    public static func guess(_ objects: [NarratedObject]) -> PlaceGuess? {
        let found = rules.compactMap { guess($0, objects) }
        guard let strongest = found.max(by: { $0.band < $1.band }) else { return nil }
        let rivals = found.filter { $0.place != strongest.place }
        // Two places as likely as each other: naming either would be a coin toss.
        if rivals.contains(where: { $0.band == strongest.band }) { return nil }
        // A weaker rival still lowers the hedge: the picture is not all of one place.
        guard rivals.isEmpty else { return PlaceGuess(place: strongest.place, band: .possibly, evidence: strongest.evidence) }
        return strongest
    }

    /// One rule against the objects: "probably" for a decisive kind at the probably band, or
    /// two kinds spoken, one at the probably band; "possibly" for a decisive kind spoken, two
    /// kinds seen of which one is decisive or spoken, or one kind spoken that no other
    /// place claims.
    static func guess(_ rule: Rule, _ objects: [NarratedObject]) -> PlaceGuess? {
        let evidence = objects.filter { $0.confidence >= faintFloor && rule.kinds.contains(ObjectNoun.normalized($0.label)) }
            .sorted { $0.confidence > $1.confidence }
        var strongest: [String: Double] = [:]
        for object in evidence {
            let kind = ObjectNoun.normalized(object.label)
            strongest[kind] = max(strongest[kind] ?? 0, object.confidence)
        }
        guard strongest.count >= rule.fewestKinds else { return nil }
        func band(_ kind: String) -> ConfidenceBand? { ConfidenceBand(confidence: strongest[kind] ?? 0) }
        let spoken = strongest.keys.filter { band($0) != nil }
        let decisive = strongest.keys.filter(rule.decisive.contains)
        let result: ConfidenceBand?
        if decisive.contains(where: { band($0) == .probably })
            || (spoken.count >= 2 && spoken.contains { band($0) == .probably }) {
            result = .probably
        } else if decisive.contains(where: { band($0) != nil })
                    || (strongest.count >= 2 && strongest.keys.contains { rule.decisive.contains($0) || band($0) != nil })
                    || (rule.fewestKinds == 1 && spoken.contains { !sharedKinds.contains($0) }) {
            result = .possibly
        } else {
            result = nil
        }
        return result.map { PlaceGuess(place: rule.place, band: $0, evidence: evidence) }
    }
}
