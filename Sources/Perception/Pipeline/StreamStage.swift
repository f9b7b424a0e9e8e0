/// What a stream engine runs on every processed frame: everything between the frame and
/// the narration events (detection and tracking and narration, or page finding and reading).
/// Created once per stream, never called concurrently.
public protocol StreamStage: AnyObject {
    func observe(_ frame: Frame) throws -> [NarrationEvent]
    /// The stream ended after `frame`.
    func finish(at time: Timestamp, frame: Int) -> [NarrationEvent]
}

/// Awareness: detect objects, follow them across frames, narrate what matters.
public final class AwarenessStage: StreamStage {
    let detector: ObjectDetector
    let tracker: Tracker
    let narrator: AwarenessNarrator
    let minConfidence: Double
    /// Sees every processed frame's detections, for evaluation and benchmarks; never the
    /// frame's pixels outside the process.
    public var detectionObserver: ((Frame, [Detection]) -> Void)?

    public init(detector: ObjectDetector, tracker: Tracker = Tracker(), narrator: AwarenessNarrator, minConfidence: Double) {
        self.detector = detector
        self.tracker = tracker
        self.narrator = narrator
        self.minConfidence = minConfidence
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let detections = try detector.detect(in: frame.image, minConfidence: minConfidence)
        detectionObserver?(frame, detections)
        let update = tracker.update(detections, at: frame.timestamp, frameHeight: frame.image.height)
        return narrator.observe(update, in: frame)
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        narrator.finish(at: time, frame: frame)
    }
}
