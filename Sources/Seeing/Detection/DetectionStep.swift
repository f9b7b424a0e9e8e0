// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Detection as a pipeline step: one network, and the confidence below which its detections
/// are dropped before tracking or narration sees them. The stage that owns it never shares
/// it between threads.
public final class DetectionStep: FrameStep {
    public let detector: ObjectDetector
    public let minConfidence: Double

    public init(detector: ObjectDetector, minConfidence: Double) {
        self.detector = detector
        self.minConfidence = minConfidence
    }

    public func run(on frame: Frame) throws -> (output: [Detection], timings: StageTimings) {
        let detections = try detect(in: frame.image)
        return (detections, detector.lastTimings)
    }

    /// Every detection at or above `minConfidence`, most confident first.
    public func detect(in image: Image) throws(ModelError) -> [Detection] {
        try detector.detect(in: image, minConfidence: minConfidence)
    }
}
