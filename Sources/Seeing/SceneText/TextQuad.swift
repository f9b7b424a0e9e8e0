// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Where a line of scene text lies: four corners in picture pixels, clockwise from the
/// top-left of the text as it runs, and the detector's score for the region.
public struct TextQuad: Sendable, Equatable {
    public var corners: [Point]
    public var score: Double

    public init(corners: [Point], score: Double) {
        precondition(corners.count == 4, "a text quadrilateral has four corners")
        self.corners = corners
        self.score = score
    }

    /// The smallest upright box around it.
    public var box: Box { Box(around: corners) }

    /// How tall the line's letters are: the longer of its left and right sides.
    public var lineHeight: Double {
        max(distance(corners[0], corners[3]), distance(corners[1], corners[2]))
    }

    /// How long the line runs: the longer of its top and bottom sides.
    public var lineLength: Double {
        max(distance(corners[0], corners[1]), distance(corners[3], corners[2]))
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
