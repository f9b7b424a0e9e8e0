// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// A colour in CIELAB (D65 white): L* lightness 0–100, a* green–red, b* blue–yellow. Equal
/// distances here look roughly equally different to a person, which RGB distances do not,
/// so colour names and clusters are decided in this space.
public struct CIELab: Sendable, Equatable {
    public var lightness: Double
    public var a: Double
    public var b: Double

    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// Colourfulness: distance from the grey axis.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// Hue angle in degrees, 0 ..< 360 (0 red-magenta, 90 yellow, 180 green-cyan, 270 blue).
    public var hue: Double {
        let degrees = atan2(b, a) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// CIE 1976 colour difference (ΔE*ab): about 2.3 is the smallest difference most people notice.
    public func difference(to other: CIELab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}

extension CIELab {
    /// From linear sRGB (0–1 a channel, 1 being the display's white), through CIE XYZ under D65.
    public init(linear colour: LinearRGB) {
        // sRGB primaries to XYZ (IEC 61966-2-1), divided by the D65 white's X, Y, Z.
        let x = (0.4124564 * colour.red + 0.3575761 * colour.green + 0.1804375 * colour.blue) / Self.whiteX
        let y = 0.2126729 * colour.red + 0.7151522 * colour.green + 0.0721750 * colour.blue
        let z = (0.0193339 * colour.red + 0.1191920 * colour.green + 0.9503041 * colour.blue) / Self.whiteZ
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        self.init(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// From 8-bit sRGB as files and screens store it.
    public init(srgbRed red: UInt8, green: UInt8, blue: UInt8) {
        self.init(linear: LinearRGB(srgbRed: red, green: green, blue: blue))
    }

    /// Back to linear sRGB; channels may fall outside 0–1 for colours no screen can show.
    public var linear: LinearRGB {
        let fy = (lightness + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        return Self.xyzToLinear(x: Self.inverseF(fx) * Self.whiteX, y: Self.inverseF(fy), z: Self.inverseF(fz) * Self.whiteZ)
    }

    /// CIE XYZ (D65, Y = 1 for white) to linear sRGB (IEC 61966-2-1's inverse matrix).
    static func xyzToLinear(x: Double, y: Double, z: Double) -> LinearRGB {
        LinearRGB(red: 3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
                  green: -0.9692660 * x + 1.8760108 * y + 0.0415560 * z,
                  blue: 0.0556434 * x - 0.2040259 * y + 1.0572252 * z)
    }

    /// D65's X and Z with Y = 1.
    static let whiteX = 0.95047
    static let whiteZ = 1.08883
    /// CIE's constants for the cube root's linear toe near black: (6/29)^3 and its slope.
    private static let epsilon = 216.0 / 24389.0
    private static let kappa = 24389.0 / 27.0

    private static func f(_ t: Double) -> Double {
        t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
    }

    private static func inverseF(_ t: Double) -> Double {
        let cube = t * t * t
        return cube > epsilon ? cube : (116 * t - 16) / kappa
    }

    /// Relative luminance Y (0–1) of a lightness L*: how much light a lightness stands for.
    public static func luminance(lightness: Double) -> Double { inverseF((lightness + 16) / 116) }

    /// L* (0–100) of a relative luminance Y (0–1).
    public static func lightness(luminance: Double) -> Double { 116 * f(luminance) - 16 }
}
