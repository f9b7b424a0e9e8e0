import CVision

/// YOLOX-Nano through OpenCV DNN: one network, created once, reused for every image.
///
/// Not thread-safe: one detector per worker thread (a Stage is never called concurrently).
public final class ObjectDetector {
    /// The model's published input size; other multiples of 32 work with the same decoder.
    public static let defaultInputSize = 416

    public let modelPath: String
    public let decoder: YOLOXDecoder
    /// The last `detect`'s preprocess, inference and postprocess seconds (the other steps nil).
    public private(set) var lastTimings = StageTimings()
    private let handle: OpaquePointer

    public init(modelPath: String, inputSize: Int = defaultInputSize,
                classNames: [String] = COCOClasses.names) throws(ModelError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_detector_create(modelPath, Int32(inputSize), &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else {
            throw .unreadable(path: modelPath, reason: result.message)
        }
        self.handle = handle
        self.modelPath = modelPath
        self.decoder = YOLOXDecoder(inputSize: inputSize, classNames: classNames)
    }

    deinit { CVision_detector_destroy(handle) }

    /// Every detection at or above `minConfidence`, most confident first, boxes in the
    /// image's pixels.
    public func detect(in image: Image, minConfidence: Double) throws(ModelError) -> [Detection] {
        var output: UnsafePointer<Float>?
        var rows: Int32 = 0, columns: Int32 = 0
        var scale = 1.0
        let result = callShim { CVision_detector_run(handle, image.handle, &output, &rows, &columns, &scale, $0, $1) }
        guard result.status == CVision_OK, let output else {
            throw .unexpectedOutput(path: modelPath, detail: result.message)
        }
        guard Int(rows) == decoder.expectedRows, Int(columns) == decoder.expectedColumns else {
            throw .unexpectedOutput(path: modelPath,
                                    detail: "it gives \(rows) by \(columns) values, not \(decoder.expectedRows) by \(decoder.expectedColumns)")
        }
        var preprocess = 0.0, inference = 0.0
        CVision_detector_last_timings(handle, &preprocess, &inference)
        lastTimings.preprocess = preprocess
        lastTimings.inference = inference
        let buffer = UnsafeBufferPointer(start: output, count: Int(rows) * Int(columns))
        return MonotonicClock.timed(&lastTimings.postprocess) {
            decoder.decode(buffer, scale: scale, imageWidth: image.width, imageHeight: image.height,
                           minConfidence: minConfidence)
        }
    }
}
