import Foundation

/// Spells out the symbols and unit abbreviations a sentence may carry ("2.0×", "40%",
/// "2 m", "71 ms"), for speech and braille sentences: synthesizers read them inconsistently
/// (or not at all, with punctuation off) and a braille table shows them as dot patterns few
/// readers know. Text for the eye keeps them, and so does braille's terse object line
/// ("person 11h ~2m"), a fixed notation learnt once that keeps 40 cells enough.
public enum SpokenText {
    /// Symbols spelled wherever they appear.
    static let symbols: [(Character, String)] = [
        ("×", "times"), ("%", "percent"), ("°", "degrees"), ("~", "about"), ("&", "and"),
        ("±", "plus or minus"), ("≈", "about"), ("…", "..."),
    ]

    /// Units spelled only after a number ("2 m", "2m"), so words like "m" in "I'm" or "ms"
    /// in a name are left alone. Singular forms are used after exactly 1.
    static let units: [String: (one: String, many: String)] = [
        "m": ("metre", "metres"), "cm": ("centimetre", "centimetres"), "mm": ("millimetre", "millimetres"),
        "km": ("kilometre", "kilometres"), "ms": ("millisecond", "milliseconds"), "s": ("second", "seconds"),
        "kg": ("kilogram", "kilograms"), "g": ("gram", "grams"), "fps": ("frame a second", "frames a second"),
        "h": ("hour", "hours"), "min": ("minute", "minutes"), "MB": ("megabyte", "megabytes"),
        "MiB": ("mebibyte", "mebibytes"), "GB": ("gigabyte", "gigabytes"),
    ]

    public static func spelledOut(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count + 16)
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if let spelled = symbols.first(where: { $0.0 == character })?.1 {
                result = appendWord(spelled, to: result, before: index + 1 < characters.count ? characters[index + 1] : nil)
                index += 1
                continue
            }
            // "1280x720" → "1280 by 720": a lone x between digits is a dimension.
            if character == "x", index > 0, characters[index - 1].isNumber,
               index + 1 < characters.count, characters[index + 1].isNumber {
                result += " by "
                index += 1
                continue
            }
            if character.isLetter, let (word, length) = unit(in: characters, at: index) {
                result = appendWord(word, to: result, before: index + length < characters.count ? characters[index + length] : nil)
                index += length
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// The unit word when a unit abbreviation starts at `index`, right after a number (with
    /// or without a space) and ending at a word boundary.
    private static func unit(in characters: [Character], at index: Int) -> (String, Int)? {
        var end = index
        while end < characters.count, characters[end].isLetter { end += 1 }
        let abbreviation = String(characters[index..<end])
        guard let names = units[abbreviation] else { return nil }
        var before = index - 1
        if before >= 0, characters[before] == " " { before -= 1 }
        guard before >= 0, characters[before].isNumber else { return nil }
        var start = before
        while start > 0, characters[start - 1].isNumber || characters[start - 1] == "." { start -= 1 }
        let isOne = Double(String(characters[start...before])) == 1
        return (isOne ? names.one : names.many, end - index)
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
