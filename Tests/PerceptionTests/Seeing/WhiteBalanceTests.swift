// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// The light's colour estimated from the frame around the centre, and refused when the frame
/// cannot support an estimate.
@Suite struct WhiteBalanceTests {
    /// Grey and white walls with a few coloured things: what a room usually offers.
    static func room(light: LinearRGB, centre: UInt32 = 0x808080) throws -> ImageSample {
        let palette: [UInt32] = [0xE8E8E8, 0x707070, 0xB04838, 0x3C5AA0, 0xC0C0C0, 0x3C8C48, 0x404040, 0xD2B440]
        let image = try SyntheticPictures.image(width: 160, height: 120, light: light, noise: 3, seed: 7) { x, y in
            if (53..<107).contains(x), (40..<80).contains(y) { return centre }
            return palette[(y / 30) * 2 % 8 + (x / 80)]
        }
        return try image.sample(maxWidth: 160, maxHeight: 120)
    }

    static func estimate(_ sample: ImageSample) -> WhiteBalance {
        WhiteBalance.estimate(from: sample, excluding: sample.centre(share: ColourReader.centreShare))
    }

    @Test(arguments: [2700.0, 3000, 4000, 5000, 7500, 9000])
    func aLampOnTheLocusIsEstimatedAndUndone(kelvin: Double) throws {
        let light = SyntheticPictures.light(kelvin: kelvin)
        let balance = Self.estimate(try Self.room(light: light))
        #expect(balance.isApplied)
        // Corrected, the light itself comes out grey: each channel within 5 % of the others.
        let white = balance.corrected(light)
        let channels = [white.red, white.green, white.blue]
        #expect(channels.max()! / channels.min()! < 1.05, "\(kelvin) K: \(balance.gains)")
    }

    @Test func daylightNeedsAlmostNoCorrection() throws {
        let balance = Self.estimate(try Self.room(light: LinearRGB(red: 1, green: 1, blue: 1)))
        for gain in [balance.gains.red, balance.gains.green, balance.gains.blue] {
            #expect(abs(gain - 1) < 0.05, "\(balance.gains)")
        }
    }

    /// A frame all one strong colour gives an "estimate" no lamp could: it is not used.
    @Test(arguments: [UInt32(0x30A040), 0xC020A0])
    func aColouredWallIsNotTakenForTheLight(wall: UInt32) throws {
        let sample = try SyntheticPictures.image(width: 160, height: 120) { _, _ in wall }.sample(maxWidth: 160, maxHeight: 120)
        let balance = Self.estimate(sample)
        #expect(!balance.isApplied)
        #expect(balance.gains == WhiteBalance.none.gains)
    }

    /// Clipped highlights carry the sensor's limit, not the light: a frame of them gives no estimate.
    @Test func aBlownOutFrameGivesNoEstimate() throws {
        let sample = try SyntheticPictures.uniform(0xFFFFFF, width: 160, height: 120).sample(maxWidth: 160, maxHeight: 120)
        #expect(!Self.estimate(sample).isApplied)
    }

    /// The centre does not tint its own correction: a large red centre leaves the estimate as it was.
    @Test func theCentreIsLeftOutOfTheEstimate() throws {
        let light = SyntheticPictures.light(kelvin: 3000)
        let grey = Self.estimate(try Self.room(light: light))
        let red = Self.estimate(try Self.room(light: light, centre: 0xE00000))
        #expect(abs(grey.gains.blue - red.gains.blue) < 0.05 * grey.gains.blue)
    }

    /// Under a warm lamp a white cup reads white only with the correction.
    @Test func correctionTurnsAWarmWhiteBackToWhite() throws {
        let picture = try SyntheticPictures.image(width: 160, height: 120, light: SyntheticPictures.light(kelvin: 3000)) { x, y in
            if (53..<107).contains(x), (40..<80).contains(y) { return 0xF0F0F0 }
            return [0xE8E8E8, 0x707070, 0xB04838, 0x3C5AA0, 0xC0C0C0, 0x3C8C48][(x / 40 + y / 40) % 6]
        }
        #expect(try ColourReader(wording: .english).read(picture).name?.name == "white")
        #expect(try ColourReader(wording: .english, correctsWhiteBalance: false).read(picture).name?.family != "white")
    }
}
