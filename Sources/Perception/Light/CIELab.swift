// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

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
