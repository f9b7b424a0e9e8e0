// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Finds one sought thing in a picture: a kind of object the detector knows, or a thing the
/// user taught. `find` guides the camera to what it returns, whichever it is.
public protocol ThingLocator: Sendable {
    /// Where the thing is seen in `image`, most likely first; empty when it is not seen.
    func locate(in image: Image) throws -> [Sighting]
    /// What a tracker follows across frames to find it there, its own sightings under `label`
    /// among them: only those, unless the locator is a detector whose tracker is shared.
    func detections(in image: Image, label: String) throws -> [Detection]
}

extension ThingLocator {
    public func detections(in image: Image, label: String) throws -> [Detection] {
        // No class of the detector's: the tracker matches by label alone.
        try locate(in: image).map { Detection(classIndex: -1, label: label, confidence: $0.confidence, box: $0.box) }
    }
}

/// One place a sought thing is seen: its box in the picture's pixels and how sure the
/// locator is, 0–1 (the same scale as the detector's confidence, so the same hedges apply).
public struct Sighting: Sendable, Equatable {
    public var box: Box
    public var confidence: Double

    public init(box: Box, confidence: Double) {
        self.box = box
        self.confidence = confidence
    }
}
