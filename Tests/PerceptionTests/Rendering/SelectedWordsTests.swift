// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Catalog entries that choose their words by a name the code gives (a symbol, a unit, a part
/// of the picture): every name the code can give has words of its own in English, so none
/// falls through to an empty `other`; and language data the code reads from the catalog (the
/// abbreviations a sentence does not end after) is the catalog's, not the code's.
@Suite struct SelectedWordsTests {
    /// The cases of `id`'s template, which must be one select.
    static func cases(_ id: MessageID) throws -> [String: MessageTemplate] {
        let english = try #require(try Catalog.embedded("en"))
        let template = try #require(english.templates[id])
        guard template.parts.count == 1, case .select(_, let cases) = template.parts[0] else {
            Issue.record("\(id.rawValue) is not one select")
            return [:]
        }
        return cases
    }

    static func expectWords(for names: some Sequence<String>, in id: MessageID) throws {
        let cases = try Self.cases(id)
        for name in Set(names) {
            let words = cases[name]
            #expect(words != nil && words?.parts.isEmpty == false, "\(id.rawValue) has no words for \(name)")
        }
    }

    @Test func everySymbolSpeechSpellsOutHasWords() throws {
        try Self.expectWords(for: SpokenText.symbols.values, in: .speechSymbol)
    }

    @Test func everyUnitSpeechSpellsOutHasWords() throws {
        try Self.expectWords(for: SpokenText.units, in: .speechUnit)
    }

    @Test func everySymbolTheReviewSpellsHasWords() throws {
        try Self.expectWords(for: CharacterNames.symbolNames.values, in: .reviewSymbol)
    }

    /// A unit takes the plural the number it follows takes: whole numbers written with a
    /// decimal point too, and digits that are no number at all the plural of none; after a lone
    /// 1 the number is said as a word with it (`speechUnitOne`).
    @Test(arguments: [
        ("1 m", "one metre"), ("1.0 m", "1.0 metre"), ("0.5 m", "0.5 metres"), ("2m", "2 metres"), ("1.2.3 m", "1.2.3 metres"),
        ("1 fps", "one frame a second"), ("71 ms", "71 milliseconds"),
    ])
    func unitsTakeTheNumbersPlural(text: String, expected: String) {
        #expect(SpokenText(wording: .english).spelledOut(text) == expected)
    }

    /// A sign is placed at its clock hour, as objects are, and hedged by how surely its line
    /// was read.
    @Test(arguments: [
        (50.0, 0.85, "Possibly a sign at 11 o'clock, reading EXIT."),
        (320, 0.999, "Probably a sign at 12 o'clock, reading EXIT."),
        (600, SignGlance.probablyFrom, "Probably a sign at 1 o'clock, reading EXIT."),
        (600, SignGlance.probablyFrom - 0.001, "Possibly a sign at 1 o'clock, reading EXIT."),
    ])
    func signPlacesAndHedges(centerX: Double, confidence: Double, expected: String) {
        let hour = ClockDirection(of: Box(x: centerX - 10, y: 0, width: 20, height: 10), imageWidth: 640, horizontalFieldOfView: 60)
        let glance = SignGlance(wording: .english) { throw SceneTextError.missing(file: "none") }
        #expect(glance.sentence("EXIT", confidence: confidence, at: hour) == expected)
    }

    /// The sentence splitter knows the abbreviations the language's catalog lists, and no others.
    @Test func abbreviationsComeFromTheCatalog() throws {
        let text = "Dr. Smith came. He sat down"
        #expect(SentenceBoundaries(wording: .english).split(text) == (["Dr. Smith came."], "He sat down"))
        let other = SentenceBoundaries(wording: try WordingTests.wording([.speechAbbreviations: "prof"]))
        #expect(other.split(text) == (["Dr.", "Smith came."], "He sat down"))
    }
}
