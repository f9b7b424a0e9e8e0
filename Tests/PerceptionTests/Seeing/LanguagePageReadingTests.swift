// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Evaluation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages

/// The page engine reads German, French and Spanish pages in their own language: camera-like
/// photos of letters the project wrote and rendered itself (`samples/languages/make-pages.py`),
/// each with the exact text beside it. A wrong or missing language model fails twice over: the
/// error rate climbs, and the words that hang on an umlaut, ß, ç, œ or ñ come out wrong.
@Suite("Language page reading") struct LanguagePageReadingTests {
    /// Whitespace-normalised, micro-averaged over a language's pages.
    static let cerCeiling = 0.03

    struct PageSet: Sendable, CustomTestStringConvertible {
        /// The setting (`--language`): its code names the folder under samples/languages, and
        /// its Tesseract model is the one `SessionSettings.language` gets.
        var language: Words.Language
        var folder: String { language.code }
        var code: String { language.tesseract }
        var name: String
        /// Words that must come out letter for letter: each turns on a letter English lacks. The
        /// rate alone would not catch a wrong model: read with `eng`, the French pages still
        /// score 1.94 % (German 4.81 %, Spanish 4.22 %), yet every one of these words but
        /// "élémentaire" (é is in English's alphabet) comes out wrong.
        var accentedWords: [String]

        var testDescription: String { name }
    }

    static let languages = [
        PageSet(language: .german, name: "German", accentedWords: ["Größe", "schließen", "Grüßen", "Übrigens"]),
        PageSet(language: .french, name: "French", accentedWords: ["français", "élémentaire", "reçus", "Lefèvre"]),
        PageSet(language: .spanish, name: "Spanish", accentedWords: ["año", "Logroño", "Núñez", "¿Cómo"]),
    ]

    @Test(arguments: languages)
    func renderedPagesAreReadInTheirLanguage(language: PageSet) throws {
        let folder = TestResources.packageRoot.appendingPathComponent("samples/languages/\(language.folder)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(pages.count >= 3, "expected the rendered pages in \(folder.path); run samples/languages/make-pages.py")

        // The lowest level that reads a page: one Tesseract engine in the language, as every
        // page reader above it (PictureReader, DocumentReader) is given.
        let recognizer = try TextRecognizer(language: language.code)
        var cer = CharacterErrorRate()
        var words: Set<Substring> = []
        for page in pages {
            let text = try recognizer.read(try ImageFile.load(folder.appendingPathComponent(page).path)).text
            let truth = try GroundTruth.text(at: folder.appendingPathComponent(page.replacingOccurrences(of: ".jpg", with: ".txt")))
            cer.add(hypothesis: text, reference: truth)
            words.formUnion(text.split(whereSeparator: \.isWhitespace).map { $0.drop { $0 == "«" }.prefix { !",.:;!?»".contains($0) } })
        }
        print("Page CER on rendered \(language.name) pages (\(pages.count) pages): \(String(format: "%.2f", cer.rate * 100)) %")
        #expect(cer.rate <= Self.cerCeiling)
        for word in language.accentedWords {
            let found = words.contains(Substring(word))
            #expect(found, "\(word) was not read exactly from the \(language.name) pages")
        }
        if language.folder == "es" {
            // Tesseract 5.3's spa model reads the ü of "bilingüe" (page 3, DejaVu Serif, blurred)
            // as ú. Recorded here so that a better engine or model shows up as this issue missing.
            let foundBilingue = words.contains("bilingüe")
            withKnownIssue("bilingüe is read as bilingúe") { #expect(foundBilingue) }
        }
    }

    /// Scene text keeps PP-OCR whatever the language: its dictionary has the Latin accents, so
    /// the words with letters English lacks must come out letter for letter from the same
    /// pages. Measured: 47 of 47 German, 56 of 56 French and 48 of 48 Spanish accented words.
    @Test(arguments: languages)
    func theSceneEngineReadsAccentedWords(language: PageSet) throws {
        let folder = TestResources.packageRoot.appendingPathComponent("samples/languages/\(language.folder)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        let reader = try SceneTextReader()
        var accented: [Substring] = []
        var read: Set<Substring> = []
        for page in pages {
            let truth = try GroundTruth.text(at: folder.appendingPathComponent(page.replacingOccurrences(of: ".jpg", with: ".txt")))
            accented += Self.words(truth).filter { $0.unicodeScalars.contains { !$0.isASCII } }
            read.formUnion(Self.words(try reader.read(try ImageFile.load(folder.appendingPathComponent(page).path)).text))
        }
        let found = accented.filter(read.contains).count
        print("Scene engine on rendered \(language.name) pages: \(found) of \(accented.count) accented words read exactly")
        #expect(accented.count >= 30)
        #expect(Double(found) >= 0.95 * Double(accented.count))
    }

    /// Words as letters and digits, punctuation dropped.
    static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }
}
