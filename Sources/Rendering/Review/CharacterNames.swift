// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Characters said by name, as screen readers say them: a lower-case letter as itself, a
/// capital as "capital B", a digit as the digit, a space or symbol by its name. The review's
/// character and spelling keys say them, and a key that does nothing is named by them.
public struct CharacterNames: Sendable {
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// Symbols named as screen readers name them, by the name the catalog's `reviewSymbol`
    /// selects their words by; `SpokenText`'s names serve the rest it knows.
    static let symbolNames: [Character: String] = [
        ".": "dot", ",": "comma", ":": "colon", ";": "semicolon", "!": "exclamationMark",
        "?": "questionMark", "'": "apostrophe", "’": "apostrophe", "\"": "quote", "“": "leftQuote",
        "”": "rightQuote", "-": "dash", "–": "enDash", "—": "emDash", "(": "leftParen",
        ")": "rightParen", "[": "leftBracket", "]": "rightBracket", "{": "leftBrace",
        "}": "rightBrace", "/": "slash", "\\": "backslash", "@": "at", "#": "numberSign",
        "$": "dollar", "€": "euro", "£": "pound", "*": "star", "+": "plus", "=": "equals",
        "_": "underscore", "<": "lessThan", ">": "greaterThan", "^": "caret", "|": "bar",
        "`": "grave", "~": "tilde", "…": "ellipsis", " ": "space",
    ]

    public func name(_ character: Character) -> String {
        if let name = Self.symbolNames[character] { return wording(.reviewSymbol, ["symbol": .text(name)]) }
        if character.isLetter {
            // A letter with no lower case (most scripts) is said as itself.
            return character.isUppercase ? wording(.reviewCapitalLetter, ["letter": .text(String(character))]) : String(character)
        }
        if character.isNumber { return String(character) }
        if let name = SpokenText(wording: wording).symbol(character) { return name }
        // The Unicode name beats silence: "section sign".
        if let scalar = character.unicodeScalars.first, let name = scalar.properties.name { return name.lowercased() }
        return String(character)
    }

    /// A word spelled as one answer, "capital T, a, k, e": one line for a screen reader or a
    /// braille display, not one a character. A comma between the names makes each a clause of
    /// its own, so a voice says a lone letter as the letter ("a" is the letter's name, not the
    /// article; espeak-ng does so in all four languages).
    public func spelled(_ word: String) -> String {
        word.map(name).joined(separator: ", ")
    }
}
