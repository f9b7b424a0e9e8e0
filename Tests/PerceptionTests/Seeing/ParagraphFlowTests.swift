// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A line of `text` at (x, y), 30 px high and `width` wide, each word 0.9 confident.
private func line(_ text: String, x: Double = 100, y: Double, width: Double = 800, paragraph: Int = 0) -> TextLine {
    let words = text.split(separator: " ").map { RecognizedWord(text: String($0), confidence: 0.9, box: Box(x: x, y: y, width: 10, height: 30)) }
    return TextLine(words: words, confidence: 0.9, box: Box(x: x, y: y, width: width, height: 30), paragraph: paragraph)
}

/// Which printed lines go on into the next, from the layout and Tesseract's own dictionary.
@Suite struct ParagraphFlowTests {
    /// The engine's dictionary tells a broken word from a compound (English traineddata).
    @Test(arguments: [
        ("cop-", "ying,", LineJoin.word), ("actu-", "ally", .word), ("spec-", "ulation", .word),
        ("Hyphen-", "ated", .word), ("(evi-", "dence)", .word),
        ("well-", "known", .hyphen), ("x-", "ray", .hyphen), ("long-", "term", .hyphen),
        // Neither known: kept as printed.
        ("self-", "driving", .hyphen),
        ("sure", "of", .space), ("wait", "-", .space), ("23-", "12263", .space),
    ])
    func aLinesEndIsJoinedByTheDictionary(last: String, next: String, expected: LineJoin) throws {
        let recognizer = try TextRecognizer()
        let join = ParagraphFlow.join(line("the \(last)", y: 0), line("\(next) more", y: 40), isWord: recognizer.isWord)
        #expect(join == expected)
    }

    /// The dictionary knows words, and compounds with their hyphen; not a broken word's halves
    /// with the hyphen between them, nor letters that make no word.
    @Test func theDictionaryKnowsWordsAndCompounds() throws {
        let recognizer = try TextRecognizer()
        #expect(recognizer.isWord("copying") && recognizer.isWord("evidence") && recognizer.isWord("well-known"))
        #expect(!recognizer.isWord("cop-ying") && !recognizer.isWord("evi-dence") && !recognizer.isWord("zzxqv"))
    }

    @Test(arguments: [
        // The next line just below: runs on, even where Tesseract starts a paragraph at it,
        // as long as the line does not end a sentence.
        (line("reads it", y: 100), line("aloud", y: 148, paragraph: 1), true),
        // A line ending a sentence, where Tesseract starts a paragraph: a paragraph ends.
        (line("guessed.", y: 100), line("Point", y: 148, paragraph: 1), false),
        (line("guessed.”", y: 100), line("Point", y: 148, paragraph: 1), false),
        // Within Tesseract's paragraph, a sentence's end is only a sentence's end.
        (line("omitted).", y: 100), line("Importantly", y: 148), true),
        // A blank line between: a new paragraph, whatever Tesseract says.
        (line("Welcome to sensecam", y: 100), line("Point a camera", y: 196), false),
        // Indented: a new paragraph.
        (line("the end of it", y: 100), line("A plaintiff", x: 250, y: 148, width: 650), false),
        // The next column, or a line above (a column's top after the last one's foot).
        (line("in the first column", y: 100, width: 300), line("the second", x: 500, y: 148, width: 300), false),
        (line("at the foot", y: 900), line("of the next column", y: 100), false),
    ])
    func linesRunOnWithinAParagraphOnly(first: TextLine, next: TextLine, runsOn: Bool) {
        #expect(ParagraphFlow.runsOn(first, into: next) == runsOn)
    }

    /// A real page: the welcome page's three paragraphs of prose, and its heading and last
    /// line on their own, though Tesseract cuts its paragraphs at two short lines.
    @Test func theWelcomePagesParagraphsAreFound() throws {
        let recognizer = try TextRecognizer()
        let page = try recognizer.read(try ImageFile.load(TestResources.packageRoot.appendingPathComponent("samples/welcome-page.png").path))
        let ends = page.lines.filter { $0.joinsNext == nil }.map(\.text)
        #expect(ends == ["Welcome to sensecam", "sure of are spoken as unclear rather than guessed.", "that nothing is there.",
                         "Pictures stay on your computer. Only words come out."], "\(page.lines.map { ($0.text, $0.joinsNext) })")
    }
}
