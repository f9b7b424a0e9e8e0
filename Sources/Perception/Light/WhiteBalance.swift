import Foundation

/// The colour of the light, estimated from the picture, and the per-channel gains that undo
/// it (von Kries: each linear channel scaled on its own), so a white shirt under a warm lamp
/// is named white rather than orange.
///
/// The estimate is "shades of grey" (Finlayson and Trezzi, 2004): a Minkowski mean of each
/// linear channel over the usable pixels, on the assumption that a varied scene averages to
/// grey. It is taken from outside the centre, so the thing being named does not tint its own
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
    /// The largest gain applied: past it (a light redder than about 2000 K) the weakest
    /// channel holds too little signal to restore, and the correction would paint noise.
    static let maximumGain = 8.0

    public init(gains: LinearRGB, isApplied: Bool, estimatedLight: LinearRGB?) {
        self.gains = gains
        self.isApplied = isApplied
        self.estimatedLight = estimatedLight
    }

    /// The light estimated from `sample` outside `excluded` (the centre being named).
    public static func estimate(from sample: ImageSample, excluding excluded: ImageSample.Region) -> WhiteBalance {
        var sums = (red: 0.0, green: 0.0, blue: 0.0)
        var usable = 0, considered = 0
        for y in 0..<sample.height {
            for x in 0..<sample.width where !excluded.contains(x: x, y: y) {
                considered += 1
                let (red, green, blue) = sample.rgb(x: x, y: y)
                let brightest = max(red, green, blue)
                guard brightest < clippedLevel, brightest >= noiseLevel else { continue }
                let pixel = LinearRGB(srgbRed: red, green: green, blue: blue)
                sums.red += pow(pixel.red, minkowskiPower)
                sums.green += pow(pixel.green, minkowskiPower)
                sums.blue += pow(pixel.blue, minkowskiPower)
                usable += 1
            }
        }
        guard usable > 0 else { return .none }
        let count = Double(usable)
        let mean = LinearRGB(red: pow(sums.red / count, 1 / minkowskiPower), green: pow(sums.green / count, 1 / minkowskiPower),
                             blue: pow(sums.blue / count, 1 / minkowskiPower))
        return correcting(mean, usableShare: Double(usable) / Double(max(considered, 1)))
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
