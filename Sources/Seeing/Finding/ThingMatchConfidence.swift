// SPDX-License-Identifier: GPL-3.0-or-later
/// How sure a taught-thing match is, on the detector's 0–1 scale so `ConfidenceBand`'s hedges
/// mean the same: "probably" from 0.70, "possibly" from 0.45, unsaid below.
///
/// The geometry carries it: RANSAC inliers of a homography whose outline passed its checks.
/// On the project's taught-thing set (`make thing-photos`) the card, where present, kept 46 to
/// 587 inliers, 86 % or more of the ratio-tested matches; in the scenes without it (other QR
/// codes, packets and labels among them) no view kept more than 10, and the outlines those made
/// believable rested on 4 or 5 (the fewest a homography needs). Colour only tempers the score: light changes a thing's colours, so a
/// mismatch lowers the hedge rather than vetoes the match.
public enum ThingMatchConfidence {
    /// Fewer inliers than this are chance agreement, whatever the outline.
    public static let minimumInliers = 12
    /// And at least this share of the ratio-tested matches must agree with the homography.
    public static let minimumInlierShare = 0.25
    /// Inliers at which the geometry counts in full (8 still counts for nothing).
    static let fullInliers = 48.0
    static let noInliers = 8.0
    /// Histogram intersection at which colours count as agreeing in full.
    static let fullColour = 0.35

    public static func confidence(inliers: Int, matches: Int, plausible: Bool, colour: Double) -> Double {
        guard plausible, inliers >= minimumInliers, matches > 0,
              Double(inliers) / Double(matches) >= minimumInlierShare else { return 0 }
        let geometry = min(1, max(0, (Double(inliers) - noInliers) / (fullInliers - noInliers)))
        let colourAgreement = 0.7 + 0.3 * min(1, max(0, colour) / fullColour)
        return 0.3 + 0.65 * geometry * colourAgreement
    }
}
