/// What a stream engine runs on every processed frame: everything between the frame and
/// the narration events (detection and tracking and narration, or page finding and reading).
/// Created once per stream, never called concurrently.
public protocol StreamStage: AnyObject {
    func observe(_ frame: Frame) throws -> [NarrationEvent]
    /// The stream ended after `frame`.
    func finish(at time: Timestamp, frame: Int) -> [NarrationEvent]
    /// Carries out a command the user gave during a live session, on the newest frame.
    func perform(_ command: LiveCommand, on frame: Frame) throws -> [NarrationEvent]
    /// Where the last `observe` spent its time, for benchmarks; steps it does not time are nil.
    var lastTimings: StageTimings { get }
}

extension StreamStage {
    public func perform(_ command: LiveCommand, on frame: Frame) throws -> [NarrationEvent] { [] }
    public var lastTimings: StageTimings { StageTimings() }
}

extension NarrationEvent {
    /// A sentence about the session itself ("Paused.", "Camera reconnected."), at `frame`.
    public static func status(_ text: String, at frame: Frame?) -> NarrationEvent {
        NarrationEvent(time: frame?.timestamp ?? .zero, frame: frame?.index ?? 0, kind: .status, priority: .message, text: text)
    }
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
    public private(set) var lastTimings = StageTimings()

    public init(detector: ObjectDetector, tracker: Tracker = Tracker(), narrator: AwarenessNarrator, minConfidence: Double) {
        self.detector = detector
        self.tracker = tracker
        self.narrator = narrator
        self.minConfidence = minConfidence
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let detections: [Detection]
        if let ahead = frame.detections {
            detections = ahead
            lastTimings = frame.detectionTimings ?? StageTimings()
        } else {
            detections = try detector.detect(in: frame.image, minConfidence: minConfidence)
            lastTimings = detector.lastTimings
        }
        detectionObserver?(frame, detections)
        let update = MonotonicClock.timed(&lastTimings.tracking) {
            tracker.update(detections, at: frame.timestamp, frameHeight: frame.image.height)
        }
        return MonotonicClock.timed(&lastTimings.narration) { narrator.observe(update, in: frame) }
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        narrator.finish(at: time, frame: frame)
    }

    /// `describe`: a fresh look at the newest frame, everything confident in it; `more` and
    /// `less`: the wording's verbosity.
    public func perform(_ command: LiveCommand, on frame: Frame) throws -> [NarrationEvent] {
        switch command {
        case .describeNow:
            let detections = try detector.detect(in: frame.image, minConfidence: minConfidence)
            let describer = SceneDescriber(horizontalFieldOfView: narrator.policy.horizontalFieldOfView)
            let captions = describer.captions(for: detections, imageWidth: frame.image.width, imageHeight: frame.image.height)
            let texts = captions.isEmpty ? [SceneDescriber.nothingConfident] : captions.map(\.text)
            return texts.map {
                NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message, text: $0)
            }
        case .moreVerbose, .lessVerbose:
            let levels = Verbosity.allCases
            let current = levels.firstIndex(of: narrator.policy.verbosity) ?? 1
            let next = min(max(current + (command == .moreVerbose ? 1 : -1), 0), levels.count - 1)
            narrator.policy.verbosity = levels[next]
            return [.status(Self.verbosityNames[levels[next]] ?? "", at: frame)]
        default:
            return []
        }
    }

    static let verbosityNames: [Verbosity: String] = [
        .terse: "Short descriptions.", .normal: "Normal descriptions.", .detailed: "Detailed descriptions.",
    ]
}
