// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// sRGB with the display's gamma undone: channels proportional to light, so light can be
/// added, averaged and scaled by an illuminant's colour.
public struct LinearRGB: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From 8-bit sRGB, through a table: this runs for every sampled pixel of every frame.
    public init(srgbRed red: UInt8, green: UInt8, blue: UInt8) {
        self.init(red: Self.decoded[Int(red)], green: Self.decoded[Int(green)], blue: Self.decoded[Int(blue)])
    }

    /// Relative luminance (Rec. 709 weights, as sRGB uses).
    public var luminance: Double { 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue }

    /// The sRGB transfer curve undone for each 8-bit value.
    static let decoded: [Double] = (0...255).map { decode(Double($0) / 255) }

    /// sRGB-encoded 0–1 to linear 0–1 (IEC 61966-2-1).
    public static func decode(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// Linear 0–1 to sRGB-encoded 0–1, clipped to what a file can hold.
    public static func encode(_ linear: Double) -> Double {
        let clipped = min(max(linear, 0), 1)
        return clipped <= 0.0031308 ? clipped * 12.92 : 1.055 * pow(clipped, 1 / 2.4) - 0.055
    }

    /// This colour as 8-bit sRGB, clipped.
    public var encoded: (red: UInt8, green: UInt8, blue: UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8((Self.encode(value) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue))
    }
}
