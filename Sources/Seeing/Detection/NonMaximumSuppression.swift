// SPDX-License-Identifier: GPL-3.0-or-later
/// Greedy non-maximum suppression: keep the most confident box, drop every box that
/// overlaps it by more than `overlap` IoU, repeat. Callers pass one class at a time.
public enum NonMaximumSuppression {
    public static func apply(_ detections: [Detection], overlap: Double) -> [Detection] {
        let ordered = detections.sorted { $0.confidence > $1.confidence }
        var suppressed = [Bool](repeating: false, count: ordered.count)
        var kept: [Detection] = []
        for i in ordered.indices where !suppressed[i] {
            kept.append(ordered[i])
            for j in (i + 1)..<ordered.count where !suppressed[j] {
                if ordered[i].box.intersectionOverUnion(ordered[j].box) > overlap { suppressed[j] = true }
            }
        }
        return kept
    }
}
