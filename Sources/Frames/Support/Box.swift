// SPDX-License-Identifier: GPL-3.0-or-later
/// An axis-aligned rectangle in image pixels: top-left corner, width and height.
/// JSON writes it as `[x, y, w, h]`.
public struct Box: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }
    public var area: Double { max(0, width) * max(0, height) }

    /// Intersection over union; 0 when the boxes do not overlap or both are empty.
    public func intersectionOverUnion(_ other: Box) -> Double {
        let w = min(maxX, other.maxX) - max(x, other.x)
        let h = min(maxY, other.maxY) - max(y, other.y)
        guard w > 0, h > 0 else { return 0 }
        let intersection = w * h
        let union = area + other.area - intersection
        return union > 0 ? intersection / union : 0
    }
}

extension Box {
    /// The smallest box holding every point (an empty box at the origin for none).
    public init(around points: [Point]) {
        guard let first = points.first else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        var left = first.x, right = first.x, top = first.y, bottom = first.y
        for point in points.dropFirst() {
            left = min(left, point.x); right = max(right, point.x)
            top = min(top, point.y); bottom = max(bottom, point.y)
        }
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This box cut to `bounds`; nil when nothing of it lies inside.
    public func clipped(to bounds: Box) -> Box? {
        let left = max(x, bounds.x), top = max(y, bounds.y)
        let right = min(maxX, bounds.maxX), bottom = min(maxY, bounds.maxY)
        guard right > left, bottom > top else { return nil }
        return Box(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension Box {
    /// The smallest box holding both.
    public func union(_ other: Box) -> Box {
        let left = min(x, other.x), top = min(y, other.y)
        return Box(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
