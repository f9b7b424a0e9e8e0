// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// Every JSON shape in Records/ is described, field by field, in docs/records.md: one of each
/// is built here and each key it writes must appear on that page as `key`. A field added to
/// a record without a word about it fails here.
@Suite struct RecordsDocumentationTests {
    static let page: String = {
        let url = TestResources.packageRoot.appendingPathComponent("docs/records.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Every key of every object in a JSON document, at any depth.
    static func keys(_ json: Any) -> Set<String> {
        switch json {
        case let object as [String: Any]: Set(object.keys).union(object.values.flatMap(keys))
        case let array as [Any]: Set(array.flatMap(keys))
        default: []
        }
    }

    static func keys(_ record: JSONValue) throws -> Set<String> {
        keys(try JSONSerialization.jsonObject(with: Data(record.serialized().utf8)))
    }

    static func keys(_ encodable: some Encodable) throws -> Set<String> {
        keys(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(encodable)))
    }

    static let box = Box(x: 1, y: 2, width: 3, height: 4)

    /// One of each record, with every optional part filled in.
    static func records() throws -> [(name: String, keys: Set<String>)] {
        let object = NarratedObject(label: "person", confidence: 0.9, box: box, track: 1, direction: ClockDirection(angleDegrees: 0),
                                    distanceMetres: 2, state: .new)
        let objects = NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .text, text: "Probably a person.",
                                     objects: [object])
        let guidance = NarrationEvent(time: .zero, frame: 0, kind: .guidance, priority: .notification, text: "Move left.",
                                      edges: ["left"])
        let line = TextLine(words: [RecognizedWord(text: "Hello", confidence: 0.9, box: box)], confidence: 0.9, box: box, paragraph: 0,
                            quad: TextQuad(corners: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 2), Point(x: 0, y: 2)], score: 0.8))
        let caption = Caption(text: "Hello", priority: .message, confidence: 0.9)
        let aware = ResultRecord.aware(source: "a.jpg", width: 8, height: 8,
                                       detections: [Detection(classIndex: 0, label: "person", confidence: 0.9, box: box)],
                                       captions: [caption],
                                       place: (PlaceGuess(place: .kitchen, band: .probably, evidence: [object]), .bright))
        let read = ResultRecord.read(source: "a.jpg", page: PageReading(width: 8, height: 8, lines: [line]), captions: [caption],
                                     engine: .scene, describer: ReadingDescriber(wording: .english))
        let image = try [UInt8](repeating: 0, count: 16 * 16 * 3).withUnsafeBytes {
            try Image(bgr: $0, width: 16, height: 16, rowBytes: 48)
        }
        let camera = CameraDescription(
            path: "/dev/video0", name: "Camera",
            offers: [FormatOffer(format: FormatDescription(pixelFormat: .mjpeg, description: "Motion-JPEG", isEmulated: false),
                                 sizes: .discrete([FrameSize(width: 640, height: 480)]))],
            chosen: CaptureMode(pixelFormat: .mjpeg, size: FrameSize(width: 640, height: 480)), chosenRates: [30])
        let model = ModelBenchReport(
            model: "m.onnx", layers: "fast", fastLayers: 1, image: "synthetic 1280x720", imageWidth: 1280, imageHeight: 720,
            threads: 2, warmUpForwards: 5, forwards: 1,
            sizes: [.init(inputSize: 416, forwardSeconds: [0.01], preprocessSeconds: [0.001])], version: "0")
        var timings = StageTimings()
        (timings.decode, timings.preprocess, timings.inference, timings.postprocess) = (0.001, 0.001, 0.01, 0.001)
        (timings.pageFinding, timings.ocr, timings.tracking, timings.narration) = (0.001, 0.1, 0.001, 0.001)
        var statistics = StreamStatistics()
        (statistics.framesRead, statistics.framesProcessed) = (1, 1)
        let bench = BenchReport(
            video: "v.mp4", mode: "aware", clock: .everyFrame, statistics: statistics, timings: [timings], wallSeconds: 1,
            setupSeconds: 0.1, frameInterval: 0.1, firstNarration: .init(wallSeconds: 0.1, streamSeconds: 0, text: "Hi."),
            usage: ProcessUsage(userSeconds: 1, systemSeconds: 0, peakResidentMiB: 100), version: "0")
        return [
            ("narration event", try keys(objects.json).union(try keys(guidance.json))),
            ("aware image record", try keys(aware)),
            ("read image record", try keys(read)),
            ("failure record", try keys(ResultRecord.failure(source: "a.jpg", error: "Broken."))),
            ("video frame record", try keys(BatchRecord.frame(aware, index: 3, seconds: 0.1))),
            ("video frame failure", try keys(BatchRecord.frameFailure(source: "v.mp4", index: 3, seconds: 0.1, error: "Broken."))),
            ("video end record", try keys(BatchRecord.videoEnd(source: "v.mp4", frames: 1, every: 1))),
            ("batch summary", try keys(BatchSummary(images: 1).json(excluded: 0, records: 1, seconds: 1, workers: 1,
                                                                    shard: Shard(index: 1, count: 2),
                                                                    sandbox: SandboxStatus(writableCount: 1), wording: .english))),
            ("camera list", try keys(CameraRecords.list([.success(camera), .failure(.noCamera)], wording: .english))),
            ("camera frame", try keys(CameraRecords.frame(Frame(image: image, timestamp: .zero, index: 0), sequence: 0))),
            ("bench report", try keys(bench)),
            ("model bench report", try keys(model)),
            ("scan image record", try keys(CodeScanner(wording: .english, products: { _ in "Probably: A, b." }).analyze(
                try ImageFile.load(try TestResources.file("barcode/qr_code__qrcode-4_25.png").path), source: "a.png").record)),
            ("scan code", try keys(ResultRecord.code(ScannedCode(format: .ean13, text: "1", corners: [Point(x: 0, y: 0)]),
                                                     spoken: "EAN-13 barcode 1.", product: "Probably: A, b."))),
            ("cue event", try keys(NarrationEvent(time: .zero, frame: 0, kind: .cue, priority: .notification, text: "",
                                                  tone: Tone(hertz: 440, seconds: 0.1)).json)),
            ("product lookup", try keys(ProductRecord.lookup(code: "1", product: Product(code: "1", name: "n", brand: "b",
                                                                                       quantity: "1 l", allergens: ["milk"]),
                                                             wording: .english))),
            ("find image record", try keys(ResultRecord.find(source: "a.jpg", width: 8, height: 8, label: "person", sightings: [object],
                                                             captions: [caption]))),
            ("light record", try keys(LightRecords.light(source: "a.jpg", try LightMeter(wording: .english).read(image)))),
            ("colour record", try keys(LightRecords.colour(source: "a.jpg", try ColourReader(wording: .english).read(image)))),
        ]
    }

    @Test func everyFieldOfEveryRecordIsDescribed() throws {
        try #require(!Self.page.isEmpty, "docs/records.md is missing")
        for (name, keys) in try Self.records() {
            #expect(!keys.isEmpty, "\(name) wrote nothing")
            let undescribed = keys.filter { !Self.page.contains("`\($0)`") }.sorted()
            #expect(undescribed.isEmpty, "\(name): \(undescribed) not described in docs/records.md")
        }
    }

    /// The page's own example of a narration event is what the code writes.
    @Test func narrationEventKeysComeInTheDocumentedOrder() throws {
        let object = NarratedObject(label: "person", confidence: 0.9443, box: Self.box, track: nil,
                                    direction: ClockDirection(angleDegrees: 0), distanceMetres: nil, state: .present)
        let event = NarrationEvent(time: Timestamp(seconds: 0.067), frame: 2, kind: .objects, priority: .text, text: "Hi.",
                                   objects: [object])
        #expect(event.json.serialized() == #"{"t":0.067,"frame":2,"kind":"objects","priority":"text","text":"Hi.","language":"en","objects":[{"label":"person","confidence":0.9443,"box":[1,2,3,4],"track":null,"direction":12,"distance_m":null,"state":"present"}]}"#)
    }
}
