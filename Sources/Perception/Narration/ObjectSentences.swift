/// Objects of one kind, at one clock hour, in one confidence band, at one moment: what one
/// sentence is about.
public struct ObjectGroup: Sendable, Equatable {
    /// The label in spoken form (lower case, single spaces).
    public var label: String
    public var band: ConfidenceBand
    public var direction: ClockDirection
    public var count: Int
    /// The nearest estimate in the group; nil when none of them could be estimated.
    public var distanceMetres: Double?
    /// The highest confidence in the group, 0–1.
    public var confidence: Double

    public init(label: String, band: ConfidenceBand, direction: ClockDirection, count: Int,
                distanceMetres: Double?, confidence: Double) {
        self.label = label
        self.band = band
        self.direction = direction
        self.count = count
        self.distanceMetres = distanceMetres
        self.confidence = confidence
    }

    /// Whether `object` is one of this group's: same kind, hour and band.
    public func holds(_ object: NarratedObject) -> Bool {
        label == ObjectNoun.normalized(object.label) && direction == object.direction
            && band == ConfidenceBand(confidence: object.confidence)
    }
}

/// The words for objects, wherever they were seen — a video, the live camera, the `d` key, a
/// still image: "Probably two people, at 11 o'clock." Every sentence hedges by confidence
/// band — terse speech included — and none ever claims that something is absent: with
/// nothing to say the tool speaks about itself (`nothingConfident`), never about the world.
public enum ObjectSentences {
    /// Said when no object is confident enough to name: what the tool could not do, not a
    /// claim that nothing is there.
    public static let nothingConfident = "Nothing recognised with confidence."
    /// Closes a description that left groups out: vague on purpose, so it hedges itself.
    public static let otherObjects = "Other objects too."
    /// Sentences describing one picture: six is about what a listener holds in mind at once.
    public static let maximumPictureSentences = 6
    /// Plain-language guidance keeps spoken sentences under about twenty words: longer ones
    /// are hard to hold in mind when heard once, while walking.
    public static let maximumWords = 20
    /// A detailed summary may run to twice that: the listener asked for distances and
    /// confidences, and its semicolons split it into parts that each stay under twenty.
    public static let maximumDetailedSummaryWords = 40
    /// The one-word hedge of terse speech for the "possibly" band; "probably" stays unsaid
    /// there, so the hedge itself marks the weaker guess.
    static let terseHedge = "maybe"
    static let summaryOpening = "In view:"

    // MARK: Sentences

    /// One group in words: "Probably two people, at 11 o'clock." (normal), with distance and
    /// confidence added at detailed — "Probably a person, at 11 o'clock, about 2 metres,
    /// 82 percent." — and "2 people 11 o'clock" / "maybe dog 12 o'clock" at terse.
    public static func sentence(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal:
            return "\(group.band.word) \(countedNoun(group)), \(group.direction.phrase)."
        case .detailed:
            return "\(group.band.word) \(countedNoun(group)), " + details(group).joined(separator: ", ") + "."
        }
    }

    /// The sentences for a moment's groups, in the order given, joined by a space. Empty
    /// when there are no groups: a moment with nothing new is a moment of silence.
    public static func utterance(_ groups: [ObjectGroup], verbosity: Verbosity) -> String {
        groups.map { sentence($0, verbosity: verbosity) }.joined(separator: " ")
    }

    /// A warning about one object coming closer, short enough to interrupt with:
    /// "Person approaching, at 12 o'clock." (terse: "person approaching 12 o'clock"). In the
    /// "probably" band no hedge word: a warning that arrives a syllable late is worse than a
    /// blunt one. In the "possibly" band it is still given — a car that may be coming is
    /// worth a warning — but hedged: "Possibly a car approaching, at 12 o'clock."
    public static func hazard(label: String, direction: ClockDirection, band: ConfidenceBand = .probably,
                              verbosity: Verbosity) -> String {
        let object = ObjectNoun(label: label)
        let noun = bareNoun(object)
        switch (verbosity, band) {
        case (.terse, .probably):
            return "\(noun) approaching \(direction.terse)"
        case (.terse, .possibly):
            return "\(terseHedge) \(noun) approaching \(direction.terse)"
        case (_, .probably):
            return "\(noun.prefix(1).uppercased() + noun.dropFirst()) approaching, \(direction.phrase)."
        case (_, .possibly):
            return "\(band.word) \(object.one) approaching, \(direction.phrase)."
        }
    }

    /// One picture described (a still image): one sentence per group, in speaking order, at
    /// most `limit` (at least 2) with the last `otherObjects` when groups were left out. Each
    /// comes with the groups it speaks of. Empty when there are no groups.
    public static func pictureSentences(_ groups: [ObjectGroup], verbosity: Verbosity,
                                        limit: Int = maximumPictureSentences) -> [(text: String, groups: [ObjectGroup])] {
        let limit = max(2, limit)
        let kept = groups.count > limit ? Array(groups.prefix(limit - 1)) : groups
        var sentences = kept.map { (text: sentence($0, verbosity: verbosity), groups: [$0]) }
        if kept.count < groups.count { sentences.append((otherObjects, Array(groups[kept.count...]))) }
        return sentences
    }

    /// Everything in view in one sentence, on request: "In view: probably two people at
    /// 11 o'clock, possibly a dog at 12 o'clock." Groups that would take the sentence past
    /// `maximumWords` (`maximumDetailedSummaryWords` at detailed) are left out and
    /// `otherObjects` follows; at least one group is always named. With no groups it is
    /// `nothingConfident`.
    public static func summary(_ groups: [ObjectGroup], verbosity: Verbosity) -> String {
        guard !groups.isEmpty else { return nothingConfident }
        let items = groups.map { summaryItem($0, verbosity: verbosity) }
        let limit = verbosity == .detailed ? maximumDetailedSummaryWords : maximumWords
        var kept = 1
        while kept < items.count, wordCount(summarySentence(items[...kept], verbosity: verbosity)) <= limit {
            kept += 1
        }
        let sentence = summarySentence(items[..<kept], verbosity: verbosity)
        return kept < items.count ? sentence + " " + otherObjects : sentence
    }

    // MARK: Grouping

    /// Objects grouped by (label, clock hour, band), dropping those too unsure to speak
    /// (below `ConfidenceBand.possiblyFloor`). Speaking order: "probably" before "possibly",
    /// then more objects first, then nearer first (unknown distance last), then by label
    /// and from left to right, so the same scene always sounds the same.
    public static func group(_ objects: [NarratedObject]) -> [ObjectGroup] {
        struct Key: Hashable {
            var label: String
            var direction: ClockDirection
            var band: ConfidenceBand
        }
        var byKey: [Key: ObjectGroup] = [:]
        for object in objects {
            guard let band = ConfidenceBand(confidence: object.confidence) else { continue }
            let key = Key(label: ObjectNoun.normalized(object.label), direction: object.direction, band: band)
            if var group = byKey[key] {
                group.count += 1
                group.confidence = max(group.confidence, object.confidence)
                group.distanceMetres = nearer(group.distanceMetres, object.distanceMetres)
                byKey[key] = group
            } else {
                byKey[key] = ObjectGroup(label: key.label, band: band, direction: object.direction, count: 1,
                                         distanceMetres: object.distanceMetres, confidence: object.confidence)
            }
        }
        return byKey.values.sorted(by: speaksBefore)
    }

    static func speaksBefore(_ a: ObjectGroup, _ b: ObjectGroup) -> Bool {
        if a.band != b.band { return a.band > b.band }
        if a.count != b.count { return a.count > b.count }
        if a.distanceMetres != b.distanceMetres {
            guard let da = a.distanceMetres else { return false }
            guard let db = b.distanceMetres else { return true }
            return da < db
        }
        if a.label != b.label { return a.label < b.label }
        return leftToRight(a.direction) < leftToRight(b.direction)
    }

    /// 7 o'clock (far left) first through 12 to 5 (far right); 6, behind, last.
    private static func leftToRight(_ direction: ClockDirection) -> Int { (direction.hour + 5) % 12 }

    private static func nearer(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        default: a ?? b
        }
    }

    // MARK: Pieces

    /// "two people", "a dog".
    private static func countedNoun(_ group: ObjectGroup) -> String {
        ObjectNoun(label: group.label).phrase(count: group.count)
    }

    /// Position, distance when known, confidence: "at 11 o'clock", "about 2 metres", "82 percent".
    private static func details(_ group: ObjectGroup) -> [String] {
        var parts = [group.direction.phrase]
        if let metres = group.distanceMetres { parts.append(DistanceEstimate.spoken(metres)) }
        parts.append("\(percent(group.confidence)) percent")
        return parts
    }

    /// Whole percent, spelled "percent" because speech engines and braille tables read "%"
    /// inconsistently.
    private static func percent(_ confidence: Double) -> Int {
        guard confidence.isFinite else { return 0 }
        return Int((min(max(confidence, 0), 1) * 100).rounded())
    }

    /// "person 11 o'clock", "2 people 11 o'clock", "maybe dog 12 o'clock": digits, no
    /// articles, no punctuation — the fewest syllables that still hedge.
    private static func terse(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label)
        let counted = group.count == 1 ? bareNoun(noun) : "\(group.count) \(noun.many)"
        let hedge = group.band == .possibly ? terseHedge + " " : ""
        return hedge + counted + " " + group.direction.terse
    }

    /// The singular without its article: "person", "TV", "pair of scissors", "broccoli".
    private static func bareNoun(_ noun: ObjectNoun) -> String {
        for article in ["a ", "an ", "some "] where noun.one.hasPrefix(article) {
            return String(noun.one.dropFirst(article.count))
        }
        return noun.one
    }

    /// One group inside the summary: the hedge in lower case, no comma before the position.
    private static func summaryItem(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal:
            return "\(group.band.word.lowercased()) \(countedNoun(group)) \(group.direction.phrase)"
        case .detailed:
            // Details hold commas of their own, so detailed items are separated by semicolons.
            let details = details(group)
            return "\(group.band.word.lowercased()) \(countedNoun(group)) \(details[0])"
                + details.dropFirst().map { ", " + $0 }.joined()
        }
    }

    private static func summarySentence(_ items: ArraySlice<String>, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse: items.joined(separator: ", ")
        case .normal: "\(summaryOpening) \(items.joined(separator: ", "))."
        case .detailed: "\(summaryOpening) \(items.joined(separator: "; "))."
        }
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
