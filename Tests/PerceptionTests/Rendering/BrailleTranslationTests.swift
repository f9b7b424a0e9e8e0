// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// Literary braille through the real liblouis and its Debian tables (liblouis-data).
@Suite struct BrailleTranslationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: Language
        let grade: BrailleGrade
        let print: String
        /// The cells, a blank cell written as a space (as the translator gives them).
        let braille: String
        var testDescription: String { "\(language.code) \(grade): \(print)" }
    }

    /// Each expected line was read cell by cell (as dot numbers) against the braille system's
    /// published rules, and each contraction against the rule for it in the liblouis table:
    static let sentences: [Case] = [
        // German Basisschrift (de-g0): letter by letter, no capital signs (the German system
        // marks capitals only where needed); comma dot 2 ⠂, full stop dot 3 ⠄; number sign
        // ⠼ (3456) with the digits as the letters a-j: 12 = ⠼⠁⠃.
        Case(language: .german, grade: .uncontracted, print: "Wahrscheinlich ein Stuhl, auf 12 Uhr.",
             braille: "⠺⠁⠓⠗⠎⠉⠓⠑⠊⠝⠇⠊⠉⠓ ⠑⠊⠝ ⠎⠞⠥⠓⠇⠂ ⠁⠥⠋ ⠼⠁⠃ ⠥⠓⠗⠄"),
        // German letters: ö ⠪ (246), ß ⠮ (2346), ü ⠳ (1256), ä ⠜ (345); colon ⠒ (25).
        Case(language: .german, grade: .uncontracted, print: "Größe: Straße, Tür, Bär, Öl, Fuß.",
             braille: "⠛⠗⠪⠮⠑⠒ ⠎⠞⠗⠁⠮⠑⠂ ⠞⠳⠗⠂ ⠃⠜⠗⠂ ⠪⠇⠂ ⠋⠥⠮⠄"),
        // German Kurzschrift (de-g2): "wahr" ⠺⠓ (2456-125), "sch" ⠱ (156), "ein" ⠫ (1246), the
        // ending "lich" ⠸ (456), "st" ⠾ (23456), the word "auf" ⠡ (16); numbers as above.
        Case(language: .german, grade: .contracted, print: "Wahrscheinlich ein Stuhl, auf 12 Uhr.",
             braille: "⠺⠓⠱⠫⠸ ⠫ ⠾⠥⠓⠇⠂ ⠡ ⠼⠁⠃ ⠥⠓⠗⠄"),
        // Unified English Braille grade 1: capital ⠠ (6), comma ⠂ (2), number sign ⠼ + a b,
        // apostrophe ⠄ (3), full stop ⠲ (256).
        Case(language: .english, grade: .uncontracted, print: "Probably the chair with a child, at 12 o'clock.",
             braille: "⠠⠏⠗⠕⠃⠁⠃⠇⠽ ⠞⠓⠑ ⠉⠓⠁⠊⠗ ⠺⠊⠞⠓ ⠁ ⠉⠓⠊⠇⠙⠂ ⠁⠞ ⠼⠁⠃ ⠕⠄⠉⠇⠕⠉⠅⠲"),
        // UEB grade 2: "the" ⠮ (2346), "ch" ⠡ (16), "with" ⠾ (23456), "child" ⠡ alone; no
        // "o'c" — UEB dropped that EBAE contraction, so "o'clock" is written out.
        Case(language: .english, grade: .contracted, print: "Probably the chair with a child, at 12 o'clock.",
             braille: "⠠⠏⠗⠕⠃⠁⠃⠇⠽ ⠮ ⠡⠁⠊⠗ ⠾ ⠁ ⠡⠂ ⠁⠞ ⠼⠁⠃ ⠕⠄⠉⠇⠕⠉⠅⠲"),
        // French intégral (BFU): capital ⠨ (46), hyphen ⠤ (36), ê ⠣ (126), à ⠷ (12356), è ⠮
        // (2346), é ⠿ (123456), apostrophe ⠄ (3), full stop ⠲ (256); numbers in Antoine
        // notation: ⠠ (6) then 1 ⠡ (16), 2 ⠣ (126).
        Case(language: .french, grade: .uncontracted, print: "Peut-être une chaise à 12 heures, près de l'entrée.",
             braille: "⠨⠏⠑⠥⠞⠤⠣⠞⠗⠑ ⠥⠝⠑ ⠉⠓⠁⠊⠎⠑ ⠷ ⠠⠡⠣ ⠓⠑⠥⠗⠑⠎⠂ ⠏⠗⠮⠎ ⠙⠑ ⠇⠄⠑⠝⠞⠗⠿⠑⠲"),
        // French abrégé: "peut-être" ⠏⠤⠣, "une" ⠥⠝, "ch" ⠷, "ai" ⠌ (34), "heures" ⠓⠗⠎,
        // "près" ⠖⠎ (235-234), "de" ⠙, "en" ⠢ (26), "tr" before a vowel ⠴ (356).
        Case(language: .french, grade: .contracted, print: "Peut-être une chaise à 12 heures, près de l'entrée.",
             braille: "⠨⠏⠤⠣ ⠥⠝ ⠷⠌⠎⠑ ⠷ ⠠⠡⠣ ⠓⠗⠎⠂ ⠖⠎ ⠙ ⠇⠄⠢⠴⠿⠑⠲"),
        // Spanish: capital ⠨ (46), á ⠷ (12356), ñ ⠻ (12456), í ⠌ (34), semicolon ⠆ (23), full
        // stop ⠄ (3), number sign ⠼ + a b.
        Case(language: .spanish, grade: .uncontracted, print: "Quizá una señora, a las 12 en punto; está aquí.",
             braille: "⠨⠟⠥⠊⠵⠷ ⠥⠝⠁ ⠎⠑⠻⠕⠗⠁⠂ ⠁ ⠇⠁⠎ ⠼⠁⠃ ⠑⠝ ⠏⠥⠝⠞⠕⠆ ⠑⠎⠞⠷ ⠁⠟⠥⠌⠄"),
        // Spanish contracted: "qu" ⠟ (q alone), "una" ⠥⠁, "or" ⠱ (156), "las" ⠯ (12346), "en" ⠢
        // (26), "está" ⠫⠞ (1246-2345).
        Case(language: .spanish, grade: .contracted, print: "Quizá una señora, a las 12 en punto; está aquí.",
             braille: "⠨⠟⠊⠵⠷ ⠥⠁ ⠎⠑⠻⠱⠁⠂ ⠁ ⠯ ⠼⠁⠃ ⠢ ⠏⠥⠝⠞⠕⠆ ⠫⠞ ⠁⠟⠌⠄"),
    ]

    @Test(arguments: sentences) func sentenceInBraille(_ sentence: Case) throws {
        let translator = try #require(try BrailleTranslator(language: sentence.language, grade: sentence.grade))
        #expect(translator.cells(sentence.print) == sentence.braille)
    }

    @Test(arguments: Language.allCases) func everyLanguageHasBothTablesAndComputerBrailleNone(_ language: Language) throws {
        #expect(try BrailleTranslator(language: language, grade: .computer) == nil)
        for grade in [BrailleGrade.uncontracted, .contracted] {
            let translator = try #require(try BrailleTranslator(language: language, grade: grade))
            #expect(translator.table == language.brailleTable(grade))
        }
    }

    @Test func tableThatCannotBeLoadedIsOneSentence() {
        #expect(throws: RendererError.self) { try BrailleTranslator(table: "no-such-table.ctb") }
        do {
            _ = try BrailleTranslator(table: "no-such-table.ctb")
        } catch {
            let said = Wording.english(error.message)
            #expect(said == "The braille table no-such-table.ctb could not be loaded; check that liblouis-data is installed.",
                    "\(said)")
        }
    }

    /// Cells, not print characters, must fit the display: Kurzschrift makes the line shorter,
    /// uncontracted braille's number sign makes it longer than its print.
    @Test func segmentsAreCutOnCells() throws {
        let line = "Wahrscheinlich ein Stuhl, auf 12 Uhr."
        let contracted = try #require(try BrailleTranslator(language: .german, grade: .contracted))
        let uncontracted = try #require(try BrailleTranslator(language: .german, grade: .uncontracted))
        #expect(BrailleWording.segments(line, width: 20) == ["Wahrscheinlich ein", "Stuhl, auf 12 Uhr."])
        // 24 cells: 19 fill the first display, the word that would make it 24 starts the next.
        #expect(BrailleWording.segments(line, width: 20, translator: contracted) == ["⠺⠓⠱⠫⠸ ⠫ ⠾⠥⠓⠇⠂ ⠡ ⠼⠁⠃", "⠥⠓⠗⠄"])
        #expect(BrailleWording.segments(line, width: 20, translator: uncontracted)
            == ["⠺⠁⠓⠗⠎⠉⠓⠑⠊⠝⠇⠊⠉⠓ ⠑⠊⠝", "⠎⠞⠥⠓⠇⠂ ⠁⠥⠋ ⠼⠁⠃ ⠥⠓⠗⠄"])
        // "Gate 12 to 34" fits 13 print characters; in UEB it is 16 cells (a capital sign, two
        // number signs).
        let english = try #require(try BrailleTranslator(language: .english, grade: .uncontracted))
        #expect(BrailleWording.segments("Gate 12 to 34", width: 13) == ["Gate 12 to 34"])
        let cut = BrailleWording.segments("Gate 12 to 34", width: 13, translator: english)
        #expect(cut == ["⠠⠛⠁⠞⠑ ⠼⠁⠃ ⠞⠕", "⠼⠉⠙"])
    }

    /// A long contracted reading line is cut into display-wide pieces of at most 40 cells,
    /// all of them braille, with nothing lost.
    @Test func longContractedLineSplitsAtTheDisplayWidth() throws {
        let translator = try #require(try BrailleTranslator(language: .german, grade: .contracted))
        let line = "Nehmen Sie zweimal täglich eine Tablette nach dem Essen ein und überschreiten Sie nicht die angegebene Dosis."
        let whole = try #require(translator.cells(line))
        let segments = BrailleWording.segments(line, width: 40, translator: translator)
        #expect(segments.count > 1)
        #expect(segments.allSatisfy { $0.unicodeScalars.count <= 40 })
        #expect(segments.joined(separator: " ") == whole)
        #expect(whole.unicodeScalars.allSatisfy { $0 == " " || (0x2800...0x28FF).contains($0.value) })
        // Fewer cells than print characters: contractions at work.
        #expect(whole.unicodeScalars.count < line.unicodeScalars.count)
    }

    /// An object line's clauses stay whole in braille too: "person 11h ~2m;" is not split.
    @Test func objectClausesStayTogetherInBraille() throws {
        let translator = try #require(try BrailleTranslator(language: .english, grade: .contracted))
        let line = "person 11h ~2m; 2 people? 9h; dog 12h ~1.5m"
        let clauses = ["person 11h ~2m;", "2 people? 9h;", "dog 12h ~1.5m"].compactMap { translator.cells($0) }
        try #require(clauses.count == 3)
        let width = clauses[0].unicodeScalars.count + 1 + clauses[1].unicodeScalars.count
        #expect(BrailleWording.segments(line, width: width, translator: translator) == [clauses[0] + " " + clauses[1], clauses[2]])
        // One cell less: the second clause moves whole to the next display, where the third
        // joins it, rather than its first word filling the first display.
        let narrower = BrailleWording.segments(line, width: width - 1, translator: translator)
        #expect(narrower.first == clauses[0])
        #expect(narrower.joined(separator: " ") == clauses.joined(separator: " "))
    }
}
