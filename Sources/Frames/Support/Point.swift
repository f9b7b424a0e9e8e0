// SPDX-License-Identifier: GPL-3.0-or-later
/// A point in image pixels (pixel centres at whole numbers), possibly outside the image.
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
