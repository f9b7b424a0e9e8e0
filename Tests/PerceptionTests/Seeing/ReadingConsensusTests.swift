// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

@Suite struct ReadingConsensusTests {
    func line(_ text: String, _ confidence: Double = 0.9) -> TextLine {
        let words = text.split(separator: " ").map {
            RecognizedWord(text: String($0), confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10))
        }
        return TextLine(words: words, confidence: confidence, box: Box(x: 0, y: 0, width: 100, height: 10), paragraph: 0)
    }

    func page(_ lines: [TextLine]) -> PageReading { PageReading(width: 100, height: 100, lines: lines) }

    /// One unlucky frame misreads a line; the other two outvote it, whichever frame is first.
    @Test(arguments: [0, 1, 2])
    func theMajorityReadingOfEachLineWins(unluckyFrame: Int) {
        let readings = (0..<3).map { index in
            page([line("The quick brown dog"), line(index == unluckyFrame ? "jumped ovcr the lazy fax" : "jumped over the lazy fox")])
        }
        #expect(ReadingConsensus.combine(readings).lines.map(\.text) == ["The quick brown dog", "jumped over the lazy fox"])
    }

    /// A frame that split a line in two (or lost one) does not set the layout: the median
    /// line count does.
    @Test func theMedianLayoutIsTheSkeleton() {
        let good = page([line("first line here"), line("second line here")])
        let split = page([line("first line"), line("here"), line("second line here")])
        let result = ReadingConsensus.combine([split, good, good])
        #expect(result.lines.map(\.text) == ["first line here", "second line here"])
    }

    @Test func aTieGoesToTheMoreConfidentReading() {
        let result = ReadingConsensus.combine([page([line("Exit only", 0.6)]), page([line("Exlt only", 0.9)])])
        #expect(result.lines.map(\.text) == ["Exlt only"])
    }

    @Test func emptyReadingsDoNotVote() {
        let result = ReadingConsensus.combine([page([]), page([line("Hello")]), page([])])
        #expect(result.lines.map(\.text) == ["Hello"])
        #expect(ReadingConsensus.combine([page([]), page([])]).lines.isEmpty)
    }

    @Test func aLineTooDifferentIsNotCountedAsTheSameLine() {
        let other = page([line("completely unrelated words")])
        #expect(ReadingConsensus.closest(to: line("The quick brown dog"), in: other) == nil)
        #expect(ReadingConsensus.closest(to: line("The quick brown dog"), in: page([line("The quick brovn dog")])) != nil)
    }
}
