// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// What a spoken sentence of object narration says about how many of a kind are in view, read
/// back from its words as a listener would take them, so narration can be scored against the
/// truth without trusting the code that wrote it. Only the normal verbosity's wording is read.
enum SpokenCounts {
    /// A count is a detector's count: in a group some are hidden or missed, and a look-alike
    /// may be among them, so "probably four sheep" is taken to mean four give or take about
    /// a third (rounded outward: "probably a TV" allows two), and a "possibly" count allows
    /// none at all...
    static let countTolerance = 0.3
    /// ...while "about N" is rougher still: half as many to half as many again.
    static let aboutTolerance = 0.5
    /// Above this a count is never exact (see `ObjectSentences.handful`); "a group of" means more.
    static let handful = 5

    /// One kind named in a sentence, and the numbers in view of it the sentence allows.
    struct Claim: Equatable, CustomStringConvertible {
        var label: String
        var lower: Int
        /// Nil: no upper bound ("another person" says nothing of those not yet announced).
        var upper: Int?
        var description: String { "\(label) \(lower)…\(upper.map(String.init) ?? "∞")" }

        func allows(_ range: ClosedRange<Int>) -> Bool {
            range.upperBound >= lower && (upper.map { range.lowerBound <= $0 } ?? true)
        }
    }

    /// The sentences of an utterance: split after each full stop.
    static func sentences(_ utterance: String) -> [String] {
        utterance.components(separatedBy: ". ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ". ")) }
            .filter { !$0.isEmpty }
    }

    /// The COCO kinds a sentence names, each as often as it is named in the sentence's
    /// objects part (a trailing "; two people now" restates the same kind).
    static func kinds(in sentence: String) -> [String] {
        let head = sentence.lowercased().components(separatedBy: ";")[0]
        return nounMatches(in: head).map(\.label)
    }

    /// The claims of one sentence: its one kind's, or for kinds sharing an hour ("At 12
    /// o'clock, probably a cup and possibly two bottles.") each kind's, under the hedge it is
    /// heard with — its own, or the one before it carried on ("probably a cup and a bottle").
    static func claims(_ sentence: String) -> [Claim] {
        let lower = sentence.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        guard let opening = lower.range(of: #"^at \d+ o'clock, "#, options: .regularExpression) else {
            return claim(sentence).map { [$0] } ?? []
        }
        var hedge = "probably"
        return items(String(lower[opening.upperBound...])).compactMap { item in
            if let first = item.split(separator: " ").first, ["probably", "possibly"].contains(first) {
                hedge = String(first)
                return claim(item)
            }
            return claim(hedge + " " + item)
        }
    }

    /// The kinds of a list ("a cup, two bottles and possibly a book"), each with what belongs
    /// to it: an "and possibly one more" is part of the kind before it, not a kind of its own.
    private static func items(_ list: String) -> [String] {
        list.components(separatedBy: ", ").flatMap { piece in
            var items: [String] = []
            var rest = Substring(piece)
            while let join = rest.range(of: " and ") {
                let after = rest[join.upperBound...]
                if after.range(of: #"^possibly (\w+ )?more\b"#, options: .regularExpression) != nil,
                   let next = after.range(of: " and ") {
                    // "two chairs and possibly one more and a cup": past the "more".
                    items.append(String(rest[..<next.lowerBound]))
                    rest = after[next.upperBound...]
                    continue
                }
                guard after.range(of: #"^possibly (\w+ )?more\b"#, options: .regularExpression) == nil else { break }
                items.append(String(rest[..<join.lowerBound]))
                rest = after
            }
            items.append(String(rest))
            return items
        }
    }

    /// The claim of one sentence of object narration, or nil when it names no kind.
    static func claim(_ sentence: String) -> Claim? {
        let parts = sentence.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ". ")).components(separatedBy: ";")
        let head = parts[0]
        guard let match = nounMatches(in: head).first else { return nil }
        var words = head[..<match.range.lowerBound].split(separator: " ").map(String.init)
        let unsure = words.first == "possibly"
        if ["probably", "possibly"].contains(words.first ?? "") { words.removeFirst() }
        let after = String(head[match.range.upperBound...])
        var claim = count(words, label: match.label)
        let newcomers = claim.lower
        if after.contains("and possibly more") {
            claim.upper = nil
        } else if let more = after.range(of: #"and possibly (\w+) more"#, options: .regularExpression) {
            let number = after[more].split(separator: " ")[2]
            claim.upper = claim.upper.map { $0 + (Self.number(String(number)) ?? 0) }
        }
        if unsure { claim.lower = 0 }
        // "; two people now": the total in view, which is what the listener holds on to. When
        // the newcomers are only "possibly", the total may be that many too high.
        if parts.count > 1, let totalText = parts.last?.trimmingCharacters(in: .whitespaces), totalText.hasSuffix(" now") {
            let text = String(totalText.dropLast(" now".count))
            let numberPart = nounMatches(in: text).first.map { String(text[..<$0.range.lowerBound]) } ?? text
            let total = count(numberPart.split(separator: " ").map(String.init), label: match.label)
            claim = Claim(label: match.label, lower: max(0, total.lower - (unsure ? newcomers : 0)), upper: total.upper)
        }
        return claim
    }

    /// The numbers of a kind that the words before its noun allow.
    private static func count(_ words: [String], label: String) -> Claim {
        var words = words
        if words.last == "more" {
            // News: "another", "two more", "about nine more": at least that many in view.
            words.removeLast()
            return Claim(label: label, lower: max(1, count(words, label: label).lower), upper: nil)
        }
        switch words {
        case ["another"]: return Claim(label: label, lower: 1, upper: nil)
        case [], ["a"], ["an"], ["some"]: return counted(1, label: label)
        case ["a", "group", "of"]: return Claim(label: label, lower: handful + 1, upper: nil)
        default: break
        }
        if words.first == "about", words.count == 2, let n = number(words[1]) {
            return Claim(label: label, lower: Int((Double(n) * (1 - aboutTolerance)).rounded(.down)),
                         upper: Int((Double(n) * (1 + aboutTolerance)).rounded(.up)))
        }
        if words.count == 1, let n = number(words[0]) { return counted(n, label: label) }
        return Claim(label: label, lower: 1, upper: nil)
    }

    /// `n` give or take `countTolerance` of it, rounded outward.
    private static func counted(_ n: Int, label: String) -> Claim {
        Claim(label: label, lower: n - Int((Double(n) * countTolerance).rounded(.down)),
              upper: n + Int((Double(n) * countTolerance).rounded(.up)))
    }

    private static let numberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                      "eleven", "twelve"]

    static func number(_ word: String) -> Int? {
        if let index = numberWords.firstIndex(of: word) { return index + 1 }
        return Int(word)
    }

    /// Every COCO noun form in `text` as whole words, leftmost first; a form inside a longer
    /// one ("dog" in "hot dogs") is not counted.
    private static func nounMatches(in text: String) -> [(label: String, range: Range<String.Index>)] {
        var found: [(label: String, range: Range<String.Index>)] = []
        for (label, form) in forms {
            var start = text.startIndex
            while let range = text.range(of: form, range: start..<text.endIndex) {
                start = range.upperBound
                let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
                // "o'clock" is a time, not a clock.
                guard !before.isLetter, before != "'", !after.isLetter else { continue }
                found.append((label, range))
            }
        }
        let kept = found.filter { match in
            !found.contains { other in
                other.range != match.range && other.range.lowerBound <= match.range.lowerBound
                    && other.range.upperBound >= match.range.upperBound
            }
        }
        var unique: [(label: String, range: Range<String.Index>)] = []
        for match in kept.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
            where !unique.contains(where: { $0.range == match.range }) {
            unique.append(match)
        }
        return unique
    }

    /// Each COCO label's singular (without its article) and plural, lower case.
    private static let forms: [(label: String, form: String)] = COCOClasses.names.flatMap { label in
        let noun = ObjectNoun(label: label, wording: .english)
        return [(label, noun.bare.lowercased()), (label, noun.many.lowercased())]
    }
}
