// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Evaluation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

// MARK: - Mean average precision

/// A 10 × 10 box at (x, y); far-apart values never overlap.
private func square(_ x: Double, _ y: Double = 0) -> Box {
    Box(x: x, y: y, width: 10, height: 10)
}

private func truth(_ classIndex: Int, _ box: Box) -> LabeledBox {
    LabeledBox(classIndex: classIndex, box: box)
}

private func guess(_ classIndex: Int, _ confidence: Double, _ box: Box) -> ScoredBox {
    ScoredBox(classIndex: classIndex, confidence: confidence, box: box)
}

@Suite struct MeanAveragePrecisionTests {
    @Test func perfectDetectionsScoreOne() {
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0)), truth(1, square(50))],
                predictions: [guess(0, 0.9, square(0)), guess(1, 0.8, square(50))])
        map.add(truth: [truth(0, square(20))], predictions: [guess(0, 0.7, square(20))])
        #expect(map.perClass == [0: 1, 1: 1])
        #expect(map.mean == 1)
    }

    @Test func falsePositiveRankedAboveTruePositiveHalvesPrecision() {
        // Ranked: FP (P 0, R 0), TP (P 1/2, R 1). The envelope lifts P to 1/2 at every recall.
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0))],
                predictions: [guess(0, 0.6, square(0)), guess(0, 0.9, square(100))])
        #expect(abs(map.mean - 0.5) < 1e-12)
    }

    @Test func rankingSpansImages() {
        // The same FP-above-TP ranking, but the two predictions come from different images.
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0))], predictions: [guess(0, 0.6, square(0))])
        map.add(truth: [truth(0, square(0))], predictions: [guess(0, 0.9, square(100))])
        // TP only at rank 2 for 1 of 2 objects: P = 1/2 up to recall 0.5, then nothing.
        #expect(abs(map.mean - 0.5 * 51 / 101) < 1e-12)
    }

    @Test func secondDetectionOfOneObjectIsAFalsePositive() {
        // Objects A and B. Ranked: A (TP), A again (FP), B (TP).
        // Recall 1/2, 1/2, 1; precision 1, 1/2, 2/3 → envelope 1, 2/3, 2/3.
        // r = 0…0.50 (51 points) → 1; r = 0.51…1 (50 points) → 2/3.
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0)), truth(0, square(50))],
                predictions: [guess(0, 0.9, square(0)), guess(0, 0.8, square(1)), guess(0, 0.7, square(50))])
        #expect(abs(map.mean - (51 + 50 * 2.0 / 3) / 101) < 1e-12)
    }

    @Test func predictionOfTheWrongClassDoesNotMatch() {
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0))], predictions: [guess(1, 0.9, square(0))])
        // Class 1 appears only in predictions, so it is not scored at all.
        #expect(map.perClass == [0: 0])
        #expect(map.mean == 0)
    }

    /// Truth is 10 × 10 at the origin; a 10-wide prediction of height h there has IoU h / 10.
    @Test(arguments: [(4.9, 0.0), (5.0, 1.0), (5.1, 1.0)])
    func iouThresholdIsInclusive(height: Double, expected: Double) {
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0))],
                predictions: [guess(0, 0.9, Box(x: 0, y: 0, width: 10, height: height))])
        #expect(map.mean == expected)
    }

    @Test func classesAreAveraged() {
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0)), truth(1, square(50))],
                predictions: [guess(0, 0.9, square(0)),
                              guess(1, 0.8, square(200)), guess(1, 0.7, square(50))])
        #expect(map.perClass[0] == 1)
        #expect(abs(map.perClass[1]! - 0.5) < 1e-12)
        #expect(abs(map.mean - 0.75) < 1e-12)
    }

    @Test func classWithNoPredictionsScoresZero() {
        var map = MeanAveragePrecision()
        map.add(truth: [truth(0, square(0)), truth(2, square(50))], predictions: [guess(0, 0.9, square(0))])
        #expect(map.perClass == [0: 1, 2: 0])
        #expect(map.mean == 0.5)
    }

    @Test func noTruthScoresZero() {
        var map = MeanAveragePrecision()
        map.add(truth: [], predictions: [guess(0, 0.9, square(0))])
        #expect(map.perClass.isEmpty)
        #expect(map.mean == 0)
    }
}

// MARK: - Character error rate

@Suite struct CharacterErrorRateTests {
    @Test(arguments: [
        ("kitten", "sitting", 3),
        ("", "", 0),
        ("abc", "", 3),
        ("", "abc", 3),
        ("flaw", "lawn", 2),
        ("intention", "execution", 5),
        ("café", "cafe", 1),          // é is one scalar here
        ("prefix middle suffix", "prefix muddle suffix", 1),
    ])
    func levenshtein(a: String, b: String, distance: Int) {
        let (x, y) = (a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
        #expect(EditDistance.levenshtein(x, y) == distance)
        #expect(EditDistance.levenshtein(y, x) == distance)
    }

    @Test func kittenSitting() {
        var cer = CharacterErrorRate()
        cer.add(hypothesis: "kitten", reference: "sitting")
        #expect(cer.edits == 3)
        #expect(cer.referenceLength == 7)
        #expect(cer.rate == 3.0 / 7)
    }

    @Test(arguments: [
        ("  a \n\t b  ", "a b"),
        ("line one\r\nline two\n\n", "line one line two"),
        ("\u{00A0}x\u{2003}y", "x y"),  // no-break and em spaces are whitespace too
        ("", ""),
        (" \n ", ""),
    ])
    func normalise(input: String, expected: String) {
        #expect(CharacterErrorRate.normalise(input) == expected)
    }

    @Test func layoutWhitespaceIsNotAnError() {
        var cer = CharacterErrorRate()
        cer.add(hypothesis: "Hello\n\n   world  \n", reference: "Hello world")
        #expect(cer.edits == 0)
        #expect(cer.referenceLength == 11)
    }

    @Test func caseFoldingIsOptional() {
        var sensitive = CharacterErrorRate()
        sensitive.add(hypothesis: "Total", reference: "TOTAL")
        #expect(sensitive.edits == 4)
        var folded = CharacterErrorRate(caseInsensitive: true)
        folded.add(hypothesis: "Total", reference: "TOTAL")
        #expect(folded.edits == 0)
        #expect(folded.rate == 0)
    }

    @Test func emptyHypothesisScoresOne() {
        var cer = CharacterErrorRate()
        cer.add(hypothesis: "", reference: "some text")
        #expect(cer.rate == 1)
    }

    @Test func corpusIsMicroAveraged() {
        // Rates 4/4 and 0/16 average to 0.5 per page, but the corpus has 4 edits in 20 characters.
        var cer = CharacterErrorRate()
        cer.add(hypothesis: "", reference: "abcd")
        cer.add(hypothesis: "abcdefghijklmnop", reference: "abcdefghijklmnop")
        #expect(cer.edits == 4)
        #expect(cer.referenceLength == 20)
        #expect(cer.rate == 0.2)
    }

    @Test func pageSizedTextWithSpreadOutEdits() {
        // Page-sized inputs with edits spread throughout, so prefix and suffix trimming cannot
        // shortcut the table: every 10th scalar substituted, plus one deletion.
        let reference = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 70)
        var scalars = Array(reference.unicodeScalars)
        var substituted = 0
        for i in stride(from: 5, to: scalars.count, by: 10) where scalars[i] != "#" {
            scalars[i] = "#"
            substituted += 1
        }
        scalars.remove(at: 1)  // "T?e…": a deletion near the start
        let hypothesis = String(String.UnicodeScalarView(scalars))
        var cer = CharacterErrorRate()
        cer.add(hypothesis: hypothesis, reference: reference)
        #expect(cer.referenceLength == CharacterErrorRate.normalise(reference).unicodeScalars.count)
        #expect(cer.edits == substituted + 1)
    }
}

// MARK: - Ground-truth readers on the shared data

/// Runs `body` with `contents` written to `name` in a fresh folder, which is removed afterwards.
/// A body whose only `try` is inside `#expect` must spell out `{ url throws in`: the compiler
/// does not see that `try` when it decides whether the closure throws.
private func withTemporaryFile(_ contents: String, name: String = "truth.txt",
                               _ body: (URL) throws -> Void) throws {
    try TestResources.withTemporaryDirectory { directory in
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        try body(url)
    }
}

@Suite struct GroundTruthTests {
    @Test func allCocoLabelFilesParse() throws {
        let labels = try TestResources.file("detect/coco-val/labels")
        let files = try FileManager.default.contentsOfDirectory(atPath: labels.path).filter { $0.hasSuffix(".txt") }
        #expect(files.count == 64)
        var objects = 0
        for file in files {
            let boxes = try GroundTruth.yoloLabels(at: labels.appendingPathComponent(file), imageWidth: 640, imageHeight: 480)
            objects += boxes.count
            for object in boxes {
                #expect((0..<80).contains(object.classIndex), "\(file)")
                // Normalised coordinates land inside the image (with rounding slack).
                #expect(object.box.x >= -0.5 && object.box.maxX <= 640.5, "\(file)")
                #expect(object.box.y >= -0.5 && object.box.maxY <= 480.5, "\(file)")
            }
        }
        #expect(objects > 64)
    }

    @Test func yoloLabelsConvertToPixels() throws {
        // First line of 000000000139.txt: `58 0.389578 0.416103 0.0385937 0.163146`.
        let url = try TestResources.file("detect/coco-val/labels/000000000139.txt")
        let first = try #require(try GroundTruth.yoloLabels(at: url, imageWidth: 640, imageHeight: 426).first)
        #expect(first.classIndex == 58)
        #expect(abs(first.box.width - 0.0385937 * 640) < 1e-9)
        #expect(abs(first.box.height - 0.163146 * 426) < 1e-9)
        #expect(abs(first.box.centerX - 0.389578 * 640) < 1e-9)
        #expect(abs(first.box.centerY - 0.416103 * 426) < 1e-9)
    }

    @Test func missingOrEmptyLabelFileMeansNoObjects() throws {
        try withTemporaryFile("") { empty throws in
            #expect(try GroundTruth.yoloLabels(at: empty, imageWidth: 10, imageHeight: 10).isEmpty)
            let missing = empty.deletingLastPathComponent().appendingPathComponent("absent.txt")
            #expect(try GroundTruth.yoloLabels(at: missing, imageWidth: 10, imageHeight: 10).isEmpty)
        }
    }

    @Test(arguments: [
        ("0 0.5 0.5 0.1 0.1\n1 0.5 0.5 0.1\n", 2),       // too few fields
        ("0 0.5 0.5 0.1 0.1\n\nx 0.5 0.5 0.1 0.1\n", 3),  // class id not a number
        ("0 0.5 0.5 wide 0.1\n", 1),                      // coordinate not a number
        ("-1 0.5 0.5 0.1 0.1\n", 1),                      // negative class id
        ("0 0.5 0.5 -0.1 0.1\n", 1),                      // negative width
    ])
    func malformedLabelNamesFileAndLine(contents: String, line: Int) throws {
        try withTemporaryFile(contents) { url in
            let error = #expect(throws: GroundTruthError.self) {
                try GroundTruth.yoloLabels(at: url, imageWidth: 10, imageHeight: 10)
            }
            #expect(error?.line == line)
            #expect(error?.description.contains("Line \(line) of \(url.path)") == true)
        }
    }

    @Test func cocoClassNames() throws {
        let url = try TestResources.file("detect/coco-val/classes.yaml")
        let names = try GroundTruth.classNames(at: url)
        #expect(names.count == 80)
        #expect(names.first == "person")
        #expect(names[9] == "traffic light")
        #expect(names.last == "toothbrush")
    }

    @Test func classNamesNeedContiguousIds() throws {
        try withTemporaryFile("path: .\nnames:\n  0: person\n  2: car\n", name: "classes.yaml") { gap in
            let error = #expect(throws: GroundTruthError.self) { try GroundTruth.classNames(at: gap) }
            #expect(error?.description.contains("1 is missing") == true)
        }

        try withTemporaryFile("names:\n  0: person\n  one: bicycle\n", name: "classes.yaml") { bad in
            let badError = #expect(throws: GroundTruthError.self) { try GroundTruth.classNames(at: bad) }
            #expect(badError?.line == 3)
        }

        try withTemporaryFile("path: .\n", name: "classes.yaml") { none in
            #expect(throws: GroundTruthError.self) { try GroundTruth.classNames(at: none) }
        }
    }

    @Test func classNamesEndAtTheNextTopLevelKey() throws {
        try withTemporaryFile("names:\n  0: person\n  1: 'traffic light'\ndownload: |\n  2: not a class\n",
                              name: "classes.yaml") { url throws in
            #expect(try GroundTruth.classNames(at: url) == ["person", "traffic light"])
        }
    }

    @Test func receiptBoxTexts() throws {
        let receipts = try TestResources.file("ocr/receipts")
        let texts = try GroundTruth.receiptTexts(at: receipts.appendingPathComponent("000.box.csv"))
        #expect(texts.first == "TAN WOON YANN")
        #expect(texts.count == 44)
        // Commas inside the text survive: `…,NO.53 55,57 & 59, JALAN SAGU 18,`.
        #expect(texts.contains("NO.53 55,57 & 59, JALAN SAGU 18,"))
        let reference = try GroundTruth.receiptText(at: receipts.appendingPathComponent("000.box.csv"))
        #expect(reference.hasPrefix("TAN WOON YANN BOOK TA .K(TAMAN DAYA) SDN BND 789417-W"))
    }

    @Test func everyReceiptParsesWithoutLineEndingDebris() throws {
        let receipts = try TestResources.file("ocr/receipts")
        let files = try FileManager.default.contentsOfDirectory(atPath: receipts.path).filter { $0.hasSuffix(".box.csv") }
        #expect(files.count == 11)
        for file in files {
            let texts = try GroundTruth.receiptTexts(at: receipts.appendingPathComponent(file))
            #expect(!texts.isEmpty, "\(file)")
            // 250.box.csv has CRLF line endings.
            #expect(!texts.contains { $0.contains("\r") || $0.contains("\n") }, "\(file)")
        }
    }

    @Test func receiptToleratesBlankLinesAndInvalidUTF8() throws {
        var bytes = Array("1,2,3,4,5,6,7,8,CAF".utf8)
        bytes += [0xC9]  // Latin-1 É: not UTF-8
        bytes += Array("\r\n1,2,3,4,5,6,7,8,A, B\r\n\r\n".utf8)
        try withTemporaryFile("") { url in
            try Data(bytes).write(to: url)
            #expect(try GroundTruth.receiptTexts(at: url) == ["CAF\u{FFFD}", "A, B"])
            #expect(try GroundTruth.receiptText(at: url) == "CAF\u{FFFD} A, B")
        }
    }

    @Test(arguments: [
        ("1,2,3,4,5,6,7,8,OK\n1,2,3,4,5,6,7,TOO FEW\n", 2),
        ("1,2,3,4,x,6,7,8,BAD COORDINATE\n", 1),
    ])
    func malformedReceiptNamesFileAndLine(contents: String, line: Int) throws {
        try withTemporaryFile(contents, name: "000.box.csv") { url in
            let error = #expect(throws: GroundTruthError.self) { try GroundTruth.receiptTexts(at: url) }
            #expect(error?.line == line)
            #expect(error?.description.contains(url.path) == true)
        }
    }

    @Test func plainTextTruth() throws {
        let document = try GroundTruth.text(at: try TestResources.file("ocr/documents/singlecol_01.gt.txt"))
        #expect(document.count > 500)
        let phototest = try GroundTruth.text(at: try TestResources.file("ocr/tesseract/phototest.txt"))
        #expect(phototest.hasPrefix("This is a lot of 12 point text"))
    }

    @Test func missingTextFileIsAnError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/sensecam/page.gt.txt")
        let error = #expect(throws: GroundTruthError.self) { try GroundTruth.text(at: missing) }
        #expect(error?.description == "Cannot read /nonexistent/sensecam/page.gt.txt: no such file.")
    }
}
