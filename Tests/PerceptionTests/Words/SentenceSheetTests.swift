// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering

/// Every catalog message of every language, said with realistic arguments (`SentenceSheet`),
/// written to `.build/sentences/LANG-messages.txt` for a person to read (`make sentences`), and
/// checked for what a listener would trip on in any message: a digit 1 a voice reads as the
/// number ("eins Foto", "uno foto", "à un heure") where the language says a word, and spacing
/// that a voice reads as a pause in the wrong place.
@Suite struct SentenceSheetTests {
    static let output = TestResources.packageRoot.appendingPathComponent(".build/sentences")

    @Test(arguments: Language.allCases)
    func everyMessageIsWrittenOutForReading(language: Language) throws {
        let sheet = SentenceSheet(language: language)
        let text = try sheet.text(root: TestResources.packageRoot.path)
        try FileManager.default.createDirectory(at: Self.output, withIntermediateDirectories: true)
        let file = Self.output.appendingPathComponent("\(language.code)-messages.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let entries = try SentenceSheet.englishEntries(root: TestResources.packageRoot.path)
        #expect(entries.count == MessageID.allCases.count, "the sheet follows en.po, which must hold every message")
        print("Sentence sheet: \(file.path) (\(entries.count) messages)")
    }

    /// espeak-ng reads a lone "1" as the number ("eins", "uno", "un"), which is wrong before a
    /// noun ("ein Foto", "una foto") and as an hour ("um ein Uhr", "a la una", "à une heure"):
    /// a translation writes the =1 case as words.
    @Test(arguments: Language.allCases.filter { $0 != .english })
    func noLoneDigitOneIsLeftForTheVoice(language: Language) throws {
        let sheet = SentenceSheet(language: language)
        var found: [String] = []
        for (id, _) in try SentenceSheet.englishEntries(root: TestResources.packageRoot.path) where !Self.digitsMeantAsDigits(id) {
            for line in sheet.lines(id) where Self.hasLoneOne(line.sentence) {
                found.append("\(id.rawValue) [\(line.variant)]: \(line.sentence)")
            }
        }
        #expect(found.isEmpty, "\(found.count) sentences leave a lone 1 for the voice:\n\(found.joined(separator: "\n"))")
    }

    /// A "1" said as a number where the language says a word: before a noun ("1 Foto", "1 ligne")
    /// or as an hour ("1 Uhr", "à 1 heure", "a la 1"). A 1 that is a value (a range "0 to 1", a
    /// key, an exit status) is read as the numeral, which is right.
    static func hasLoneOne(_ sentence: String) -> Bool {
        let characters = Array(sentence)
        func at(_ index: Int) -> Character { characters.indices.contains(index) ? characters[index] : " " }
        for (index, character) in characters.enumerated() where character == "1" {
            let before = at(index - 1), after = at(index + 1)
            guard !before.isNumber, !before.isLetter, !"./-_:".contains(before), !after.isNumber, !after.isLetter else { continue }
            // Before a word: a noun or "Uhr"/"heure", unless the word joins numbers ("1 and 3").
            if after == " ", index + 2 <= characters.count {
                let word = String(characters[(index + 2)...].prefix { $0.isLetter }).lowercased()
                if !word.isEmpty, !Self.joiningWords.contains(word) { return true }
            }
            // Spanish hours: "a la 1", "de la 1".
            if sentence[..<sentence.index(sentence.startIndex, offsetBy: index)].hasSuffix("la ") { return true }
        }
        return false
    }

    static let joiningWords: Set<String> = ["and", "or", "to", "und", "oder", "bis", "et", "ou", "à", "y", "o", "a"]

    /// Spaces a voice would pause at, or lose: doubled, or before a comma or a full stop.
    @Test(arguments: Language.allCases)
    func noStraySpaces(language: Language) throws {
        let sheet = SentenceSheet(language: language)
        var found: [String] = []
        for (id, _) in try SentenceSheet.englishEntries(root: TestResources.packageRoot.path) {
            for line in sheet.lines(id) where line.sentence.contains("  ") || line.sentence.contains(" ,")
                || line.sentence.contains(" . ") || line.sentence.hasSuffix(" .") {
                found.append("\(id.rawValue) [\(line.variant)]: «\(line.sentence)»")
            }
        }
        #expect(found.isEmpty, "\(found.count) sentences have stray spaces:\n\(found.joined(separator: "\n"))")
    }

    /// Messages whose digits are values, not counts: braille's notation ("1h"), the help's
    /// option values and keys, and a benchmark's figures.
    static func digitsMeantAsDigits(_ id: MessageID) -> Bool {
        ["braille", "help", "keys", "bench", "usage"].contains { id.rawValue.hasPrefix($0) }
    }
}
