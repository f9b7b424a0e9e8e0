// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames

/// One word as Tesseract recognised it.
public struct RecognizedWord: Sendable, Equatable {
    public var text: String
    /// Tesseract's word confidence scaled to 0–1.
    public var confidence: Double
    public var box: Box

    public init(text: String, confidence: Double, box: Box) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

/// One line of text, in reading order within its page.
public struct TextLine: Sendable, Equatable {
    public var words: [RecognizedWord]
    /// Mean word confidence, 0–1.
    public var confidence: Double
    public var box: Box
    /// Index of the paragraph (for scene text, the block of nearby lines) this line belongs
    /// to, counting from 0 in reading order.
    public var paragraph: Int
    /// Where the line lies when the scene engine read it (possibly rotated); nil from Tesseract.
    public var quad: TextQuad?
    /// How the next line goes on from this one within a paragraph, hyphen mended or kept
    /// (`ParagraphFlow`); nil where a paragraph ends, and always from the scene engine.
    public var joinsNext: LineJoin?

    public init(words: [RecognizedWord], confidence: Double, box: Box, paragraph: Int, quad: TextQuad? = nil,
                joinsNext: LineJoin? = nil) {
        self.words = words
        self.confidence = confidence
        self.box = box
        self.paragraph = paragraph
        self.quad = quad
        self.joinsNext = joinsNext
    }

    /// The words as recognised, separated by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// Everything read from one image, lines in reading order.
public struct PageReading: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var lines: [TextLine]
    /// How the page lay in the picture when it was read turned upright: clockwise degrees (90,
    /// 180 or 270). 0 when it was read as given. Boxes refer to the picture as given either way.
    public var turnedDegrees: Int
    /// The language the page was read in (Tesseract's model for it) or, for the scene engine's
    /// reading, the one its text told (`PictureReader`): its lines are spoken in it. Nil when
    /// neither is known; the lines are then the listener's language.
    public var language: Language?

    public init(width: Int, height: Int, lines: [TextLine], turnedDegrees: Int = 0, language: Language? = nil) {
        self.width = width
        self.height = height
        self.lines = lines
        self.turnedDegrees = turnedDegrees
        self.language = language
    }

    /// The full transcription: one line per text line, a blank line between paragraphs.
    public var text: String {
        var out = ""
        var previousParagraph: Int?
        for line in lines {
            if let previous = previousParagraph {
                out += previous == line.paragraph ? "\n" : "\n\n"
            }
            out += line.text
            previousParagraph = line.paragraph
        }
        return out
    }
}
