// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Perception

/// Pictures drawn from flat blocks of colour, for the light and colour tests: each pixel's
/// 8-bit sRGB comes from a function of its position, optionally seen under a coloured light.
enum SyntheticPictures {
    /// A `width` x `height` image whose pixel at (x, y) is `colour(x, y)` as 0xRRGGBB, with
    /// every linear channel multiplied by `light` (1, 1, 1 for daylight), clipped; then, like a
    /// camera's sensor, each 8-bit channel moved by up to `noise` levels (the same for a `seed`).
    static func image(width: Int, height: Int, light: LinearRGB = LinearRGB(red: 1, green: 1, blue: 1),
                      noise: Int = 0, seed: UInt64 = 1, colour: (Int, Int) -> UInt32) throws -> Image {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var random = SplitMix(seed: seed)
        func noisy(_ value: UInt8) -> UInt8 {
            guard noise > 0 else { return value }
            return UInt8(clamping: Int(value) + Int(random.next() % UInt64(2 * noise + 1)) - noise)
        }
        for y in 0..<height {
            for x in 0..<width {
                let hex = colour(x, y)
                let daylight = LinearRGB(srgbRed: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
                let lit = LinearRGB(red: daylight.red * light.red, green: daylight.green * light.green,
                                    blue: daylight.blue * light.blue).encoded
                let offset = (y * width + x) * 3
                (bytes[offset], bytes[offset + 1], bytes[offset + 2]) = (noisy(lit.blue), noisy(lit.green), noisy(lit.red))
            }
        }
        return try bytes.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: width * 3) }
    }

    /// One flat colour all over.
    static func uniform(_ hex: UInt32, width: Int = 64, height: Int = 48) throws -> Image {
        try image(width: width, height: height) { _, _ in hex }
    }

    /// A grey whose brightness ramps from `start` to `end` (8-bit sRGB levels) along the
    /// chosen axis: left to right when `horizontal`, top to bottom otherwise.
    static func ramp(from start: Int, to end: Int, horizontal: Bool, width: Int = 96, height: Int = 72) throws -> Image {
        try image(width: width, height: height) { x, y in
            let position = horizontal ? Double(x) / Double(width - 1) : Double(y) / Double(height - 1)
            let level = UInt32((Double(start) + (Double(end) - Double(start)) * position).rounded())
            return level << 16 | level << 8 | level
        }
    }

    /// The light of a black body at `kelvin`, relative to daylight's white, scaled so its
    /// strongest channel is 1: the same lamp power, a different colour, nothing clipped.
    static func light(kelvin: Double) -> LinearRGB {
        let light = PlanckianLocus.linearRGB(kelvin: kelvin)
        let strongest = max(light.red, light.green, light.blue)
        return LinearRGB(red: light.red / strongest, green: light.green / strongest, blue: light.blue / strongest)
    }
}

