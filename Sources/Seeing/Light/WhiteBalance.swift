// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// The colour of the light, estimated from the picture, and the per-channel gains that undo
/// it (von Kries: each linear channel scaled on its own), so a white shirt under a warm lamp
/// is named white rather than orange.
///
/// The estimate is the mean of the pixels that look grey ("grey points": neutral surfaces
/// show the light's colour, coloured ones their own), sought near a "shades of grey" guess
/// (Finlayson and Trezzi, 2004: a Minkowski mean of each linear channel, on the assumption
/// that a varied scene averages to grey) and near every real light's colour; with too few
/// grey points, the shades-of-grey guess itself. Clipped and near-black pixels are left
/// out: their colour is the sensor's. It is taken from outside the centre, so the thing being named does not tint its own
/// correction, and it is refused — no correction at all — when the frame cannot support it:
/// too few usable pixels, or an estimate no real light could give (a green wall, a red sofa).
public struct WhiteBalance: Sendable, Equatable {
    /// Gains for red, green and blue; 1 each when no correction is applied.
    public var gains: LinearRGB
    /// Whether the frame gave an estimate worth trusting; when false, `gains` are all 1.
    public var isApplied: Bool
    /// The estimated light, in linear sRGB (its brightest channel 1); nil when no pixel was usable.
    public var estimatedLight: LinearRGB?

    public static let none = WhiteBalance(gains: LinearRGB(red: 1, green: 1, blue: 1), isApplied: false, estimatedLight: nil)

    /// The Minkowski power: 1 is grey-world (thrown by large areas of one colour), infinity
    /// is max-RGB (thrown by one bright highlight); 6 did best across Finlayson and Trezzi's sets.
    static let minkowskiPower = 6.0
    /// An 8-bit channel at or above this is clipped: its value is the sensor's limit, not the light's colour.
    static let clippedLevel: UInt8 = 250
    /// A pixel whose brightest channel is below this is mostly sensor noise.
    static let noiseLevel: UInt8 = 12
    /// At least this share of the pixels outside the centre must be usable for an estimate.
    static let minimumUsableShare = 0.25
    /// The estimate may be at most this far (log units) from any real light's colour: about a
    /// 25 % green or magenta tint, more than lamps and daylight show, less than a coloured wall.
    static let maximumLocusDistance = 0.25
    /// Passes of grey-point refinement: each averages the pixels that look grey under the
    /// current estimate; two settle it.
    static let greyRefinements = 2
    /// A pixel "looks grey" under a light when its red-to-green and blue-to-green ratios are
    /// within this (log units, about 15 %) of the light's: tighter takes in sensor noise as
    /// colour, looser takes in beige and pale blue surfaces as grey.
    static let greyTint = 0.15
    /// Refinement needs at least this share of the usable pixels to look grey; with fewer the
    /// scene has no neutrals to go by, and the first estimate stands.
    static let minimumGreyShare = 0.1
    /// The largest gain applied: 16 undoes a light down to about 2500 K, past a household
    /// bulb's 2700 K; beyond it (candlelight) the weakest channel holds too little signal in 8
    /// bits to restore, and the correction would paint noise.
    static let maximumGain = 16.0

    public init(gains: LinearRGB, isApplied: Bool, estimatedLight: LinearRGB?) {
        self.gains = gains
        self.isApplied = isApplied
        self.estimatedLight = estimatedLight
    }

    /// The light estimated from `sample` outside `excluded` (the centre being named).
    public static func estimate(from sample: ImageSample, excluding excluded: ImageSample.Region) -> WhiteBalance {
        var pixels: [LinearRGB] = []
        pixels.reserveCapacity(sample.width * sample.height)
        var considered = 0
        // Every other pixel each way: the light does not change from one pixel to the next.
        for y in stride(from: 0, to: sample.height, by: 2) {
            for x in stride(from: 0, to: sample.width, by: 2) where !excluded.contains(x: x, y: y) {
                considered += 1
                let (red, green, blue) = sample.rgb(x: x, y: y)
                let brightest = max(red, green, blue)
                guard brightest < clippedLevel, brightest >= noiseLevel, min(red, green, blue) > 0 else { continue }
                pixels.append(LinearRGB(srgbRed: red, green: green, blue: blue))
            }
        }
        guard !pixels.isEmpty else { return .none }
        let usableShare = Double(pixels.count) / Double(max(considered, 1))
        let light = greyPointEstimate(pixels) ?? shadesOfGrey(pixels)
        return correcting(light, usableShare: usableShare)
    }

    /// The Minkowski mean of each channel: the first guess, and the answer when the scene
    /// has no grey surfaces to go by.
    static func shadesOfGrey(_ pixels: [LinearRGB]) -> LinearRGB {
        var sums = LinearRGB(red: 0, green: 0, blue: 0)
        for pixel in pixels {
            sums.red += pow(pixel.red, minkowskiPower)
            sums.green += pow(pixel.green, minkowskiPower)
            sums.blue += pow(pixel.blue, minkowskiPower)
        }
        let count = Double(pixels.count)
        return LinearRGB(red: pow(sums.red / count, 1 / minkowskiPower), green: pow(sums.green / count, 1 / minkowskiPower),
                         blue: pow(sums.blue / count, 1 / minkowskiPower))
    }

    /// The light as the mean of the pixels that look grey under it, or nil when too few do.
    /// Neutral surfaces (walls, paper, a grey jumper) all take the light's colour while
    /// coloured ones keep their own, so the light is sought where the most pixels agree: among
    /// the shades-of-grey guess and the lights on the Planckian locus; the winner's grey
    /// pixels are then averaged, and averaged again around that, to settle it.
    static func greyPointEstimate(_ pixels: [LinearRGB]) -> LinearRGB? {
        let tints = pixels.map(PlanckianLocus.logChromaticity)
        func isGrey(_ index: Int, near centre: (red: Double, blue: Double)) -> Bool {
            let dr = tints[index].red - centre.red, db = tints[index].blue - centre.blue
            return dr * dr + db * db <= greyTint * greyTint
        }
        func greys(near centre: (red: Double, blue: Double)) -> [Int] { tints.indices.filter { isGrey($0, near: centre) } }
        // Counted first, gathered once: this runs for every frame of the live colour mode.
        var centre = PlanckianLocus.logChromaticity(shadesOfGrey(pixels))
        var most = tints.indices.count { isGrey($0, near: centre) }
        for light in PlanckianLocus.logCurve {
            let count = tints.indices.count { isGrey($0, near: light) }
            if count > most { (centre, most) = (light, count) }
        }
        var best = greys(near: centre)
        for _ in 0..<greyRefinements {
            guard Double(best.count) >= minimumGreyShare * Double(pixels.count) else { return nil }
            let mean = Self.mean(best.map { pixels[$0] })
            best = greys(near: PlanckianLocus.logChromaticity(mean))
        }
        guard Double(best.count) >= minimumGreyShare * Double(pixels.count) else { return nil }
        return mean(best.map { pixels[$0] })
    }

    static func mean(_ pixels: [LinearRGB]) -> LinearRGB {
        var sum = LinearRGB(red: 0, green: 0, blue: 0)
        for pixel in pixels {
            sum.red += pixel.red
            sum.green += pixel.green
            sum.blue += pixel.blue
        }
        let count = Double(max(pixels.count, 1))
        return LinearRGB(red: sum.red / count, green: sum.green / count, blue: sum.blue / count)
    }

    /// The correction for an estimated light, or none when the estimate is not believable.
    static func correcting(_ light: LinearRGB, usableShare: Double) -> WhiteBalance {
        let strongest = max(light.red, light.green, light.blue)
        guard strongest > 0, min(light.red, light.green, light.blue) > 0 else { return .none }
        let normalised = LinearRGB(red: light.red / strongest, green: light.green / strongest, blue: light.blue / strongest)
        // Each channel is raised to the strongest one's level, so the correction restores
        // what the coloured light took away rather than dimming the picture further.
        let gains = LinearRGB(red: 1 / normalised.red, green: 1 / normalised.green, blue: 1 / normalised.blue)
        let trusted = usableShare >= minimumUsableShare
            && PlanckianLocus.distance(from: normalised) <= maximumLocusDistance
            && max(gains.red, gains.green, gains.blue) <= maximumGain
        return trusted ? WhiteBalance(gains: gains, isApplied: true, estimatedLight: normalised)
            : WhiteBalance(gains: WhiteBalance.none.gains, isApplied: false, estimatedLight: normalised)
    }

    /// A pixel as it would look under daylight.
    public func corrected(_ pixel: LinearRGB) -> LinearRGB {
        guard isApplied else { return pixel }
        return LinearRGB(red: min(pixel.red * gains.red, 1), green: min(pixel.green * gains.green, 1),
                         blue: min(pixel.blue * gains.blue, 1))
    }
}
