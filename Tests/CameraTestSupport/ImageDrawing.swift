// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import CVisionTestHooks
import Perception

/// Pictures drawn from pictures through the test hooks: simulated hand-held frames of a
/// still, and several copies of one on a canvas.
extension Image {
    /// A picture of one colour (BGR).
    public static func blank(width: Int, height: Int, blue: UInt8 = 128, green: UInt8 = 128, red: UInt8 = 128) throws -> Image {
        var handle: OpaquePointer?
        let result = callShim { CVision_test_image_blank(Int32(width), Int32(height), blue, green, red, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw ImageError.undecodable(path: "(blank)", reason: result.message) }
        return Image(testHandle: handle)
    }

    /// Draws `picture` onto this one, scaled by `scale`, turned by `degrees` about its own
    /// centre, with that centre placed at (`x`, `y`).
    public func draw(_ picture: Image, centreX x: Double, centreY y: Double, scale: Double = 1, degrees: Double = 0) throws {
        let angle = degrees * .pi / 180
        let (c, s) = (scale * cos(angle), scale * sin(angle))
        let (px, py) = (Double(picture.width) / 2, Double(picture.height) / 2)
        let matrix = [c, -s, x - c * px + s * py, s, c, y - s * px - c * py]
        let result = matrix.withUnsafeBufferPointer { buffer in
            callShim { CVision_test_image_draw(handle, picture.handle, buffer.baseAddress, $0, $1) }
        }
        guard result.status == CVision_OK else { throw ImageError.undecodable(path: "(drawing)", reason: result.message) }
    }

    /// Smear along the camera's travel in one exposure, blur and sensor grain, as a webcam gives.
    public func degrade(motionX: Double = 0, motionY: Double = 0, blur sigma: Double, noise: Double, seed: UInt32) throws {
        let result = callShim { CVision_test_image_degrade(handle, motionX, motionY, sigma, noise, seed, $0, $1) }
        guard result.status == CVision_OK else { throw ImageError.undecodable(path: "(degrading)", reason: result.message) }
    }

    /// A copy turned clockwise by `quarterTurns` right angles, at the same resolution.
    public func rotated(quarterTurns: Int) throws -> Image {
        var out: OpaquePointer?
        let result = callShim { CVision_test_image_rotate(handle, Int32(quarterTurns), &out, $0, $1) }
        guard result.status == CVision_OK, let out else { throw ImageError.undecodable(path: "(rotating)", reason: result.message) }
        return Image(testHandle: out)
    }

    /// Every level multiplied by `factor` (0–1): the picture in less light.
    public func dim(by factor: Double) throws {
        let result = callShim { CVision_test_image_dim(handle, factor, $0, $1) }
        guard result.status == CVision_OK else { throw ImageError.undecodable(path: "(dimming)", reason: result.message) }
    }
}
