// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception

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
        try Self.expectWords(for: ReviewCursor.symbolNames.values, in: .reviewSymbol)
    }

    /// A unit takes the plural the number it follows takes: whole numbers written with a
    /// decimal point too, and digits that are no number at all the plural of none.
    @Test(arguments: [
        ("1 m", "1 metre"), ("1.0 m", "1.0 metre"), ("0.5 m", "0.5 metres"), ("2m", "2 metres"), ("1.2.3 m", "1.2.3 metres"),
        ("1 fps", "1 frame a second"), ("71 ms", "71 milliseconds"),
    ])
    func unitsTakeTheNumbersPlural(text: String, expected: String) {
        #expect(SpokenText(wording: .english).spelledOut(text) == expected)
    }

    /// Where a sign is, by the third of the picture its line is in.
    @Test(arguments: [(50.0, "on the left"), (320, "ahead"), (600, "on the right")])
    func signPlaces(centerX: Double, words: String) {
        let place = SignGlance.place(of: Box(x: centerX - 10, y: 0, width: 20, height: 10), width: 640)
        #expect(Wording.english(.signsPossiblySign, ["place": .text(place), "text": .text("EXIT")])
            == "Possibly a sign \(words), reading EXIT.")
    }

    /// The sentence splitter knows the abbreviations the language's catalog lists, and no others.
    @Test func abbreviationsComeFromTheCatalog() throws {
        let text = "Dr. Smith came. He sat down"
        #expect(SentenceBoundaries(wording: .english).split(text) == (["Dr. Smith came."], "He sat down"))
        let other = SentenceBoundaries(wording: try WordingTests.wording([.speechAbbreviations: "prof"]))
        #expect(other.split(text) == (["Dr.", "Smith came."], "He sat down"))
    }
}
