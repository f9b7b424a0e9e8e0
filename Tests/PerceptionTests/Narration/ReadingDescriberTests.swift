// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A line from (text, confidence) pairs; its confidence is the mean, as Tesseract's is.
private func line(_ words: [(String, Double)], paragraph: Int = 0) -> TextLine {
    let recognized = words.enumerated().map { index, word in
        RecognizedWord(text: word.0, confidence: word.1,
                       box: Box(x: Double(index) * 50, y: 0, width: 40, height: 20))
    }
    let mean = words.isEmpty ? 0 : words.map(\.1).reduce(0, +) / Double(words.count)
    return TextLine(words: recognized, confidence: mean, box: Box(x: 0, y: 0, width: 400, height: 20),
                    paragraph: paragraph)
}

private func page(_ lines: [TextLine]) -> PageReading {
    PageReading(width: 800, height: 600, lines: lines)
}

@Suite struct ReadingDescriberTests {
    let describer = ReadingDescriber(wording: .english)

    @Test(arguments: [
        ([("Take", 0.9), ("two", 0.9), ("tablets", 0.9)], "Take two tablets"),
        // One unclear word, and a run of unclear words, each become one marker.
        ([("Take", 0.9), ("tvvo", 0.3), ("tablets", 0.9)], "Take (unclear) tablets"),
        ([("Take", 0.9), ("tvvo", 0.3), ("tabl", 0.2), ("ets", 0.49), ("daily", 0.8)], "Take (unclear) daily"),
        ([("x1", 0.1), ("Exit", 0.9)], "(unclear) Exit"),
        ([("Exit", 0.9), ("x1", 0.1)], "Exit (unclear)"),
        // Two separate runs stay separate.
        ([("a", 0.1), ("b", 0.9), ("c", 0.1)], "(unclear) b (unclear)"),
        // Exactly at the threshold is clear.
        ([("Open", 0.5)], "Open"),
        // Empty and whitespace words are dropped, and words are trimmed.
        ([("", 0.9), ("Open", 0.9), ("  ", 0.9), (" daily\n", 0.9)], "Open daily"),
        // Low-confidence words without a letter or digit are noise, not "(unclear)"...
        ([("|", 0.2), ("Open", 0.9), ("~", 0.1), ("-", 0.3), ("daily", 0.9), (".", 0.1)], "Open daily"),
        // ...and dropping noise joins the unclear words around it into one run.
        ([("Open", 0.9), ("d4", 0.2), ("|", 0.1), ("ly", 0.2)], "Open (unclear)"),
        // Confident punctuation is kept: it was read, not guessed.
        ([("Price", 0.9), ("-", 0.9), ("£4.50", 0.8)], "Price - £4.50"),
        // A line with no clear word is not spoken.
        ([("tvvo", 0.3), ("tabl", 0.2)], ""),
        ([("|", 0.2), ("~", 0.1)], ""),
        ([], ""),
        // A lone character is said only when the engine is sure of it.
        ([("d", 0.57)], ""),
        ([("o", 0.79)], ""),
        ([("1", 0.95)], "1"),
        ([("a", 0.2), ("|", 0.2)], ""),
        // A letter of another script, or an accented letter that is no word, at either end.
        ([("米", 0.95)], ""),
        ([("至", 0.98), ("OPENS", 0.99)], "OPENS"),
        ([("Exit", 0.9), ("é", 0.9)], "Exit"),
        ([("Größe", 0.9), ("M", 0.9)], "Größe M"),
        // ...or glued to the capital of the first word.
        ([("èMarina", 0.98), ("Link", 0.99)], "Marina Link"),
        ([("école", 0.9), ("Élan", 0.9)], "école Élan"),
    ] as [([(String, Double)], String)])
    func spokenLine(words: [(String, Double)], expected: String) {
        #expect(describer.spokenLine(line(words)) == expected)
    }

    /// "à" is a word in French, a stray mark in English.
    @Test func anAccentedWordOfTheLanguageStays() {
        let words = line([("à", 0.9), ("droite", 0.9)])
        #expect(ReadingDescriber(wording: .loaded(.french)).spokenLine(words) == "à droite")
        #expect(describer.spokenLine(words) == "droite")
    }

    /// The scene engine's lone characters are parts of logos and pictograms, however sure it is.
    @Test func theSceneEngineSaysNoLoneCharacter() {
        let scene = ReadingDescriber.scene(wording: .english)
        #expect(scene.spokenLine(line([("B", 0.99)])) == "")
        #expect(scene.spokenLine(line([("B1", 0.99)])) == "B1")
        #expect(describer.spokenLine(line([("B", 0.99)])) == "B")
    }

    /// A third of the words unclear, ten or more: advice, then only the wholly clear lines, and a
    /// count of the lines left out.
    @Test func aFloodOfUnclearWordsIsAdvice() {
        var lines = (0..<10).map { _ in line([("Tota1", 0.3), ("12.50", 0.9)]) }
        lines.append(line([("MALAYSIA", 0.9)]))
        let captions = describer.captions(for: page(lines))
        #expect(captions.map(\.text) == [
            "Much of the page is unclear: move closer, hold the page flat, or add more light.",
            "MALAYSIA",
            "End of page: 1 line, 10 lines too unclear to read.",
        ])
        #expect(describer.spokenLines(of: page(lines)) == Array(repeating: "", count: 10) + ["MALAYSIA"])
        // Exactly a third (10 of 30 words) is a flood; one clear word more, and it is read as
        // usual, with markers.
        lines += (0..<4).map { _ in line([("clear", 0.9), ("words", 0.9)]) }
        lines.append(line([("one", 0.9)]))
        #expect(describer.captions(for: page(lines)).first?.text.hasPrefix("Much of the page") == true)
        lines.append(line([("more", 0.9)]))
        let read = describer.captions(for: page(lines)).map(\.text)
        #expect(read.first == "(unclear) 12.50")
        #expect(read.last == "End of page: 17 lines, 10 unclear spots.")
        // Fewer than ten unclear words are never a flood.
        let short = describer.captions(for: page([line([("Tota1", 0.3), ("12.50", 0.9)])])).map(\.text)
        #expect(short == ["(unclear) 12.50", "End of page: 1 line, 1 unclear spot."])
    }

    @Test func thresholdIsConfigurable() {
        let strict = ReadingDescriber(wording: .english, unclearBelow: 0.8)
        #expect(strict.spokenLine(line([("Open", 0.7), ("daily", 0.9)])) == "(unclear) daily")
        #expect(describer.spokenLine(line([("Open", 0.7), ("daily", 0.9)])) == "Open daily")
    }

    @Test(arguments: [
        (1, 0, 0, "End of page: 1 line."),
        (9, 0, 0, "End of page: 9 lines."),
        (9, 1, 0, "End of page: 9 lines, 1 unclear spot."),
        (1, 2, 0, "End of page: 1 line, 2 unclear spots."),
        (9, 0, 1, "End of page: 9 lines, 1 line too unclear to read."),
        (9, 2, 3, "End of page: 9 lines, 2 unclear spots, 3 lines too unclear to read."),
        (0, 0, 20, "End of page: no lines read, 20 lines too unclear to read."),
    ] as [(Int, Int, Int, String)])
    func summaryWording(lines: Int, unclear: Int, leftOut: Int, expected: String) {
        #expect(ReadingDescriber(wording: .english).summary(lines: lines, unclear: unclear, leftOut: leftOut) == expected)
    }

    @Test func captionsForAPage() {
        let reading = page([
            line([("SALE", 0.95)]),
            line([("All", 0.9), ("items", 0.3), ("half", 0.2), ("price", 0.9)]),
            line([("|", 0.1)]),                   // noise only: neither spoken nor counted
            line([("xq", 0.2)], paragraph: 1),    // fully unclear: skipped, and said to be
            line([("Open", 0.8), ("daily", 0.7)], paragraph: 1),
        ])
        let captions = describer.captions(for: reading)
        #expect(captions.map(\.text) == [
            "SALE",
            "All (unclear) price",
            "Open daily",
            // The count is of what was heard: one marker, and the line left out.
            "End of page: 3 lines, 1 unclear spot, 1 line too unclear to read.",
        ])
        #expect(captions.allSatisfy { $0.priority == .message })
        #expect(captions[1].confidence == reading.lines[1].confidence)
        #expect(captions[2].confidence == reading.lines[4].confidence)
    }

    @Test func singleLinePage() {
        let captions = describer.captions(for: page([line([("Exit", 0.9)])]))
        #expect(captions.map(\.text) == ["Exit", "End of page: 1 line."])
    }

    @Test(arguments: [
        [],
        [line([])],
        [line([("|", 0.1), ("..", 0.2)])],
        [line([("  ", 0.9)])],
    ] as [[TextLine]])
    func noReadableText(lines: [TextLine]) {
        let captions = describer.captions(for: page(lines))
        #expect(captions.map(\.text) == ["No readable text found."])
        #expect(captions.map(\.priority) == [.message])
        #expect(ReadingDescriber(wording: .english).noReadableText == "No readable text found.")
    }

    /// Words were found, none clearly: say so (hedged), so the user knows to try again.
    @Test(arguments: [
        [line([("xq", 0.2), ("zz", 0.3)]), line([("  ", 0.9)])],
        [line([("|", 0.1), ("Exlt", 0.4)])],
    ] as [[TextLine]])
    func onlyUnclearText(lines: [TextLine]) {
        let captions = describer.captions(for: page(lines))
        #expect(captions.map(\.text) == ["Possibly some text, too unclear to read."])
        #expect(captions.map(\.priority) == [.message])
    }
}

/// How the describer passes on the way lines run on: as read, unless what is said of them
/// differs from what was printed.
@Suite struct ReadingDescriberJoinTests {
    private func line(_ words: [(String, Double)], joinsNext: LineJoin?) -> TextLine {
        let recognized = words.map { RecognizedWord(text: $0.0, confidence: $0.1, box: Box(x: 0, y: 0, width: 40, height: 20)) }
        return TextLine(words: recognized, confidence: 0.9, box: Box(x: 0, y: 0, width: 400, height: 20), paragraph: 0,
                        joinsNext: joinsNext)
    }

    @Test func aPagesJoinsReachItsCaptions() {
        let page = PageReading(width: 800, height: 600, lines: [
            line([("legal", 0.9), ("cop-", 0.9)], joinsNext: .word),
            line([("ying,", 0.9), ("the", 0.9)], joinsNext: .space),
            line([("end.", 0.9)], joinsNext: nil),
        ])
        #expect(ReadingDescriber(wording: .english).captions(for: page).map(\.joinsNext) == [.word, .space, nil, nil])
        // A scene's lines are each their own unit.
        #expect(ReadingDescriber.scene(wording: .english).captions(for: page).map(\.joinsNext) == [nil, nil, nil, nil])
    }

    /// An unclear word on either side of the hyphen: the marker is a word, joined by a space.
    @Test func aHyphenBesideAnUnclearWordIsNotMended() {
        let unclearAfter = PageReading(width: 800, height: 600, lines: [
            line([("legal", 0.9), ("cop-", 0.9)], joinsNext: .word), line([("yinq", 0.2), ("the", 0.9)], joinsNext: nil),
        ])
        #expect(ReadingDescriber(wording: .english).captions(for: unclearAfter).map(\.joinsNext) == [.space, nil, nil])
        let unclearBefore = PageReading(width: 800, height: 600, lines: [
            line([("legal", 0.9), ("c0p-", 0.2)], joinsNext: .word), line([("ying", 0.9)], joinsNext: nil),
        ])
        #expect(ReadingDescriber(wording: .english).captions(for: unclearBefore).map(\.joinsNext) == [.space, nil, nil])
    }

    /// A line with nothing clear in it is left out, and the paragraph goes on past it.
    @Test func anUnreadableLineDoesNotEndTheParagraph() {
        let page = PageReading(width: 800, height: 600, lines: [
            line([("the", 0.9), ("start", 0.9)], joinsNext: .space), line([("qx", 0.1)], joinsNext: .space),
            line([("goes", 0.9), ("on.", 0.9)], joinsNext: nil),
        ])
        #expect(ReadingDescriber(wording: .english).captions(for: page).map(\.joinsNext) == [.space, nil, nil])
    }
}
