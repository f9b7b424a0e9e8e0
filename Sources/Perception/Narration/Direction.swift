import Foundation

/// Where an object is, left to right, as seen from the camera.
public enum Direction: String, Sendable, Equatable, Hashable, CaseIterable {
    case left
    case ahead
    case right

    /// Within 10° of the optical axis an object is roughly in front of the user: close
    /// enough to reach by walking straight, and finer splits are unreliable for a
    /// hand-held camera that is rarely held level.
    public static let aheadHalfAngleDegrees = 10.0

    /// The direction for a horizontal angle in degrees (negative is left). Exactly ±10° is
    /// still "ahead": only an angle beyond the threshold is called a side.
    public init(angleDegrees: Double) {
        if angleDegrees < -Self.aheadHalfAngleDegrees {
            self = .left
        } else if angleDegrees > Self.aheadHalfAngleDegrees {
            self = .right
        } else {
            self = .ahead
        }
    }

    /// The direction of a box's centre in an image of the given width.
    public init(of box: Box, imageWidth: Int, horizontalFieldOfView degrees: Double) {
        self.init(angleDegrees: Self.horizontalAngle(
            centerX: box.centerX, imageWidth: imageWidth, horizontalFieldOfView: degrees))
    }

    /// The horizontal angle in degrees between the optical axis and the ray through pixel
    /// column `centerX`, by the pinhole model: f = (W/2) / tan(hfov/2), angle = atan((x − W/2) / f).
    /// Negative is left of centre. Pixels are not linear in angle, which is why this is not
    /// simply a fraction of the field of view. Returns 0 when the geometry is degenerate
    /// (no width, or a field of view outside 0–180°).
    public static func horizontalAngle(
        centerX: Double, imageWidth: Int, horizontalFieldOfView degrees: Double
    ) -> Double {
        guard imageWidth > 0, degrees > 0, degrees < 180 else { return 0 }
        let halfWidth = Double(imageWidth) / 2
        let focalLength = halfWidth / tan(degrees * .pi / 360)
        return atan((centerX - halfWidth) / focalLength) * 180 / .pi
    }

    /// The words that end a sentence: "on the left", "ahead", "on the right".
    public var phrase: String {
        switch self {
        case .left: "on the left"
        case .ahead: "ahead"
        case .right: "on the right"
        }
    }
}
