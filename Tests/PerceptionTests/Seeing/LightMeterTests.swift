// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Light bands, the side the light comes from, and the tone.
@Suite struct LightMeterTests {
    /// Flat greys whose lightness puts them in each band.
    @Test(arguments: [(UInt32(0x0A0A0A), LightBand.dark, "Dark."), (0x404040, .dim, "Dim light."),
                      (0x808080, .moderate, "Moderate light."), (0xD0D0D0, .bright, "Bright light.")])
    func flatGreysFallInTheirBands(grey: UInt32, band: LightBand, sentence: String) throws {
        let reading = try LightMeter(wording: .english).read(try SyntheticPictures.uniform(grey))
        #expect(reading.band == band)
        #expect(reading.direction == nil)
        #expect(reading.sentence == sentence)
    }

    @Test func brightnessIsTheLightnessOfTheMeanLuminance() throws {
        let reading = try LightMeter(wording: .english).read(try SyntheticPictures.uniform(0x808080))
        #expect(abs(reading.brightness - CIELab(hex: 0x808080).lightness / 100) < 0.005)
    }

    /// Gradients from dark to bright along each axis: the bright side is where the light comes from.
    @Test(arguments: [(40, 230, true, LightDirection.right), (230, 40, true, .left),
                      (230, 40, false, .above), (40, 230, false, .below)])
    func aGradientPointsAtItsBrightSide(start: Int, end: Int, horizontal: Bool, expected: LightDirection) throws {
        let reading = try LightMeter(wording: .english).read(try SyntheticPictures.ramp(from: start, to: end, horizontal: horizontal))
        #expect(reading.direction == expected)
        #expect(reading.sentence.hasSuffix("mostly " + (expected == .left ? "from the left." : expected == .right ? "from the right."
            : expected == .above ? "from above." : "from below.")))
    }

    /// A gentle fall-off, as a lens gives, is not a direction.
    @Test func aGentleGradientHasNoDirection() throws {
        let reading = try LightMeter(wording: .english).read(try SyntheticPictures.ramp(from: 150, to: 175, horizontal: true))
        #expect(reading.direction == nil)
    }

    @Test func aDarkViewHasNoDirection() throws {
        let reading = try LightMeter(wording: .english).read(try SyntheticPictures.ramp(from: 0, to: 40, horizontal: true))
        #expect(reading.band == .dark)
        #expect(reading.sentence == "Dark.")
    }

    /// Each band and side has words of its own in the catalog (a missing one would fall to
    /// the template's other case and be said as another).
    @Test func everyBandAndSideHasItsOwnSentence() {
        let meter = LightMeter(wording: .english)
        let lit = LightBand.allCases.filter { $0 != .dark }
        let sentences = lit.flatMap { band in LightDirection.allCases.map { meter.sentence(band: band, direction: $0) } }
        #expect(Set(sentences).count == lit.count * LightDirection.allCases.count)
        #expect(Set(LightBand.allCases.map { meter.sentence(band: $0, direction: nil) }).count == LightBand.allCases.count)
        #expect(meter.sentence(band: .dark, direction: .left) == "Dark.")
        #expect(meter.sentence(band: .dim, direction: .above) == "Dim light, mostly from above.")
    }

    @Test func theToneRisesWithBrightnessOverThreeOctaves() {
        #expect(LightMeter.tonePitch(for: 0) == LightMeter.lowestPitch)
        #expect(abs(LightMeter.tonePitch(for: 1) - LightMeter.highestPitch) < 1e-9)
        var previous = 0.0
        for step in 0...100 {
            let pitch = LightMeter.tonePitch(for: Double(step) / 100)
            #expect(pitch > previous)
            previous = pitch
        }
        // Log scale: equal steps of brightness are equal ratios of pitch (an octave a third).
        #expect(abs(LightMeter.tonePitch(for: 1.0 / 3) / LightMeter.tonePitch(for: 0) - 2) < 1e-9)
        #expect(LightMeter.tonePitch(for: -1) == LightMeter.lowestPitch)
        #expect(LightMeter.tonePitch(for: 2) == LightMeter.tonePitch(for: 1))
    }

    @Test func bandsAreOrderedFromDarkToBright() {
        #expect(LightBand.allCases.sorted() == [.dark, .dim, .moderate, .bright])
        #expect(LightMeter.band(for: LightMeter.darkBelow) == .dim)
        #expect(LightMeter.band(for: LightMeter.brightFrom) == .bright)
    }
}
