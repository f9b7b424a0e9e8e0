// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// The colours of light a glowing body gives at each temperature: candle and tungsten light
/// (about 2000–3000 K) through daylight (about 6500 K) to blue sky (10 000 K and more).
/// Almost every real light source lies near this curve, which is what makes a white-balance
/// estimate believable or not.
public enum PlanckianLocus {
    /// The CIE 1931 chromaticity (x, y) of a black body at `kelvin`, from Kim et al.'s cubic
    /// fit (2002), good from 1667 K to 25 000 K.
    public static func chromaticity(kelvin: Double) -> (x: Double, y: Double) {
        let t = min(max(kelvin, 1667), 25000)
        let t2 = t * t, t3 = t2 * t
        let x = t <= 4000
            ? -0.2661239e9 / t3 - 0.2343589e6 / t2 + 0.8776956e3 / t + 0.179910
            : -3.0258469e9 / t3 + 2.1070379e6 / t2 + 0.2226347e3 / t + 0.240390
        let x2 = x * x, x3 = x2 * x
        let y: Double
        if t <= 2222 {
            y = -1.1063814 * x3 - 1.34811020 * x2 + 2.18555832 * x - 0.20219683
        } else if t <= 4000 {
            y = -0.9549476 * x3 - 1.37418593 * x2 + 2.09137015 * x - 0.16748867
        } else {
            y = 3.0817580 * x3 - 5.87338670 * x2 + 3.75112997 * x - 0.37001483
        }
        return (x, y)
    }

    /// That light in linear sRGB, with the luminance of daylight's white (Y = 1). Channels can
    /// exceed 1: a warm light has more red than the display's white.
    public static func linearRGB(kelvin: Double) -> LinearRGB {
        let (x, y) = chromaticity(kelvin: kelvin)
        return CIELab.xyzToLinear(x: x / y, y: 1, z: (1 - x - y) / y)
    }

    /// A light's colour as two log ratios, red to green and blue to green: in these
    /// coordinates daylight's white is (0, 0) and the locus is a gentle curve.
    static func logChromaticity(_ light: LinearRGB) -> (red: Double, blue: Double) {
        (log(light.red / light.green), log(light.blue / light.green))
    }

    /// Where the locus runs in log chromaticity, from 2000 K to 12 000 K: the range of
    /// lights a person is likely to be in, from candlelight to shade under a blue sky.
    static let logCurve: [(red: Double, blue: Double)] = stride(from: 2000.0, through: 12000, by: 250).map {
        logChromaticity(linearRGB(kelvin: $0))
    }

    /// How far a light's colour is from any light on the curve, in log units (0.1 is a
    /// channel about 10 % off): a large distance means the estimate is the scene's colour,
    /// not the light's.
    static func distance(from light: LinearRGB) -> Double {
        let point = logChromaticity(light)
        var nearest = Double.infinity
        for (start, end) in zip(logCurve, logCurve.dropFirst()) {
            // Distance to the segment: project onto it and clamp to its ends.
            let dr = end.red - start.red, db = end.blue - start.blue
            let length2 = dr * dr + db * db
            let along = length2 > 0 ? min(max(((point.red - start.red) * dr + (point.blue - start.blue) * db) / length2, 0), 1) : 0
            let r = start.red + along * dr - point.red, b = start.blue + along * db - point.blue
            nearest = min(nearest, (r * r + b * b).squareRoot())
        }
        return nearest
    }
}
