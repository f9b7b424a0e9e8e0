// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames

/// Where an object is as a clock hour, the way orientation and mobility training teaches
/// it: 12 o'clock straight ahead, 3 o'clock to the right, 9 o'clock to the left. Each hour
/// is 30° wide, so a 60° lens spans 11 to 1 and a 120° lens 10 to 2 — finer than
/// left/ahead/right, and a habit many blind travellers already have.
public struct ClockDirection: Sendable, Hashable {
    /// 1...12.
    public let hour: Int

    /// Degrees of horizontal angle per clock hour: a full turn over twelve hours.
    public static let degreesPerHour = 30.0

    /// The hour for a horizontal angle in degrees (negative is left; −90° → 9, 0° → 12,
    /// +90° → 3). An angle exactly halfway between two hours (±15°, ±45°, …) keeps the
    /// hour nearer 12: only an angle beyond the midpoint moves the object round the clock.
    /// A non-finite angle (degenerate geometry) reads as 12, the same fallback
    /// `horizontalAngle` uses.
    public init(angleDegrees: Double) {
        guard angleDegrees.isFinite else {
            hour = 12
            return
        }
        // Reduced to one turn first so the conversion to Int below can never overflow.
        let steps = angleDegrees.truncatingRemainder(dividingBy: 360) / Self.degreesPerHour
        // Round half toward zero (toward 12): ceil(|s| − ½) is the nearest integer except
        // at exact halves, where it takes the smaller magnitude.
        let magnitude = (abs(steps) - 0.5).rounded(.up)
        let offset = Int(steps < 0 ? -magnitude : magnitude)
        hour = ((12 + offset - 1) % 12 + 12) % 12 + 1
    }

    /// The hour of a box's centre in an image of the given width.
    public init(of box: Box, imageWidth: Int, horizontalFieldOfView degrees: Double) {
        self.init(angleDegrees: Self.horizontalAngle(
            centerX: box.centerX, imageWidth: imageWidth, horizontalFieldOfView: degrees))
    }

    /// The horizontal angle in degrees between the optical axis and the ray through pixel
    /// column `centerX`, by the pinhole model: f = (W/2) / tan(hfov/2), angle = atan((x − W/2) / f).
    /// Negative is left of centre. Pixels are not linear in angle, which is why this is not
    /// simply a fraction of the field of view. Returns 0 when the geometry is degenerate
    /// (no width, or a field of view outside 0–180°).
    public static func horizontalAngle(centerX: Double, imageWidth: Int, horizontalFieldOfView degrees: Double) -> Double {
        guard imageWidth > 0, degrees > 0, degrees < 180 else { return 0 }
        let halfWidth = Double(imageWidth) / 2
        let focalLength = halfWidth / tan(degrees * .pi / 360)
        return atan((centerX - halfWidth) / focalLength) * 180 / .pi
    }

    /// The words that end a sentence: "at 11 o'clock".
    public func phrase(_ wording: Wording) -> String { wording(.objectsPlaceAt, ["hour": .integer(hour)]) }

    /// The bare position for terse speech: "11 o'clock".
    public func terse(_ wording: Wording) -> String { wording(.objectsTersePlaceAt, ["hour": .integer(hour)]) }
}
