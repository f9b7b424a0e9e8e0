// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Where one processed frame's time went, in seconds: filled in by the stage (and the
/// detector inside it) as it works, completed by the engine with decode and end to end.
/// A step that did not run on this frame (OCR on most frames, tracking in read mode) is nil.
/// Plain stored values, so recording one costs a few clock reads and no allocation.
public struct StageTimings: Sendable, Equatable {
    /// The pipeline's steps, in the order a frame passes through them.
    public enum Step: String, Sendable, CaseIterable, Codable {
        /// Reading the next frame from the source (for a video: demuxing and decoding).
        case decode
        /// Letterboxing the frame and packing it into the network's input blob.
        case preprocess
        /// The network's forward pass.
        case inference
        /// Turning the network's output into detections: YOLOX decoding and NMS.
        case postprocess
        /// Read mode: sharpness and light, finding the page, flattening it.
        case pageFinding = "page-finding"
        /// Read mode: Tesseract on the page.
        case ocr
        case tracking
        /// Deciding what to say and wording it (in read mode also framing advice and combining readings).
        case narration

        /// Words for a listener and for chart labels.
        public var name: MessageID {
            switch self {
            case .decode: .benchStepDecode
            case .preprocess: .benchStepPreprocess
            case .inference: .benchStepInference
            case .postprocess: .benchStepPostprocess
            case .pageFinding: .benchStepPageFinding
            case .ocr: .benchStepOCR
            case .tracking: .benchStepTracking
            case .narration: .benchStepNarration
            }
        }
    }

    public var decode: Double?
    public var preprocess: Double?
    public var inference: Double?
    public var postprocess: Double?
    public var pageFinding: Double?
    public var ocr: Double?
    public var tracking: Double?
    public var narration: Double?

    /// The frame's position in the stream, and its stream time in seconds.
    public var frame = 0
    public var streamSeconds = 0.0
    /// The frame available (decoded, or captured) → its narration events emitted.
    public var endToEnd = 0.0

    public init() {}

    public subscript(step: Step) -> Double? {
        switch step {
        case .decode: decode
        case .preprocess: preprocess
        case .inference: inference
        case .postprocess: postprocess
        case .pageFinding: pageFinding
        case .ocr: ocr
        case .tracking: tracking
        case .narration: narration
        }
    }
}

extension MonotonicClock {
    /// Seconds `body` took, beside its result: the one way the stages time a step.
    @inline(__always)
    package static func timed<T, E: Error>(_ seconds: inout Double?, _ body: () throws(E) -> T) throws(E) -> T {
        let started = now()
        defer { seconds = now().seconds(since: started) }
        return try body()
    }
}
