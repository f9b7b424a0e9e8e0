// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// The words for objects, wherever they were seen — a video, the live camera, the `d` key, a
/// still image: "Probably two people, at 11 o'clock." One phrase per kind of object, its
/// count hedged by band, its place a clock hour, "mostly" an hour, or a span of hours; kinds
/// at one hour share a sentence ("At 12 o'clock, probably a cup and a bottle."). Every
/// sentence hedges by confidence band — terse speech included — and none ever claims that
/// something is absent: with nothing to say the tool speaks about itself
/// (`nothingConfident`), never about the world. The words are the catalog's (`objects…`,
/// `hazard…`); which phrase, how a count is rounded and how long a sentence may be are decided here.
public struct ObjectSentences: Sendable {
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// Said when no object is confident enough to name: what the tool could not do, not a
    /// claim that nothing is there.
    public var nothingConfident: String { wording(.objectsNothingConfident) }
    /// Closes a still image's description, or an unasked summary, that left groups out: vague
    /// on purpose, so it hedges itself. A summary asked for (`completeSummary`) never needs it.
    public var otherObjects: String { wording(.objectsOtherObjects) }
    /// Sentences describing one picture: six is about what a listener holds in mind at once.
    public static let maximumPictureSentences = 6
    /// Plain-language guidance keeps spoken sentences under about twenty words: longer ones
    /// are hard to hold in mind when heard once, while walking.
    public static let maximumWords = 20
    /// A detailed summary may run to twice that: the listener asked for distances and
    /// confidences, and its semicolons split it into parts that each stay under twenty.
    public static let maximumDetailedSummaryWords = 40
    /// Up to five a count is said exactly, the few a listener takes in at once. Above that a
    /// detector's count of a crowd or a shelf is unreliable (objects hide one another, boxes
    /// merge and split from frame to frame), so it is said as "about N", rounded to fives
    /// past twelve, or — when even the kind is only possible — as "a group of".
    public static let handful = 5

    // MARK: Sentences

    /// One group in words: "Probably two people, at 11 o'clock." (normal), "Probably three
    /// people and possibly two more, from 11 to 1 o'clock.", "Probably another person, at
    /// 12 o'clock; two people now." for news of a kind already spoken of; with distance and
    /// confidence added at detailed — "Probably a person, at 11 o'clock, about 2 metres,
    /// 82 percent." — and "2 people 11 o'clock" / "maybe dog 12 o'clock" at terse. In the
    /// "probably" band terse speech says no hedge word, so "maybe" itself marks the weaker guess.
    public func sentence(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal:
            let place = placePhrase(group.place)
            let full = sentence(group, place: place, total: total(group))
            // A long noun said twice can take news past the limit: the total then goes without it.
            return Self.wordCount(full) <= Self.maximumWords ? full : sentence(group, place: place, total: total(group, noun: false))
        case .detailed:
            return sentence(group, place: details(group), total: total(group))
        }
    }

    /// "Probably two people, at 11 o'clock." and, with news of a total, "…; three people now."
    private func sentence(_ group: ObjectGroup, place: String, total: String?) -> String {
        var arguments: [String: MessageArgument] = [
            "hedge": .text(group.band.word(wording)), "objects": .text(countedNoun(group)), "place": .text(place),
        ]
        guard let total else { return wording(.objectsSentence, arguments) }
        arguments["total"] = .text(total)
        return wording(.objectsSentenceNews, arguments)
    }

    /// The sentences for a moment's groups, in the order given, joined by a space; groups at
    /// one and the same hour share one sentence ("At 12 o'clock, probably a cup and a
    /// bottle."). Empty when there are no groups: a moment with nothing new is a moment of silence.
    public func utterance(_ groups: [ObjectGroup], verbosity: Verbosity) -> String {
        byHour(groups, verbosity: verbosity).map { sentence(sharing: $0, verbosity: verbosity) }.joined(separator: " ")
    }

    /// A warning about one object coming closer, short enough to interrupt with:
    /// "Person approaching, at 12 o'clock." (terse: "person approaching 12 o'clock"). In the
    /// "probably" band no hedge word: a warning that arrives a syllable late is worse than a
    /// blunt one. In the "possibly" band it is still given — a car that may be coming is
    /// worth a warning — but hedged: "Possibly a car approaching, at 12 o'clock."
    public func hazard(label: String, direction: ClockDirection, band: ConfidenceBand = .probably,
                       verbosity: Verbosity) -> String {
        let noun = ObjectNoun(label: label, wording: wording)
        if verbosity == .terse {
            return wording(.hazardTerse, ["band": .text(band.name), "object": noun.argument(.bare),
                                          "gender": noun.argument(.gender), "place": .text(direction.terse(wording))])
        }
        let place = MessageArgument.text(direction.phrase(wording))
        switch band {
        case .probably:
            return Self.capitalized(wording(.hazardApproaching, ["object": noun.argument(.bare), "gender": noun.argument(.gender),
                                                                 "place": place]))
        case .possibly:
            return wording(.hazardPossiblyApproaching, ["object": noun.argument(.one), "gender": noun.argument(.gender),
                                                        "place": place])
        }
    }

    /// One picture described (a still image): one sentence per group, or per hour its groups
    /// share, in speaking order, at most `limit` (at least 2) with the last `otherObjects`
    /// when groups were left out. Each comes with the groups it speaks of. Empty when there
    /// are no groups.
    public func pictureSentences(_ groups: [ObjectGroup], verbosity: Verbosity,
                                 limit: Int = maximumPictureSentences) -> [(text: String, groups: [ObjectGroup])] {
        let limit = max(2, limit)
        let all = byHour(groups, verbosity: verbosity)
        let kept = all.count > limit ? Array(all.prefix(limit - 1)) : all
        var sentences = kept.map { (text: sentence(sharing: $0, verbosity: verbosity), groups: $0) }
        if kept.count < all.count { sentences.append((otherObjects, Array(all[kept.count...].joined()))) }
        return sentences
    }

    /// Everything in view in one sentence, unasked (`--describe-every`): "In view: probably
    /// two people at 11 o'clock, possibly a dog at 12 o'clock." Groups that would take the
    /// sentence past `maximumWords` (`maximumDetailedSummaryWords` at detailed) are left out
    /// and `otherObjects` follows; at least one group is always named. With no groups it is
    /// `nothingConfident`.
    public func summary(_ groups: [ObjectGroup], verbosity: Verbosity) -> String {
        guard !groups.isEmpty else { return nothingConfident }
        let items = summaryItems(groups, verbosity: verbosity)
        var kept = 1
        while kept < items.count, Self.wordCount(summarySentence(items[...kept], verbosity: verbosity)) <= summaryLimit(verbosity) {
            kept += 1
        }
        let sentence = summarySentence(items[..<kept], verbosity: verbosity)
        return kept < items.count ? sentence + " " + otherObjects : sentence
    }

    /// Everything in view, asked for (the `d` key): every group named, never `otherObjects`.
    /// It stays short by sharing hours ("probably a cup and a bottle at 12 o'clock") and,
    /// past the summary's word limit, goes on in further sentences of that limit ("Also in
    /// view: …") rather than one a listener cannot hold. Terse speech is one list. With no
    /// groups it is `nothingConfident`.
    public func completeSummary(_ groups: [ObjectGroup], verbosity: Verbosity) -> String {
        guard !groups.isEmpty else { return nothingConfident }
        let items = summaryItems(groups, verbosity: verbosity)
        guard verbosity != .terse else { return summarySentence(items[...], verbosity: verbosity) }
        var sentences: [String] = []
        var start = 0
        while start < items.count {
            var end = start + 1
            while end < items.count,
                  Self.wordCount(summarySentence(items[start...end], verbosity: verbosity, continued: start > 0)) <= summaryLimit(verbosity) {
                end += 1
            }
            sentences.append(summarySentence(items[start..<end], verbosity: verbosity, continued: start > 0))
            start = end
        }
        return sentences.joined(separator: " ")
    }

    /// The longest summary sentence: a detailed one's semicolons split it into parts that
    /// each stay under `maximumWords`.
    private func summaryLimit(_ verbosity: Verbosity) -> Int {
        verbosity == .detailed ? Self.maximumDetailedSummaryWords : Self.maximumWords
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
    func countedNoun(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label, wording: wording)
        let lead = group.leadCount
        var phrase = group.isNews ? more(lead, of: noun) : count(lead, of: noun, sure: group.probable > 0)
        if group.probable > 0, group.possible > 0 {
            phrase = group.possible > Self.handful
                ? wording(.objectsAndPossiblyMore, ["objects": .text(phrase), "gender": noun.argument(.gender)])
                : wording(.objectsAndPossiblyCountMore, ["objects": .text(phrase), "count": .integer(group.possible),
                                                         "gender": noun.argument(.gender)])
        }
        // A row describes the whole set; news names only the newcomers.
        return group.inRow && !group.isNews ? inRow(phrase, noun) : phrase
    }

    /// "three bottles in a row".
    private func inRow(_ phrase: String, _ noun: ObjectNoun) -> String {
        wording(.objectsInRow, ["objects": .text(phrase), "gender": noun.argument(.gender)])
    }

    /// "a dog", "three dogs", "about nine dogs"; "a group of dogs" when even the kind is unsure.
    private func count(_ count: Int, of noun: ObjectNoun, sure: Bool) -> String {
        if count <= Self.handful { return noun.phrase(count: count) }
        guard sure else {
            return wording(.objectsGroupOf, ["objects": noun.argument(.many, count: count), "gender": noun.argument(.gender)])
        }
        return counted(.objectsCount, count, of: noun, digits: false)
    }

    /// "another dog", "two more dogs", "about nine more dogs" ("2 more dogs" in `digits`).
    private func more(_ count: Int, of noun: ObjectNoun, digits: Bool = false) -> String {
        if count == 1 { return noun.another }
        return counted(.objectsMore, count, of: noun, digits: digits)
    }

    /// `id`'s phrase for `count` of `noun`, the count said as `number` says it.
    private func counted(_ id: MessageID, _ count: Int, of noun: ObjectNoun, digits: Bool) -> String {
        wording(id, ["number": .text(number(count, digits: digits)), "count": .integer(count),
                     "objects": noun.argument(.many, count: count), "gender": noun.argument(.gender)])
    }

    /// A count as said: exact up to a handful ("five", or "5" in `digits`), above it "about"
    /// with the count exact up to twelve, then to the nearest five ("about nine", "about 15").
    func number(_ count: Int, digits: Bool = false) -> String {
        guard count > Self.handful else { return digits ? String(count) : wording.spelled(count) }
        let rough = count <= 12 ? count : Int((Double(count) / 5).rounded()) * 5
        return wording(digits ? .objectsAboutDigits : .objectsAbout, ["count": .integer(rough)])
    }

    /// The new total after news of a kind ("two people", or "two" without the noun), when
    /// some of the kind were already in view; nil otherwise (in particular never "one now",
    /// which would say that the others have gone).
    private func total(_ group: ObjectGroup, terse: Bool = false, noun: Bool = true) -> String? {
        guard group.isNews, let total = group.totalInView, total > group.count else { return nil }
        if terse { return number(total, digits: true) }
        return noun ? count(total, of: ObjectNoun(label: group.label, wording: wording), sure: true) : number(total)
    }

    /// "at 12 o'clock", "mostly at 12 o'clock", "from 11 to 1 o'clock".
    func placePhrase(_ place: ObjectGroup.Place) -> String {
        switch place {
        case .at(let hour): hour.phrase(wording)
        case .mostly(let hour): wording(.objectsPlaceMostly, ["hour": .integer(hour.hour)])
        case .span(let from, let to): wording(.objectsPlaceSpan, ["from": .integer(from.hour), "to": .integer(to.hour)])
        }
    }

    /// "12 o'clock", "mostly 12 o'clock", "11 to 1 o'clock".
    func tersePlace(_ place: ObjectGroup.Place) -> String {
        switch place {
        case .at(let hour): hour.terse(wording)
        case .mostly(let hour): wording(.objectsTersePlaceMostly, ["hour": .integer(hour.hour)])
        case .span(let from, let to): wording(.objectsTersePlaceSpan, ["from": .integer(from.hour), "to": .integer(to.hour)])
        }
    }

    /// A group's words with its distance when known and confidence, for a sentence that says
    /// the place once for all: "a cup, about 1 metre, 80 percent".
    func detailedNoun(_ group: ObjectGroup) -> String {
        let objects = MessageArgument.text(countedNoun(group)), percent = MessageArgument.integer(Self.percent(group.confidence))
        guard let metres = group.distanceMetres else {
            return wording(.objectsItemDetailsWithoutDistance, ["objects": objects, "percent": percent])
        }
        return wording(.objectsItemDetails, ["objects": objects, "distance": .text(DistanceEstimate.spoken(metres, wording: wording)),
                                             "percent": percent])
    }

    /// Position, distance when known, confidence: "at 11 o'clock, about 2 metres, 82 percent".
    private func details(_ group: ObjectGroup) -> String {
        let place = MessageArgument.text(placePhrase(group.place)), percent = MessageArgument.integer(Self.percent(group.confidence))
        guard let metres = group.distanceMetres else {
            return wording(.objectsDetailsWithoutDistance, ["place": place, "percent": percent])
        }
        return wording(.objectsDetails, ["place": place, "distance": .text(DistanceEstimate.spoken(metres, wording: wording)),
                                         "percent": percent])
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
    private func terse(_ group: ObjectGroup) -> String {
        var arguments: [String: MessageArgument] = [
            "band": .text(group.band.name), "objects": .text(terseNoun(group)), "place": .text(tersePlace(group.place)),
        ]
        guard let total = total(group, terse: true) else { return wording(.objectsTerse, arguments) }
        arguments["total"] = .text(total)
        return wording(.objectsTerseNews, arguments)
    }

    /// The counted noun of terse speech, without hedge or place: "2 people", "3 people maybe 2 more".
    func terseNoun(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label, wording: wording)
        let lead = group.leadCount
        var counted: String
        if group.isNews {
            counted = more(lead, of: noun, digits: true)
        } else if lead > Self.handful, group.probable == 0 {
            counted = wording(.objectsTerseGroupOf, ["objects": noun.argument(.many, count: lead), "gender": noun.argument(.gender)])
        } else {
            counted = lead == 1 ? noun.bare : self.counted(.objectsCount, lead, of: noun, digits: true)
        }
        if group.probable > 0, group.possible > 0 {
            counted = group.possible > Self.handful
                ? wording(.objectsTerseAndMaybeMore, ["objects": .text(counted), "gender": noun.argument(.gender)])
                : wording(.objectsTerseAndMaybeCountMore, ["objects": .text(counted), "count": .integer(group.possible),
                                                           "gender": noun.argument(.gender)])
        }
        if group.inRow, !group.isNews { counted = inRow(counted, noun) }
        return counted
    }

    /// One group inside the summary: the hedge as words inside a sentence take it, no comma
    /// before the position.
    private func summaryItem(_ group: ObjectGroup, verbosity: Verbosity) -> String {
        switch verbosity {
        case .terse:
            return terse(group)
        case .normal, .detailed:
            // Details hold commas of their own, so detailed items are separated by semicolons.
            let place = verbosity == .detailed ? details(group) : placePhrase(group.place)
            return wording(.objectsSummaryItem, ["hedge": .message(Message(.objectsHedgeInSummary, ["band": .text(group.band.name)])),
                                                 "objects": .text(countedNoun(group)), "place": .text(place)])
        }
    }

    /// The summary's items: one per hour its groups share ("probably a cup and a bottle at
    /// 12 o'clock"), except at detailed, where each group keeps its own distance and
    /// confidence and so its own place.
    private func summaryItems(_ groups: [ObjectGroup], verbosity: Verbosity) -> [String] {
        guard verbosity != .detailed else { return groups.map { summaryItem($0, verbosity: verbosity) } }
        // An hour's item fits when a further summary sentence of it alone keeps to the limit.
        return byHour(groups, verbosity: verbosity) { shared in
            Self.wordCount(summarySentence([summaryItem(sharing: shared, verbosity: verbosity)], verbosity: verbosity,
                                           continued: true)) <= summaryLimit(verbosity)
        }.map { summaryItem(sharing: $0, verbosity: verbosity) }
    }

    /// One hour's kinds in the summary: "probably a cup and a bottle at 12 o'clock".
    private func summaryItem(sharing shared: [ObjectGroup], verbosity: Verbosity) -> String {
        guard shared.count > 1, case .at(let hour) = shared[0].place else { return summaryItem(shared[0], verbosity: verbosity) }
        if verbosity == .terse { return sentence(sharing: shared, verbosity: .terse) }
        return wording(.objectsItemsAtPlace, ["items": .text(wording.list(hedgedItems(shared, verbosity: verbosity))),
                                              "place": .text(hour.phrase(wording))])
    }

    /// "In view: …." and, for a summary's further sentences, "Also in view: …."
    private func summarySentence(_ items: ArraySlice<String>, verbosity: Verbosity, continued: Bool = false) -> String {
        let join: MessageID = verbosity == .detailed ? .objectsSummaryJoinDetailed : .objectsSummaryJoin
        let joined = items.dropLast().reversed().reduce(items.last ?? "") { tail, head in
            wording(join, ["head": .text(head), "tail": .text(tail)])
        }
        if verbosity == .terse { return joined }
        return wording(continued ? .objectsSummaryContinued : .objectsSummary, ["items": .text(joined)])
    }

    /// The sentence with its first letter a capital, for one that opens with a noun.
    static func capitalized(_ sentence: String) -> String {
        sentence.prefix(1).uppercased() + sentence.dropFirst()
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
