// SPDX-License-Identifier: GPL-3.0-or-later
/// How objects are detected: the model, its input size, and the confidence a detection needs
/// to be kept at all. Commands fill it from their options; the pipelines build detectors from it.
public struct DetectionSettings: Sendable, Equatable {
    /// YOLOX's own demo threshold, and the one its reference mAP (39.1 on coco-val) is taken
    /// at. Spoken sentences use stricter bands (`ConfidenceBand`); this only decides what
    /// tracking and the JSON records see.
    public static let defaultMinConfidence = 0.25

    /// The ONNX file; nil for the one `make setup` fetched (see `ModelLocator`).
    public var modelPath: String?
    public var inputSize: Int
    public var minConfidence: Double

    public init(modelPath: String? = nil, inputSize: Int = ObjectDetector.defaultInputSize,
                minConfidence: Double = defaultMinConfidence) {
        self.modelPath = modelPath
        self.inputSize = inputSize
        self.minConfidence = minConfidence
    }

    /// One network and its threshold, loaded now. `singleThreaded` keeps its forward pass on
    /// the calling thread, for one network per core side by side.
    public func makeStep(singleThreaded: Bool = false) throws(ModelError) -> DetectionStep {
        let detector = try ObjectDetector(modelPath: try ModelLocator.locate(explicit: modelPath), inputSize: inputSize)
        if singleThreaded { detector.runsOnOneThread = true }
        return DetectionStep(detector: detector, minConfidence: minConfidence)
    }
}
