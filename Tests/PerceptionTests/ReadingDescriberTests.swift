// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception

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
    ] as [([(String, Double)], String)])
    func spokenLine(words: [(String, Double)], expected: String) {
        #expect(describer.spokenLine(line(words)) == expected)
    }

    @Test func thresholdIsConfigurable() {
        let strict = ReadingDescriber(wording: .english, unclearBelow: 0.8)
        #expect(strict.spokenLine(line([("Open", 0.7), ("daily", 0.9)])) == "(unclear) daily")
        #expect(describer.spokenLine(line([("Open", 0.7), ("daily", 0.9)])) == "Open daily")
    }

    @Test(arguments: [
        (1, 0, "End of page: 1 line."),
        (9, 0, "End of page: 9 lines."),
        (9, 1, "End of page: 9 lines, 1 unclear word."),
        (1, 2, "End of page: 1 line, 2 unclear words."),
    ] as [(Int, Int, String)])
    func summaryWording(lines: Int, unclear: Int, expected: String) {
        #expect(ReadingDescriber(wording: .english).summary(lines: lines, unclearWords: unclear) == expected)
    }

    @Test func captionsForAPage() {
        let reading = page([
            line([("SALE", 0.95)]),
            line([("All", 0.9), ("items", 0.3), ("half", 0.2), ("price", 0.9)]),
            line([("|", 0.1)]),                   // noise only: neither spoken nor counted
            line([("xq", 0.2)], paragraph: 1),    // fully unclear: skipped, but counted
            line([("Open", 0.8), ("daily", 0.7)], paragraph: 1),
        ])
        let captions = describer.captions(for: reading)
        #expect(captions.map(\.text) == [
            "SALE",
            "All (unclear) price",
            "Open daily",
            "End of page: 3 lines, 3 unclear words.",
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
