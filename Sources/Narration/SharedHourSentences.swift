// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// Kinds of object at one and the same clock hour said in one sentence: "At 12 o'clock,
/// probably a cup and a bottle." rather than "Probably a cup, at 12 o'clock. Probably a
/// bottle, at 12 o'clock." — the hour said once, the sentence shorter, and what stands
/// together heard together. Only groups wholly at one hour share: a kind spread over several
/// hours keeps its span, and news with a new total ("…; two people now") its own sentence.
extension ObjectSentences {
    /// The groups in speaking order, gathered by the hour they share: each inner array is
    /// one sentence, standing where its first group stood, so people and vehicles still come
    /// first. A group joins its hour's sentence only while that stays within the sentence's
    /// word limit (or what `fits` says, for a summary's items); past it, the hour starts a
    /// sentence of its own again.
    func byHour(_ groups: [ObjectGroup], verbosity: Verbosity, fits: (([ObjectGroup]) -> Bool)? = nil) -> [[ObjectGroup]] {
        let fits = fits ?? { Self.wordCount(sentence(sharing: $0, verbosity: verbosity)) <= sharedSentenceLimit(verbosity) }
        var sentences: [[ObjectGroup]] = []
        var open: [Int: Int] = [:]  // hour → index of the sentence still taking groups at it
        for group in groups {
            guard let hour = sharedHour(group) else {
                sentences.append([group])
                continue
            }
            if let index = open[hour], fits(sentences[index] + [group]) {
                sentences[index].append(group)
            } else {
                open[hour] = sentences.count
                sentences.append([group])
            }
        }
        return sentences
    }

    /// One sentence for groups at one hour, as `byHour` gathers them; for a single group its
    /// own sentence. "At 12 o'clock, probably a cup and possibly a bottle." (normal), with
    /// each one's distance and confidence at detailed ("At 12 o'clock, probably a cup, about
    /// 1 metre, 80 percent; possibly a bottle, 50 percent."), "cup and maybe bottle 12 o'clock"
    /// at terse.
    func sentence(sharing groups: [ObjectGroup], verbosity: Verbosity) -> String {
        guard groups.count > 1, let first = groups.first, case .at(let hour) = first.place else {
            return groups.first.map { sentence($0, verbosity: verbosity) } ?? ""
        }
        switch verbosity {
        case .terse:
            let items = groups.map { wording(.objectsTerseItem, ["band": .text($0.band.name), "objects": .text(terseNoun($0))]) }
            return wording(.objectsItemsAtPlace, ["items": .text(wording.list(items)), "place": .text(hour.terse(wording))])
        case .normal:
            return wording(.objectsSentenceSharedPlace, ["hour": .integer(hour.hour),
                                                         "items": .text(wording.list(hedgedItems(groups, verbosity: verbosity)))])
        case .detailed:
            // Each item holds commas of its own, so they are joined by semicolons.
            let items = hedgedItems(groups, verbosity: verbosity)
            let joined = items.dropLast().reversed().reduce(items.last ?? "") { tail, head in
                wording(.objectsSummaryJoinDetailed, ["head": .text(head), "tail": .text(tail)])
            }
            return wording(.objectsSentenceSharedPlace, ["hour": .integer(hour.hour), "items": .text(joined)])
        }
    }

    /// The groups' words, each hedged unless the kind before it was wholly of its band:
    /// "probably a cup", "a bottle" (still probably), "possibly a book"; after "two chairs and
    /// possibly one more" the next kind says its hedge whatever it is, so that "possibly a
    /// dog" is not heard as one of the chairs.
    func hedgedItems(_ groups: [ObjectGroup], verbosity: Verbosity) -> [String] {
        var previous: ConfidenceBand?
        return groups.map { group in
            let objects = verbosity == .detailed ? detailedNoun(group) : countedNoun(group)
            defer { previous = group.probable > 0 && group.possible > 0 ? nil : group.band }
            guard group.band != previous else { return objects }
            return wording(.objectsHedgedItem, ["hedge": .message(Message(.objectsHedgeInSummary, ["band": .text(group.band.name)])),
                                                "objects": .text(objects)])
        }
    }

    /// The hour a group can share with others: all of it at that one hour, no news total of its
    /// own to say, and not of both bands ("two chairs and possibly one more"): in a list that
    /// phrase's "and" runs into the list's ("…and possibly one more and probably a book"), and a
    /// listener cannot tell where one kind ends, so it keeps its own sentence.
    private func sharedHour(_ group: ObjectGroup) -> Int? {
        guard case .at(let hour) = group.place, !(group.isNews && (group.totalInView ?? 0) > group.count),
              group.probable == 0 || group.possible == 0 else { return nil }
        return hour.hour
    }

    /// A shared sentence keeps to the limit of its verbosity's sentences: detailed ones are
    /// split by semicolons into parts that each stay within `maximumWords`.
    private func sharedSentenceLimit(_ verbosity: Verbosity) -> Int {
        verbosity == .detailed ? Self.maximumDetailedSummaryWords : Self.maximumWords
    }
}
