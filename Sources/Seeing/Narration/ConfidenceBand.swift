// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// How sure the words sound. A detector's score is turned into one of a few hedges so the
/// listener never hears more certainty than the model has; below the lowest band nothing
/// is said at all, because a guess spoken aloud is worse than silence.
public enum ConfidenceBand: Int, Sendable, Equatable, Hashable, Comparable, CaseIterable {
    case possibly
    case probably

    /// At 0.70 and above YOLOX-class detectors are right most of the time on COCO, so
    /// "probably" is honest; it is still a hedge, never a plain statement.
    public static let probablyFloor = 0.70
    /// Between 0.45 and 0.70 the detector is often right but often confuses look-alikes,
    /// so the sentence says "possibly". Below 0.45 it is nearer a coin toss: not spoken.
    public static let possiblyFloor = 0.45

    /// The band for a confidence, or nil when it is too low (or not a number) to speak.
    public init?(confidence: Double) {
        if confidence >= Self.probablyFloor {
            self = .probably
        } else if confidence >= Self.possiblyFloor {
            self = .possibly
        } else {
            return nil
        }
    }

    /// The hedge that opens a sentence: "Probably", "Possibly".
    public func word(_ wording: Wording) -> String {
        wording(.objectsHedge, ["band": .text(name)])
    }

    /// The band's name, which the catalog's sentences select their hedge by.
    public var name: String {
        switch self {
        case .probably: "probably"
        case .possibly: "possibly"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
