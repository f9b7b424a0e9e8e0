// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// The scene engine's own arithmetic, on made-up inputs whose answers are known by hand.
@Suite struct SceneTextUnitTests {
    static let dictionary = CharacterDictionary(characters: ["a", "b", "c"])  // classes: blank, a, b, c, space

    @Test func ctcMergesRepeatsAndDropsBlanks() {
        // a a _ a b b ␣ c: "a" held two steps, a blank, "a" again, "b" held, a space, "c".
        let classes = [1, 1, 0, 1, 2, 2, 4, 3]
        let probabilities: [Float] = [0.9, 0.8, 0.99, 0.7, 0.6, 0.5, 0.95, 0.4]
        let characters = CTCDecoder.decode(classes: classes, probabilities: probabilities, dictionary: Self.dictionary)
        #expect(characters.map(\.text).joined() == "aab c")
        #expect(characters.map(\.step) == [0, 3, 4, 6, 7])
        #expect(characters.map(\.confidence) == [0.9, 0.7, 0.6, 0.95, 0.4].map { Double(Float($0)) })
        let words = CTCDecoder.words(characters)
        #expect(words.map { $0.map(\.text).joined() } == ["aab", "c"])
        #expect(abs(CTCDecoder.lineConfidence(characters) - (0.9 + 0.7 + 0.6 + 0.95 + 0.4) / 5) < 1e-6)
    }

    @Test func ctcOfNothingIsEmptyWithNoConfidence() {
        let characters = CTCDecoder.decode(classes: [0, 0, 4, 0], probabilities: [1, 1, 1, 1], dictionary: Self.dictionary)
        #expect(CTCDecoder.words(characters).isEmpty)
        #expect(CTCDecoder.lineConfidence([]) == 0)
    }

    /// The published dictionaries end their lines with CR LF, which Swift keeps as one Character.
    @Test func dictionaryReadsCRLFLinesAndAddsBlankAndSpace() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dict-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("x\r\n\u{3000}\r\né\r\n".utf8).write(to: url)
        let dictionary = try CharacterDictionary(contentsOf: url.path)
        #expect(dictionary.characters == ["x", "\u{3000}", "é"])
        #expect(dictionary.classCount == 5)
        #expect(dictionary.text(of: 0) == "" && dictionary.text(of: 1) == "x" && dictionary.text(of: 4) == " ")
    }

    @Test func emptyDictionaryIsUnreadable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dict-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data().write(to: url)
        #expect(throws: SceneTextError.unreadable(path: url.path, reason: "empty")) { try CharacterDictionary(contentsOf: url.path) }
    }

    @Test(arguments: [
        (["EXIT", "EX1T", "EXIT"], "EXIT"),
        (["SALE", "5ALE", "SAIE"], "SALE"),
        (["OPEN", "OPEN", "0PENS"], "OPEN"),
        (["STOP"], "STOP"),
    ])
    func characterVoteTakesEachPositionsMajority(readings: [String], expected: String) {
        #expect(CharacterVote.vote(readings) == expected)
    }

    /// Two signs side by side, each two lines, with a heading across the top: the heading, then
    /// the left sign top to bottom, then the right one.
    @Test func readingOrderGroupsNearbyLinesIntoBlocks() {
        let heading = Box(x: 100, y: 10, width: 600, height: 60)
        let leftTop = Box(x: 50, y: 200, width: 200, height: 30), leftBottom = Box(x: 50, y: 240, width: 180, height: 30)
        let rightTop = Box(x: 600, y: 205, width: 150, height: 30), rightBottom = Box(x: 600, y: 245, width: 150, height: 30)
        let boxes = [rightBottom, leftBottom, heading, rightTop, leftTop]
        let order = ReadingOrder.arrange(boxes)
        #expect(order.map { boxes[$0.index] } == [heading, leftTop, leftBottom, rightTop, rightBottom])
        #expect(order.map(\.block) == [0, 1, 1, 2, 2])
    }

    @Test func readingOrderKeepsARowLeftToRight() {
        let words = [Box(x: 300, y: 102, width: 80, height: 30), Box(x: 10, y: 100, width: 80, height: 30),
                     Box(x: 150, y: 98, width: 80, height: 30)]
        #expect(ReadingOrder.arrange(words).map(\.index) == [1, 2, 0])
    }

    static func quad(_ box: Box) -> TextQuad {
        TextQuad(corners: [Point(x: box.x, y: box.y), Point(x: box.maxX, y: box.y), Point(x: box.maxX, y: box.maxY),
                           Point(x: box.x, y: box.maxY)], score: 0.9)
    }

    @Test func aColumnOfRegularLinesIsAPage() {
        let lines = (0..<20).map { (i: Int) -> TextQuad in
            let y = 100 + Double(i) * 45, width = 1000 - Double(i % 3) * 80
            return Self.quad(Box(x: 100, y: y, width: width, height: 30))
        }
        #expect(PageLayout.looksLikePage(lines, width: 1240, height: 1754))
    }

    @Test func scatteredSignsAreNotAPage() {
        let signs = [Box(x: 800, y: 60, width: 230, height: 150), Box(x: 400, y: 190, width: 50, height: 18),
                     Box(x: 60, y: 500, width: 120, height: 40)].map(Self.quad)
        #expect(!PageLayout.looksLikePage(signs, width: 1280, height: 720))
        // Many small lines scattered over a street (no column, little of the picture) are not one either.
        let scattered = (0..<12).map { (i: Int) -> TextQuad in
            let x = Double(i * 97 % 1100), y = Double(i * 211 % 650)
            return Self.quad(Box(x: x, y: y, width: 60, height: 14))
        }
        #expect(!PageLayout.looksLikePage(scattered, width: 1280, height: 720))
    }

    /// A page reading must account for the text the detector found: about two characters per
    /// line height of line, not one clear letter among thirty lines (Tesseract on a street scene).
    @Test func aPageReadingWithoutClearTextForItsLinesIsNotConfirmed() {
        let box = Box(x: 0, y: 0, width: 100, height: 20)
        func reading(_ confidences: [Double]) -> PageReading {
            PageReading(width: 640, height: 480, lines: [TextLine(
                words: confidences.map { RecognizedWord(text: "word", confidence: $0, box: box) },
                confidence: 0.9, box: box, paragraph: 0)])
        }
        // Ten lines 20 high and 400 long: room for about 400 characters.
        let lines = (0..<10).map { Self.quad(Box(x: 50, y: 40 + Double($0) * 30, width: 400, height: 20)) }
        #expect(PageConfirmation.confirms(reading(Array(repeating: 0.9, count: 80)), regions: lines, clearFrom: 0.5))
        #expect(!PageConfirmation.confirms(reading([0.9] + Array(repeating: 0.2, count: 40)), regions: lines, clearFrom: 0.5))
        #expect(!PageConfirmation.confirms(reading([]), regions: lines, clearFrom: 0.5))
        #expect(PageConfirmation.clearWords(in: reading([0.9, 0.5, 0.49]), from: 0.5).count == 2)
    }

    static func line(_ text: String, _ confidence: Double) -> TextLine {
        let box = Box(x: 0, y: 0, width: 100, height: 20)
        return TextLine(words: [RecognizedWord(text: text, confidence: confidence, box: box)], confidence: confidence, box: box,
                        paragraph: 0)
    }

    @Test func aLineIsSpokenWhenTwoReadingsAgreeOrOneIsSure() {
        #expect(ShortTextReader.agreed([Self.line("EXIT", 0.95)])?.text == "EXIT")
        #expect(ShortTextReader.agreed([Self.line("EXIT", 0.7)]) == nil)
        #expect(ShortTextReader.agreed([Self.line("EX1T", 0.7), Self.line("EXIT", 0.75)]) == nil)
        #expect(ShortTextReader.agreed([Self.line("EXIT", 0.7), Self.line("EX1T", 0.6), Self.line("EXIT", 0.8)])?.confidence == 0.8)
    }
}
