// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import Evaluation
@testable import Perception
@testable import Modes
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering

/// The foundation's accuracy on real data with ground truth. The floors are what a plain
/// Python + OpenCV decoder (mAP) and Tesseract's own command-line tool (CER) reach with the
/// same model and engine: scoring below them means our letterbox, decode, NMS or Tesseract
/// set-up is wrong. `make accuracy` runs just these and prints the figures.
@Suite("Accuracy") struct AccuracyTests {
    /// mAP@0.5 (101-point, averaged over classes present) floors at two thresholds.
    static let mapFloorAt025 = 0.385
    static let mapFloorAt001 = 0.51
    static let mapFloorAt001At320 = 0.46
    /// Character error rate ceilings (whitespace-normalised, micro-averaged).
    static let documentsCERCeiling = 0.254
    static let receiptsCERCeiling = 0.192

    @Test func detectionMeanAveragePrecisionOnCocoVal() throws {
        let (atDefault, atLow) = try meanAveragePrecision(inputSize: ObjectDetector.defaultInputSize)
        print(String(format: "Detection mAP@0.5 on coco-val (64 images): %.1f at --min-confidence 0.25, %.1f at 0.01",
                     atDefault * 100, atLow * 100))
        #expect(atDefault >= Self.mapFloorAt025)
        #expect(atLow >= Self.mapFloorAt001)
    }

    /// `--input-size 320` trades accuracy for speed; the trade must stay near the model's own
    /// (46.8 at 320 against 51.4 at 416 with stock OpenCV and a plain Python decoder).
    @Test func detectionMeanAveragePrecisionAtInputSize320() throws {
        let (atDefault, atLow) = try meanAveragePrecision(inputSize: 320)
        print(String(format: "Detection mAP@0.5 on coco-val at input 320: %.1f at --min-confidence 0.25, %.1f at 0.01",
                     atDefault * 100, atLow * 100))
        #expect(atLow >= Self.mapFloorAt001At320)
    }

    /// mAP@0.5 on coco-val at confidence 0.25 and 0.01, from one pass at 0.01: greedy NMS
    /// never lets a lower score suppress a higher one, so filtering afterwards equals running
    /// at 0.25.
    private func meanAveragePrecision(inputSize: Int) throws -> (atDefault: Double, atLow: Double) {
        let folder = try TestResources.file("detect/coco-val")
        let classes = try GroundTruth.classNames(at: folder.appendingPathComponent("classes.yaml"))
        #expect(classes == COCOClasses.names, "the detector's class order must be COCO's")
        let detector = try ObjectDetector(modelPath: try TestResources.modelPath(), inputSize: inputSize)
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path)
            .filter(ImageFile.hasImageExtension).sorted()
        #expect(images.count == 64)

        var atDefault = MeanAveragePrecision(), atLow = MeanAveragePrecision()
        for name in images {
            let image = try ImageFile.load(folder.appendingPathComponent("images/\(name)").path)
            let stem = (name as NSString).deletingPathExtension
            let truth = try GroundTruth.yoloLabels(at: folder.appendingPathComponent("labels/\(stem).txt"),
                                                   imageWidth: image.width, imageHeight: image.height)
            let detections = try detector.detect(in: image, minConfidence: 0.01)
            let scored = detections.map { ScoredBox(classIndex: $0.classIndex, confidence: $0.confidence, box: $0.box) }
            atLow.add(truth: truth, predictions: scored)
            atDefault.add(truth: truth, predictions: scored.filter { $0.confidence >= 0.25 })
        }
        return (atDefault.mean, atLow.mean)
    }

    @Test func characterErrorRateOnDocuments() throws {
        let folder = try TestResources.file("ocr/documents")
        let stems = try stems(in: folder, truthSuffix: ".gt.txt")
        #expect(stems.count == 12)
        let readings = try readWithEngines(stems.map { folder.appendingPathComponent("\($0).png").path }, engine: .auto)
        var cer = CharacterErrorRate()
        for (stem, reading) in zip(stems, readings) {
            cer.add(hypothesis: reading.text, reference: try GroundTruth.text(at: folder.appendingPathComponent("\(stem).gt.txt")))
        }
        let pages = readings.filter { $0.engine == .page }.count
        print(String(format: "OCR CER on ocr/documents with --engine auto (12 pages, %d read by the page engine): %.2f %%", pages, cer.rate * 100))
        #expect(cer.rate <= Self.documentsCERCeiling)
        // Every page goes to Tesseract, whose layout analysis keeps columns and tables in order.
        #expect(pages == stems.count)
    }

    @Test func characterErrorRateOnReceipts() throws {
        let folder = try TestResources.file("ocr/receipts")
        let stems = try stems(in: folder, truthSuffix: ".box.csv")
        #expect(stems.count >= 10)
        let readings = try readWithEngines(stems.map { folder.appendingPathComponent("\($0).jpg").path }, engine: .auto)
        var cer = CharacterErrorRate(caseInsensitive: true)
        for (stem, reading) in zip(stems, readings) {
            cer.add(hypothesis: reading.text, reference: try GroundTruth.receiptText(at: folder.appendingPathComponent("\(stem).box.csv")))
        }
        let pages = readings.filter { $0.engine == .page }.count
        print(String(format: "OCR CER on ocr/receipts with --engine auto (%d receipts, case-insensitive, %d read by the page engine): %.2f %%",
                     stems.count, pages, cer.rate * 100))
        #expect(cer.rate <= Self.receiptsCERCeiling)
        #expect(pages == stems.count)
    }

    /// Upright, and turned sideways or upside down: a blind reader cannot see which way the
    /// page is held, so orientation detection must turn it upright before reading.
    @Test(.needsTestData("ocr/tesseract"), arguments: ["phototest.tif", "phototest-rotated-180.png", "phototest-rotated-L.png",
                      "phototest-rotated-R.png", "phototestrot.tif"])
    func phototestIsReadPerfectlyInAnyOrientation(file: String) throws {
        let folder = try TestResources.file("ocr/tesseract")
        let text = try readInParallel([folder.appendingPathComponent(file).path])[0]
        var cer = CharacterErrorRate()
        cer.add(hypothesis: text, reference: try GroundTruth.text(at: folder.appendingPathComponent("phototest.txt")))
        #expect(cer.edits == 0, "read: \(text)")
    }

    /// `make run` reads this page when no camera exists; it must come out word for word.
    @Test func samplePageIsReadExactly() throws {
        let samples = TestResources.packageRoot.appendingPathComponent("samples")
        let text = try readInParallel([samples.appendingPathComponent("welcome-page.png").path])[0]
        var cer = CharacterErrorRate()
        cer.add(hypothesis: text, reference: try GroundTruth.text(at: samples.appendingPathComponent("welcome-page.txt")))
        #expect(cer.edits == 0, "read: \(text)")
    }

    // MARK: helpers

    private func stems(in folder: URL, truthSuffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(truthSuffix) }
            .map { String($0.dropLast(truthSuffix.count)) }
            .sorted()
    }

    /// Reads pages on two threads, one Tesseract engine each, like `batch --jobs 2`.
    /// Each picture's text as `read` gets it with `engine` (`auto`: pages to Tesseract, anything
    /// else to the scene engine, as the product decides).
    private func readInParallel(_ paths: [String], engine: ReadingEngine = .page) throws -> [String] {
        try readWithEngines(paths, engine: engine).map(\.text)
    }

    /// The same, with the engine that read each picture (`auto` chooses one per picture).
    private func readWithEngines(_ paths: [String], engine: ReadingEngine) throws -> [(text: String, engine: ReadingEngine)] {
        let results = ResultSlots(count: paths.count)
        let workers = min(2, paths.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                let recognizer: (Image) throws -> (text: String, engine: ReadingEngine)
                if engine == .page {
                    let tesseract = try TextRecognizer()
                    recognizer = { (try tesseract.read($0).text, .page) }
                } else {
                    // The read mode's stage for pictures, as `read IMAGE --engine` builds it.
                    let stage = try #require(try Mode.read.stage(SessionSettings(engine: engine), arrival: .still) as? DocumentReader)
                    recognizer = { let (reading, used) = try stage.pictures.read($0); return (reading.text, used) }
                }
                for index in stride(from: worker, to: paths.count, by: workers) {
                    results.set(index, Result { try recognizer(try ImageFile.load(paths[index])) })
                }
            } catch {
                for index in stride(from: worker, to: paths.count, by: workers) { results.set(index, .failure(error)) }
            }
        }
        return try results.values.map { try $0!.get() }
    }
}

/// One slot per page, written by whichever worker read it.
private final class ResultSlots: Sendable {
    private let slots: Mutex<[Result<(text: String, engine: ReadingEngine), any Error>?]>
    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
    func set(_ index: Int, _ value: Result<(text: String, engine: ReadingEngine), any Error>) { slots.withLock { $0[index] = value } }
    var values: [Result<(text: String, engine: ReadingEngine), any Error>?] { slots.withLock { $0 } }
}
