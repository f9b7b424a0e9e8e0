// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// A side of the page as the user holds it: `top` is the side nearest the frame's top,
/// whichever way the paper itself is turned. Guidance names these ("Top edge is cut off").
public enum PageEdge: String, Sendable, CaseIterable, Hashable {
    case top, right, bottom, left
}

/// Where a page lies in a frame: four corners, clockwise from top-left. Where the page runs
/// out of the frame the corners follow the frame's border, or lie beyond it when a cut-off
/// corner could be extended from the page's visible edges.
public struct PageOutline: Sendable, Equatable {
    /// Top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point]

    /// How near (pixels) a corner may come to the frame's border and still count as on it.
    /// Found corners are about a pixel off; a page whose corner is 2 px inside the border
    /// cannot be told from one running out of the frame.
    public static let borderTolerance = 2.0

    public init(corners: [Point]) {
        precondition(corners.count == 4, "a page outline has four corners")
        self.corners = corners
    }

    /// The side's two corners, in clockwise order.
    public func corners(of edge: PageEdge) -> (Point, Point) {
        let start = PageEdge.allCases.firstIndex(of: edge)!
        return (corners[start], corners[(start + 1) % 4])
    }

    /// The sides that run, at least partly, out of the frame: those with a corner on the
    /// frame's border or beyond it. A page pushed off to the right thus has its top and
    /// bottom cut off as well as its right side (the test video's truth counts them so).
    public func cutOffEdges(frameWidth: Int, frameHeight: Int) -> Set<PageEdge> {
        let outside = corners.map { !isInside($0, frameWidth: frameWidth, frameHeight: frameHeight) }
        return Set(PageEdge.allCases.enumerated().filter { outside[$0.offset] || outside[($0.offset + 1) % 4] }.map(\.element))
    }

    /// The sides lying along the frame's border: there the page goes on beyond the frame, so
    /// these say which way to move the camera, where `cutOffEdges` also names the sides that
    /// merely end at the border.
    public func edgesAlongBorder(frameWidth: Int, frameHeight: Int) -> Set<PageEdge> {
        Set(PageEdge.allCases.filter { edge in
            let (a, b) = corners(of: edge)
            return !isInside(a, frameWidth: frameWidth, frameHeight: frameHeight)
                && !isInside(b, frameWidth: frameWidth, frameHeight: frameHeight)
        })
    }

    /// How much of the frame the visible part of the page covers, 0–1.
    public func fillFraction(frameWidth: Int, frameHeight: Int) -> Double {
        guard frameWidth > 0, frameHeight > 0 else { return 0 }
        let visible = Self.clip(corners, width: Double(frameWidth), height: Double(frameHeight))
        return Self.area(of: visible) / (Double(frameWidth) * Double(frameHeight))
    }

    /// Width over height of the paper itself, perspective undone (Zhang and He, "Whiteboard
    /// scanning and image enhancement", 2007): the four corners of a rectangle fix the camera's
    /// focal length and the rectangle's proportions, given square pixels and the lens centred
    /// in the frame. Seen nearly head-on the focal length cannot be recovered, and the
    /// proportions come from the sides' directions alone (its limit for a distant camera).
    public func aspectRatio(frameWidth: Int, frameHeight: Int) -> Double {
        let (cx, cy) = (Double(frameWidth - 1) / 2, Double(frameHeight - 1) / 2)
        func vector(_ p: Point) -> SIMD3<Double> { SIMD3(p.x - cx, p.y - cy, 1) }
        func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        // The paper's notation: m1 top-left, m2 top-right, m3 bottom-left, m4 bottom-right.
        let (m1, m2, m3, m4) = (vector(corners[0]), vector(corners[1]), vector(corners[3]), vector(corners[2]))
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        let n2 = k2 * m2 - m1, n3 = k3 * m3 - m1
        let focalSquared = -(n2.x * n3.x + n2.y * n3.y) / (n2.z * n3.z)
        let longSide = Double(max(frameWidth, frameHeight))
        // Real lenses lie between ultra-wide and a long zoom; outside that the estimate is noise.
        let f2 = focalSquared.isFinite && focalSquared > 0.04 * longSide * longSide && focalSquared < 100 * longSide * longSide
            ? focalSquared : 0
        let ratio = ((n2.x * n2.x + n2.y * n2.y + f2 * n2.z * n2.z) / (n3.x * n3.x + n3.y * n3.y + f2 * n3.z * n3.z)).squareRoot()
        return ratio.isFinite && ratio > 0 ? ratio : meanSidesAspectRatio
    }

    /// Width over height as drawn, from the mean of opposite sides: the fallback when the
    /// corners fit no rectangle.
    private var meanSidesAspectRatio: Double {
        let width = (distance(corners[0], corners[1]) + distance(corners[3], corners[2])) / 2
        let height = (distance(corners[0], corners[3]) + distance(corners[1], corners[2])) / 2
        return height > 0 ? width / height : 1
    }

    private func isInside(_ point: Point, frameWidth: Int, frameHeight: Int) -> Bool {
        let t = Self.borderTolerance
        return point.x > t && point.y > t && point.x < Double(frameWidth - 1) - t && point.y < Double(frameHeight - 1) - t
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The polygon cut to the frame's area (Sutherland–Hodgman, one frame side at a time).
    /// Pixel centres lie at whole numbers, so the frame spans -0.5 to width - 0.5.
    private static func clip(_ polygon: [Point], width: Double, height: Double) -> [Point] {
        let limits: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= -0.5 }, { a, b in at(a, b, t: (-0.5 - a.x) / (b.x - a.x)) }),
            ({ $0.x <= width - 0.5 }, { a, b in at(a, b, t: (width - 0.5 - a.x) / (b.x - a.x)) }),
            ({ $0.y >= -0.5 }, { a, b in at(a, b, t: (-0.5 - a.y) / (b.y - a.y)) }),
            ({ $0.y <= height - 0.5 }, { a, b in at(a, b, t: (height - 0.5 - a.y) / (b.y - a.y)) }),
        ]
        var result = polygon
        for limit in limits {
            let input = result
            result = []
            for (index, current) in input.enumerated() {
                let previous = input[(index + input.count - 1) % input.count]
                switch (limit.inside(previous), limit.inside(current)) {
                case (true, true): result.append(current)
                case (true, false): result.append(limit.cross(previous, current))
                case (false, true): result.append(contentsOf: [limit.cross(previous, current), current])
                case (false, false): break
                }
            }
        }
        return result
    }

    private static func at(_ a: Point, _ b: Point, t: Double) -> Point {
        Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
    }

    /// Shoelace area of a simple polygon.
    private static func area(of polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var twice = 0.0
        for (index, p) in polygon.enumerated() {
            let q = polygon[(index + 1) % polygon.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }
}
