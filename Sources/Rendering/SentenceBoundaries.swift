// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Where sentences end in running text, for speech that says one sentence per message. A full
/// stop, question or exclamation mark (and any closing quote or bracket after it) ends a
/// sentence when a space and a capital follow (after an opening quote or bracket, if any); a
/// number after a stop is taken to go on a citation ("Cir. 1996", "U.S. 340"), since prose
/// seldom starts a sentence with digits. Not after an
/// abbreviation ("Dr.", "Inc."), an initial ("J. Smith"), or a word with stops inside it
/// ("e.g.", "U.S."); never inside a number ("2.5"). When unsure, sentences stay joined: a
/// sentence heard whole but long beats one cut in two.
struct SentenceBoundaries: Sendable {
    /// Words written with a full stop that rarely end a sentence, lower-cased, without the stop:
    /// the language's own list, from the catalog (`speechAbbreviations`).
    let abbreviations: Set<String>

    /// The language's month names, lower-cased: "am 12. März" is a date, not a sentence's end.
    let months: Set<String>

    init(wording: Wording) {
        abbreviations = Set(wording(.speechAbbreviations).split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
        months = Set((1...12).map { wording(.codeMonth, ["month": .integer($0)]).lowercased() })
    }

    static let terminators: Set<Character> = [".", "!", "?", "…"]
    static let closers: Set<Character> = [")", "]", "}", "\"", "'", "\u{201D}", "\u{2019}", "\u{00BB}"]
    static let openers: Set<Character> = ["(", "[", "{", "\"", "'", "\u{201C}", "\u{2018}", "\u{00AB}"]

    /// The sentences `text` completes, and what follows the last of them: text that may go on
    /// in a line still to come (a boundary at the very end cannot be told from an abbreviation
    /// until the next word is known), or the last sentence once the paragraph ends.
    func split(_ text: String) -> (sentences: [String], rest: String) {
        let characters = Array(text)
        var sentences: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            guard Self.terminators.contains(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, Self.terminators.contains(characters[end]) { end += 1 }
            while end < characters.count, Self.closers.contains(characters[end]) { end += 1 }
            var next = end
            while next < characters.count, characters[next].isWhitespace { next += 1 }
            guard next > end, next < characters.count else {
                index = end
                continue
            }
            if endsSentence(characters, terminator: index, next: next) {
                let sentence = String(characters[start..<end]).trimmed
                if !sentence.isEmpty { sentences.append(sentence) }
                start = next
            }
            index = next
        }
        return (sentences, String(characters[start...]).trimmed)
    }

    /// Whether the terminator at `terminator`, followed by spaces, ends a sentence when the next
    /// word starts at `next`.
    private func endsSentence(_ characters: [Character], terminator: Int, next: Int) -> Bool {
        var first = next
        while first < characters.count, Self.openers.contains(characters[first]) { first += 1 }
        guard first < characters.count, characters[first].isUppercase else { return false }
        // "!" and "?" end a sentence before a capital; so does "...", even after a short word.
        guard characters[terminator] == ".", terminator + 1 >= characters.count || characters[terminator + 1] != "." else {
            return true
        }
        var wordStart = terminator
        while wordStart > 0, !characters[wordStart - 1].isWhitespace { wordStart -= 1 }
        var word = characters[wordStart..<terminator].drop { Self.openers.contains($0) }
        while let last = word.last, Self.closers.contains(last) { word = word.dropLast() }
        if word.count == 1, word.first?.isLetter == true { return false }  // an initial
        // A day written as an ordinal before its month ("12. März", "1. Mai").
        if (1...2).contains(word.count), word.allSatisfy(\.isNumber), months.contains(nextWord(characters, from: first)) {
            return false
        }
        // Letters with stops between them ("e.g", "U.S", "Ph.D"); a number ("4.50") or a name
        // ("example.com") ends a sentence as any word does.
        if let stop = word.lastIndex(of: "."), case let tail = word[word.index(after: stop)...],
           (1...2).contains(tail.count), tail.allSatisfy(\.isLetter) { return false }
        return !abbreviations.contains(String(word).lowercased())
    }

    /// The word starting at `start`, lower-cased, up to the next space or punctuation.
    private func nextWord(_ characters: [Character], from start: Int) -> String {
        String(characters[start...].prefix { $0.isLetter }).lowercased()
    }
}

private extension String {
    var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
