// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Characters that, standing alone at the edge of a line, are an engine's misreading of a
/// pictogram, logo or speck rather than text: the scene engine's dictionary holds Chinese, so a
/// shop's logo may come out as "米", and an arrow as "è". Every language sensecam speaks
/// (`Language`) is written in Latin letters, which is what "another script" is measured against.
enum StrayCharacter {
    /// A letter of a script other than Latin (Han, kana, Hangul, Cyrillic, …).
    static func isForeignScript(_ character: Character) -> Bool {
        guard character.isLetter, let scalar = character.unicodeScalars.first else { return false }
        return !isLatin(scalar)
    }

    /// A Latin letter beyond ASCII: accented (é, ñ), or one such as ß or ø. None of them is a word
    /// alone in the languages spoken, but for those in `words`.
    static func isAccented(_ character: Character) -> Bool {
        guard character.isLetter, let scalar = character.unicodeScalars.first, isLatin(scalar) else { return false }
        return !scalar.isASCII || character.unicodeScalars.count > 1
    }

    /// One-letter words with an accent, by language code: French "à".
    static let words: [String: Set<String>] = [Language.french.code: ["à", "À"]]

    /// Whether `text` is such a word in the language of code `language` ("fr").
    static func isWord(_ text: String, in language: String) -> Bool {
        words[language]?.contains(text) == true
    }

    /// Latin blocks: Basic Latin and Latin-1 (with µ), Extended-A and B, IPA, Extended Additional,
    /// Extended-C, D and E, and the full-width forms.
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0000...0x02AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
             0xFF21...0xFF3A, 0xFF41...0xFF5A: true
        default: false
        }
    }
}
