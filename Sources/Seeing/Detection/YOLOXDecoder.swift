// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// Turns YOLOX's raw head output into detections in original-image pixels, exactly as
/// the model card says: grid offsets and exp() sizes per stride, score = objectness ×
/// class score, every class above the threshold kept per anchor, then per-class NMS.
public struct YOLOXDecoder: Sendable {
    /// YOLOX's three output strides: 8, 16 and 32 pixels per grid cell.
    public static let strides = [8, 16, 32]
    /// The model card's NMS overlap: boxes of one class overlapping more than this are duplicates.
    public static let nmsThreshold = 0.45

    public let inputSize: Int
    public let classNames: [String]

    public init(inputSize: Int, classNames: [String]) {
        self.inputSize = inputSize
        self.classNames = classNames
    }

    /// Anchor points the head produces for this input size (3549 at 416).
    public var expectedRows: Int { Self.strides.reduce(0) { $0 + (inputSize / $1) * (inputSize / $1) } }
    /// Values per anchor point: box (4), objectness (1), one score per class.
    public var expectedColumns: Int { 5 + classNames.count }

    /// - Parameters:
    ///   - output: `expectedRows` × `expectedColumns` floats, row-major.
    ///   - scale: the letterbox factor r; model pixels ÷ r = original pixels.
    public func decode(_ output: UnsafeBufferPointer<Float>, scale: Double, imageWidth: Int, imageHeight: Int,
                       minConfidence: Double) -> [Detection] {
        precondition(output.count == expectedRows * expectedColumns, "output shape does not match the decoder")
        var candidates: [[Detection]] = Array(repeating: [], count: classNames.count)
        let columns = expectedColumns
        let threshold = Float(minConfidence)
        var row = 0
        for stride in Self.strides {
            let gridSize = inputSize / stride
            let s = Float(stride)
            for gy in 0..<gridSize {
                for gx in 0..<gridSize {
                    defer { row += 1 }
                    let base = row * columns
                    let objectness = output[base + 4]
                    // score = objectness × class score ≤ objectness, so this row cannot qualify.
                    guard objectness >= threshold else { continue }
                    var box: Box?
                    for c in 0..<classNames.count {
                        let score = objectness * output[base + 5 + c]
                        guard score >= threshold else { continue }
                        if box == nil {
                            let cx = (output[base] + Float(gx)) * s
                            let cy = (output[base + 1] + Float(gy)) * s
                            let w = expf(output[base + 2]) * s
                            let h = expf(output[base + 3]) * s
                            box = Box(x: Double(cx - w / 2) / scale, y: Double(cy - h / 2) / scale,
                                      width: Double(w) / scale, height: Double(h) / scale)
                        }
                        candidates[c].append(Detection(classIndex: c, label: classNames[c],
                                                       confidence: Double(score), box: box!))
                    }
                }
            }
        }
        let bounds = Box(x: 0, y: 0, width: Double(imageWidth), height: Double(imageHeight))
        var kept: [Detection] = []
        for perClass in candidates where !perClass.isEmpty {
            for var detection in NonMaximumSuppression.apply(perClass, overlap: Self.nmsThreshold) {
                guard let clipped = detection.box.clipped(to: bounds) else { continue }
                detection.box = clipped
                kept.append(detection)
            }
        }
        return kept.sorted { $0.confidence > $1.confidence }
    }
}
