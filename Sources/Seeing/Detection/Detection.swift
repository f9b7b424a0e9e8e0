// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// One object the detector found in one image.
public struct Detection: Sendable, Equatable {
    /// Index into the detector's class list (COCO order for YOLOX).
    public var classIndex: Int
    /// Human-readable class name, e.g. "person", "dining table".
    public var label: String
    /// Objectness × class score, 0–1.
    public var confidence: Double
    /// Box in the original image's pixels.
    public var box: Box

    public init(classIndex: Int, label: String, confidence: Double, box: Box) {
        self.classIndex = classIndex
        self.label = label
        self.confidence = confidence
        self.box = box
    }
}
