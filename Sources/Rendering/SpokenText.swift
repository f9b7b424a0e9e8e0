// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words

/// Spells out the symbols and unit abbreviations a sentence may carry ("2.0×", "40%",
/// "2 m", "71 ms"), for speech and braille sentences: synthesizers read them inconsistently
/// (or not at all, with punctuation off) and a braille table shows them as dot patterns few
/// readers know. Text for the eye keeps them, and so does braille's terse object line
/// ("person 11h ~2m"), a fixed notation learnt once that keeps 40 cells enough.
public struct SpokenText: Sendable {
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// Symbols spelled wherever they appear, by the name the catalog's `speechSymbol` selects
    /// their words by.
    static let symbols: [Character: String] = [
        "×": "times", "%": "percent", "°": "degrees", "~": "tilde", "&": "ampersand",
        "±": "plusMinus", "≈": "approximately", "…": "ellipsis",
    ]

    /// Unit abbreviations spelled only after a number ("2 m", "2m"), so words like "m" in "I'm"
    /// or "ms" in a name are left alone; the catalog's `speechUnit` says each, in the plural
    /// form the number takes.
    static let units: Set<String> = ["m", "cm", "mm", "km", "ms", "s", "kg", "g", "fps", "h", "min", "MB", "MiB", "GB"]

    /// Abbreviations only one language writes (French "2 Go", "30 ips"): spelled in that
    /// language alone, since elsewhere the catalog has no words for them.
    static let ownUnits: [String: Set<String>] = ["fr": ["Mo", "Mio", "Go", "ips"]]

    /// The words for a symbol `symbols` knows.
    func symbol(_ character: Character) -> String? {
        Self.symbols[character].map { wording(.speechSymbol, ["symbol": .text($0)]) }
    }

    /// A sentence as a voice should say it: symbols and units spelled out in the words of
    /// `language` (the language the sentence is in), and codes, phone numbers and other digit
    /// strings said digit by digit (`SpokenDigits`), by that language's grouping.
    public func forVoice(_ text: String, language: String) -> String {
        SpokenDigits.spoken(spelledOut(text, in: language), language: language.isEmpty ? wording.language : language)
    }

    /// `text` spelled out in the words of `language` (a BCP 47 code), the language it is spoken
    /// in: a page's line in its own. The session's words for a code sensecam has no words for.
    public func spelledOut(_ text: String, in language: String) -> String {
        guard language != wording.language, let other = Language(code: language) else { return spelledOut(text) }
        return SpokenText(wording: other.wording).spelledOut(text)
    }

    public func spelledOut(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count + 16)
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let spelled = symbol(character) {
                result = Self.appendWord(spelled, to: result, before: index + 1 < characters.count ? characters[index + 1] : nil)
                index += 1
                continue
            }
            // "1280x720" → "1280 by 720": a lone x between digits is a dimension.
            if character == "x", index > 0, characters[index - 1].isNumber,
               index + 1 < characters.count, characters[index + 1].isNumber {
                result += wording(.speechDimensionBy)
                index += 1
                continue
            }
            if character.isLetter, let (word, length, isOne) = unit(in: characters, at: index) {
                // "1 kg" is said whole, "ein Kilogramm": the digit alone would be read "eins".
                if isOne { result = Self.droppingTrailingOne(result) }
                result = Self.appendWord(word, to: result, before: index + length < characters.count ? characters[index + length] : nil)
                index += length
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// The unit word when a unit abbreviation starts at `index`, right after a number (with
    /// or without a space) and ending at a word boundary; after the number 1 the words say the
    /// number too (`isOne`: the caller drops the digit).
    private func unit(in characters: [Character], at index: Int) -> (String, Int, isOne: Bool)? {
        var end = index
        while end < characters.count, characters[end].isLetter { end += 1 }
        let abbreviation = String(characters[index..<end])
        guard Self.units.contains(abbreviation) || Self.ownUnits[wording.language, default: []].contains(abbreviation) else { return nil }
        var before = index - 1
        if before >= 0, characters[before] == " " { before -= 1 }
        guard before >= 0, characters[before].isNumber else { return nil }
        var start = before
        while start > 0, characters[start - 1].isNumber || characters[start - 1] == "." { start -= 1 }
        let digits = String(characters[start...before])
        // A lone "1", not the end of "21" or "0.1" (the loop above took every digit and stop).
        if digits == "1", start == 0 || !(characters[start - 1].isNumber || characters[start - 1] == "," || characters[start - 1] == "-") {
            return (wording(.speechUnitOne, ["unit": .text(abbreviation)]), end - index, true)
        }
        return (wording(.speechUnit, ["unit": .text(abbreviation), "count": Self.count(digits)]), end - index, false)
    }

    /// `text` without the "1" (and the space after it) that ends it.
    private static func droppingTrailingOne(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text = text.dropLast() }
        if text.last == "1" { text = text.dropLast() }
        return String(text)
    }

    /// The number a unit follows, for its plural: whole ("1", "1.0") as an integer, otherwise
    /// with the decimals it was written with; digits that are no number ("1.2.3") take the
    /// plural of none.
    private static func count(_ digits: String) -> MessageArgument {
        guard let value = Double(digits) else { return .decimal(.nan, places: 0) }
        if value == value.rounded(), let whole = Int(exactly: value) { return .integer(whole) }
        let decimals = digits.firstIndex(of: ".").map { digits.distance(from: $0, to: digits.endIndex) - 1 } ?? 0
        return .decimal(value, places: decimals)
    }

    /// Appends a spelled word with single spaces around it (none before closing punctuation).
    private static func appendWord(_ word: String, to text: String, before next: Character?) -> String {
        var text = text
        if let last = text.last, !last.isWhitespace, last != "(" { text += " " }
        text += word
        if let next, !next.isWhitespace, !next.isPunctuation { text += " " }
        return text
    }
}
