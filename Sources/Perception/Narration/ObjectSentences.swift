/// The words for objects, wherever they were seen — a video, the live camera, the `d` key, a
/// still image: "Probably two people, at 11 o'clock." One phrase per kind of object, its
/// count hedged by band, its place a clock hour, "mostly" an hour, or a span of hours. Every
/// sentence hedges by confidence band — terse speech included — and none ever claims that
/// something is absent: with nothing to say the tool speaks about itself
/// (`nothingConfident`), never about the world.
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
    /// Up to five a count is said exactly, the few a listener takes in at once. Above that a
    /// detector's count of a crowd or a shelf is unreliable (objects hide one another, boxes
    /// merge and split from frame to frame), so it is said as "about N", rounded to fives
    /// past twelve, or — when even the kind is only possible — as "a group of".
    public static let handful = 5
    static let summaryOpening = "In view:"

    // MARK: Sentences

    /// One group in words: "Probably two people, at 11 o'clock." (normal), "Probably three
    /// people and possibly two more, from 11 to 1 o'clock.", "Probably another person, at
    /// 12 o'clock; two people now." for news of a kind already spoken of; with distance and
    /// confidence added at detailed — "Probably a person, at 11 o'clock, about 2 metres,
    /// 82 percent." — and "2 people 11 o'clock" / "maybe dog 12 o'clock" at terse.
    public static func sentence(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal:
            let sentence = "\(group.band.word) \(countedNoun(group)), \(placePhrase(group.place))"
            let full = sentence + total(group) + "."
            // A long noun said twice can take news past the limit: the total then goes without it.
            return wordCount(full) <= maximumWords ? full : sentence + total(group, noun: false) + "."
        case .detailed:
            return "\(group.band.word) \(countedNoun(group)), " + details(group).joined(separator: ", ") + total(group) + "."
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
        let noun = object.bare
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

    /// Objects grouped by kind, dropping those too unsure to speak (below
    /// `ConfidenceBand.possiblyFloor`). Speaking order: people, then vehicles (the kinds
    /// whose approach is a hazard), then the rest; within each, "probably" before "possibly",
    /// then more objects first, then nearer first (unknown distance last), then by label and
    /// from left to right, so the same scene always sounds the same.
    public static func group(_ objects: [NarratedObject]) -> [ObjectGroup] {
        let speakable = objects.filter { ConfidenceBand(confidence: $0.confidence) != nil }
        return Dictionary(grouping: speakable) { ObjectNoun.normalized($0.label) }
            .map { label, members in
                let probable = members.filter { ConfidenceBand(confidence: $0.confidence) == .probably }.count
                return ObjectGroup(label: label, probable: probable, possible: members.count - probable,
                                   directions: members.map(\.direction), inRow: isRow(members),
                                   distanceMetres: members.compactMap(\.distanceMetres).min(),
                                   confidence: members.map(\.confidence).max() ?? 0,
                                   isNews: members.allSatisfy { $0.state == .another })
            }
            .sorted(by: speaksBefore)
    }

    static func speaksBefore(_ a: ObjectGroup, _ b: ObjectGroup) -> Bool {
        if importance(a.label) != importance(b.label) { return importance(a.label) < importance(b.label) }
        if a.band != b.band { return a.band > b.band }
        if a.count != b.count { return a.count > b.count }
        if a.distanceMetres != b.distanceMetres {
            guard let da = a.distanceMetres else { return false }
            guard let db = b.distanceMetres else { return true }
            return da < db
        }
        if a.label != b.label { return a.label < b.label }
        return (a.directions.first.map(ObjectGroup.leftToRight) ?? 0) < (b.directions.first.map(ObjectGroup.leftToRight) ?? 0)
    }

    /// 0 for people, 1 for vehicles, 2 for everything else: what a walker must know first.
    static func importance(_ label: String) -> Int {
        if label == "person" { return 0 }
        return NarrationPolicy.approachingHazards.contains(label) ? 1 : 2
    }

    /// At least this many side by side make a row...
    static let fewestInRow = 3
    /// ...their centres within this share of their typical height of one line...
    static let rowLineTolerance = 0.5
    /// ...their heights within this factor of each other (one kind at about one distance)...
    static let rowHeightRatio = 2.0

    /// Side by side at one height: three or more boxes of similar height whose centres lie on
    /// one horizontal line, spread over more than one clock hour, and not piled up (each
    /// centre at least half a box width from the next).
    static func isRow(_ objects: [NarratedObject]) -> Bool {
        guard objects.count >= fewestInRow, Set(objects.map(\.direction)).count > 1 else { return false }
        let heights = objects.map(\.box.height).sorted()
        guard let lowest = heights.first, let highest = heights.last, lowest > 0,
              highest / lowest <= rowHeightRatio else { return false }
        let typical = heights[heights.count / 2]
        let centres = objects.map(\.box.centerY)
        guard let top = centres.min(), let bottom = centres.max(), bottom - top <= rowLineTolerance * typical else {
            return false
        }
        let byX = objects.sorted { $0.box.centerX < $1.box.centerX }
        return zip(byX, byX.dropFirst()).allSatisfy { left, right in
            right.box.centerX - left.box.centerX >= (left.box.width + right.box.width) / 4
        }
    }

    // MARK: Pieces

    /// "two people", "a dog", "three people and possibly two more", "about nine people",
    /// "three bottles in a row", and for news of a kind already spoken of "another person",
    /// "two more people". The count after the hedge is the hedge's band; the weaker band's
    /// objects follow as "and possibly N more".
    private static func countedNoun(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label)
        let lead = group.leadCount
        var phrase = group.isNews ? more(lead, of: noun) : count(lead, of: noun, sure: group.probable > 0)
        if group.probable > 0, group.possible > 0 {
            phrase += group.possible > handful ? " and possibly more" : " and possibly \(NumberWords.spoken(group.possible)) more"
        }
        // A row describes the whole set; news names only the newcomers.
        return group.inRow && !group.isNews ? phrase + " in a row" : phrase
    }

    /// "a dog", "three dogs", "about nine dogs"; "a group of dogs" when even the kind is unsure.
    private static func count(_ count: Int, of noun: ObjectNoun, sure: Bool) -> String {
        if count <= handful { return noun.phrase(count: count) }
        return sure ? "\(number(count)) \(noun.many)" : "a group of \(noun.many)"
    }

    /// "another dog", "two more dogs", "about nine more dogs".
    private static func more(_ count: Int, of noun: ObjectNoun) -> String {
        if count == 1 { return noun.another }
        return "\(number(count)) more \(noun.many)"
    }

    /// A count as said: exact up to a handful ("five", or "5" in `digits`), above it "about"
    /// with the count exact up to twelve, then to the nearest five ("about nine", "about 15").
    static func number(_ count: Int, digits: Bool = false) -> String {
        guard count > handful else { return digits ? String(count) : NumberWords.spoken(count) }
        let rough = count <= 12 ? count : Int((Double(count) / 5).rounded()) * 5
        return "about " + (digits ? String(rough) : NumberWords.spoken(rough))
    }

    /// "; two people now" after news of a kind, when some of the kind were already in view,
    /// so the listener hears the new total; empty otherwise (in particular never "one now",
    /// which would say that the others have gone).
    private static func total(_ group: ObjectGroup, terse: Bool = false, noun: Bool = true) -> String {
        guard group.isNews, let total = group.totalInView, total > group.count else { return "" }
        if terse { return ", \(number(total, digits: true)) now" }
        return "; \(noun ? count(total, of: ObjectNoun(label: group.label), sure: true) : number(total)) now"
    }

    /// "at 12 o'clock", "mostly at 12 o'clock", "from 11 to 1 o'clock".
    static func placePhrase(_ place: ObjectGroup.Place) -> String {
        switch place {
        case .at(let hour): hour.phrase
        case .mostly(let hour): "mostly " + hour.phrase
        case .span(let from, let to): "from \(from.hour) to \(to.terse)"
        }
    }

    /// "12 o'clock", "mostly 12 o'clock", "11 to 1 o'clock".
    static func tersePlace(_ place: ObjectGroup.Place) -> String {
        switch place {
        case .at(let hour): hour.terse
        case .mostly(let hour): "mostly " + hour.terse
        case .span(let from, let to): "\(from.hour) to \(to.terse)"
        }
    }

    /// Position, distance when known, confidence: "at 11 o'clock", "about 2 metres", "82 percent".
    private static func details(_ group: ObjectGroup) -> [String] {
        var parts = [placePhrase(group.place)]
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

    /// "person 11 o'clock", "2 people 11 o'clock", "maybe dog 12 o'clock", "3 people maybe
    /// 2 more 11 to 1 o'clock", "another person 12 o'clock, 2 now": digits, no articles —
    /// the fewest syllables that still hedge.
    private static func terse(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label)
        let lead = group.leadCount
        let amount = number(lead, digits: true)
        var counted: String
        if group.isNews {
            counted = lead == 1 ? noun.another : "\(amount) more \(noun.many)"
        } else if lead > handful, group.probable == 0 {
            counted = "group of \(noun.many)"
        } else {
            counted = lead == 1 ? noun.bare : "\(amount) \(noun.many)"
        }
        if group.probable > 0, group.possible > 0 {
            counted += group.possible > handful ? " maybe more" : " maybe \(group.possible) more"
        }
        if group.inRow, !group.isNews { counted += " in a row" }
        let hedge = group.band == .possibly ? terseHedge + " " : ""
        return hedge + counted + " " + tersePlace(group.place) + total(group, terse: true)
    }

    /// One group inside the summary: the hedge in lower case, no comma before the position.
    private static func summaryItem(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal:
            return "\(group.band.word.lowercased()) \(countedNoun(group)) \(placePhrase(group.place))"
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
