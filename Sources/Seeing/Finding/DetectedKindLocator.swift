// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// A kind of object the detector knows, found by the detector: its detections of that label,
/// most confident first, with the detector's own confidence (so `find` hedges as `aware` does).
///
/// `@unchecked Sendable`: the network inside is not thread-safe, but a locator belongs to one
/// stage, or to a live session's stages (`SharedDetection`), which are never called
/// concurrently, and is built on the thread that uses it.
public final class DetectedKindLocator: ThingLocator, @unchecked Sendable {
    public let step: DetectionStep
    /// The model's label ("cup").
    public let label: String

    public init(step: DetectionStep, label: String) {
        self.step = step
        self.label = label
    }

    public func locate(in image: Image) throws -> [Sighting] {
        try step.detect(in: image).filter { $0.label == label }.map { Sighting(box: $0.box, confidence: $0.confidence) }
    }

    /// Every kind the network sees, not only this one: the tracker it feeds is the session's,
    /// shared with awareness, which follows them all.
    public func detections(in image: Image, label: String) throws -> [Detection] {
        try step.detect(in: image)
    }
}
