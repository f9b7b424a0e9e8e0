// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// A ground-truth object: its class and where it is, in image pixels.
public struct LabeledBox: Sendable, Equatable {
    public var classIndex: Int
    public var box: Box

    public init(classIndex: Int, box: Box) {
        self.classIndex = classIndex
        self.box = box
    }
}

/// A detector's guess: class, confidence 0–1 and box in image pixels.
public struct ScoredBox: Sendable, Equatable {
    public var classIndex: Int
    public var confidence: Double
    public var box: Box

    public init(classIndex: Int, confidence: Double, box: Box) {
        self.classIndex = classIndex
        self.confidence = confidence
        self.box = box
    }
}

/// Mean average precision at one IoU threshold, COCO style: 101-point interpolated AP per
/// class, averaged over the classes present in the ground truth.
///
/// Add one image at a time; matching happens within the image, ranking across all images.
/// Classes that appear only in predictions are ignored, as COCO ignores them.
public struct MeanAveragePrecision: Sendable {
    public let iouThreshold: Double

    /// One prediction's fate, kept per class until the curve is drawn.
    private struct Outcome: Sendable {
        var confidence: Double
        var isTruePositive: Bool
    }

    private var outcomes: [Int: [Outcome]] = [:]
    private var truthCounts: [Int: Int] = [:]

    public init(iouThreshold: Double = 0.5) {
        self.iouThreshold = iouThreshold
    }

    /// Scores one image's predictions against its ground truth.
    ///
    /// Predictions are taken most confident first; each claims the unclaimed truth box of its
    /// class with the highest IoU if that IoU reaches the threshold, else it is a false
    /// positive. So a second detection of an already-claimed object is a false positive.
    public mutating func add(truth: [LabeledBox], predictions: [ScoredBox]) {
        for object in truth { truthCounts[object.classIndex, default: 0] += 1 }
        var unclaimed = Dictionary(grouping: truth, by: \.classIndex).mapValues { $0.map(\.box) }
        for prediction in Self.ranked(predictions, by: \.confidence) {
            var best: (index: Int, iou: Double)?
            for (index, box) in (unclaimed[prediction.classIndex] ?? []).enumerated() {
                let iou = prediction.box.intersectionOverUnion(box)
                if iou >= iouThreshold, iou > (best?.iou ?? -1) { best = (index, iou) }
            }
            if let best { unclaimed[prediction.classIndex]!.remove(at: best.index) }
            outcomes[prediction.classIndex, default: []].append(
                Outcome(confidence: prediction.confidence, isTruePositive: best != nil))
        }
    }

    /// AP 0–1 for each class present in the ground truth; 0 for one never predicted.
    public var perClass: [Int: Double] {
        truthCounts.reduce(into: [:]) { result, entry in
            result[entry.key] = Self.averagePrecision(outcomes[entry.key] ?? [], truthCount: entry.value)
        }
    }

    /// The mean of `perClass`, 0–1; 0 when no ground truth has been added.
    public var mean: Double {
        let values = perClass.values
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// Most confident first; ties keep the order they were added, so results are repeatable.
    private static func ranked<T>(_ items: [T], by confidence: (T) -> Double) -> [T] {
        items.enumerated()
            .sorted { lhs, rhs in
                let (l, r) = (confidence(lhs.element), confidence(rhs.element))
                return l != r ? l > r : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Area under the precision envelope, sampled at recall 0, 0.01, …, 1.
    private static func averagePrecision(_ outcomes: [Outcome], truthCount: Int) -> Double {
        let ranked = ranked(outcomes, by: \.confidence)
        var truePositives: [Int] = []  // cumulative, after each prediction
        var precision: [Double] = []
        var hits = 0
        for (k, outcome) in ranked.enumerated() {
            if outcome.isTruePositive { hits += 1 }
            truePositives.append(hits)
            precision.append(Double(hits) / Double(k + 1))
        }
        // The envelope: precision at a rank is the best achievable at that recall or beyond.
        for k in precision.indices.reversed().dropFirst() {
            precision[k] = max(precision[k], precision[k + 1])
        }
        // Precision at the first rank whose recall reaches r; none reaching it scores 0.
        // recall ≥ r/100 is tested as 100·hits ≥ r·truthCount, exact in integers.
        var sum = 0.0
        var k = 0
        for r in 0...100 {
            while k < ranked.count, 100 * truePositives[k] < r * truthCount { k += 1 }
            guard k < ranked.count else { break }
            sum += precision[k]
        }
        return sum / 101
    }
}
