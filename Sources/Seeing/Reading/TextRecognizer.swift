// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words
import Frames

/// One Tesseract engine, started once and reused for every page.
///
/// Not thread-safe: one recognizer per worker thread. Tesseract's own OpenMP loops stay on
/// the thread that reads (the shim turns libgomp's active levels to zero there): on two
/// cores its extra threads made recognition five times slower.
public final class TextRecognizer {
    public let language: String
    private let handle: OpaquePointer

    public init(language: String = "eng", tessdataDirectory: String = Tessdata.directory()) throws(OCRError) {
        try Tessdata.check(language: language, directory: tessdataDirectory)
        var handle: OpaquePointer?
        let orientation: Int32 = Tessdata.hasOrientationData(in: tessdataDirectory) ? 1 : 0
        let result = callShim { CVision_ocr_create(tessdataDirectory, language, orientation, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else {
            throw .engineFailed(reason: result.message)
        }
        self.handle = handle
        self.language = language
    }

    deinit { CVision_ocr_destroy(handle) }

    /// Reads every line on the page, in Tesseract's reading order.
    public func read(_ image: Image) throws(OCRError) -> PageReading {
        var count: Int32 = 0
        let result = callShim { CVision_ocr_recognize(handle, image.handle, &count, $0, $1) }
        guard result.status == CVision_OK else { throw .engineFailed(reason: result.message) }

        var lines: [TextLine] = []
        var current: [RecognizedWord] = []
        var currentLine: Int32 = -1
        var currentParagraph = 0
        func closeLine() {
            guard !current.isEmpty else { return }
            let confidence = current.map(\.confidence).reduce(0, +) / Double(current.count)
            let box = current.dropFirst().reduce(current[0].box) { $0.union($1.box) }
            lines.append(TextLine(words: current, confidence: confidence, box: box, paragraph: currentParagraph))
            current = []
        }
        for index in 0..<count {
            var word = CVision_OCRWord()
            var text: UnsafePointer<CChar>?
            CVision_ocr_word(handle, index, &word, &text)
            let wordText = text.map { String(cString: $0) } ?? ""
            // Tesseract reports blank "words" for empty regions; they carry nothing to read.
            guard !wordText.allSatisfy(\.isWhitespace) else { continue }
            if word.line != currentLine {
                closeLine()
                currentLine = word.line
                currentParagraph = Int(word.paragraph)
            }
            current.append(RecognizedWord(
                text: wordText,
                confidence: Double(word.confidence) / 100,
                box: Box(x: Double(word.x), y: Double(word.y), width: Double(word.width), height: Double(word.height))))
        }
        closeLine()
        for (index, join) in ParagraphFlow.joins(lines, isWord: isWord).enumerated() { lines[index].joinsNext = join }
        return PageReading(width: image.width, height: image.height, lines: lines,
                           turnedDegrees: Int(CVision_ocr_rotation(handle)), language: Language(code: language))
    }

    /// Whether the dictionary of the engine's language knows `word`.
    public func isWord(_ word: String) -> Bool {
        CVision_ocr_is_word(handle, word) == 1
    }
}
