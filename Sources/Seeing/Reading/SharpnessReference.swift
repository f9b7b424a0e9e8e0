// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Judges sharpness against what this stream has shown lately, not against a fixed number:
/// the variance of the Laplacian depends on the content (large print scores higher than
/// small print), so a threshold set on one page rejects every frame of a denser one. A
/// frame is sharp when it is nearly as sharp as the sharpest of the last few seconds — a
/// moving camera's frames fall to a fifth of that — and not hopelessly blurred in any case.
public struct SharpnessReference: Sendable {
    /// Frames remembered for the comparison.
    public static let windowSeconds = 3.0
    /// A frame this close to the recent best is sharp: on the filmed pages steady frames
    /// stayed above 0.7 of the best, frames of a moving camera below 0.45.
    public static let relativeFloor = 0.6
    /// Below a third of the fixed threshold a frame is blurred whatever the page shows.
    public static let absoluteFloor = FrameQuality.Verdict.minimumSharpness / 3

    private var recent: [(time: Timestamp, sharpness: Double)] = []

    public init() {}

    /// Records the frame's sharpness and says whether it counts as sharp.
    public mutating func isSharp(_ sharpness: Double, at time: Timestamp) -> Bool {
        recent.removeAll { time.seconds(since: $0.time) > Self.windowSeconds }
        recent.append((time, sharpness))
        let best = recent.map(\.sharpness).max() ?? sharpness
        return sharpness >= Self.absoluteFloor && sharpness >= Self.relativeFloor * best
    }
}
