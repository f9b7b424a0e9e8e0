// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Rendering

/// CIELAB conversions against published values, and the namer's rules.
@Suite struct ColourNamesTests {
    /// sRGB colours with their CIELAB (D65) values as colour-science references give them.
    @Test(arguments: [
        (UInt32(0xFFFFFF), 100.0, 0.0, 0.0),
        (0xFF0000, 53.24, 80.09, 67.20),
        (0x00FF00, 87.73, -86.18, 83.18),
        (0x0000FF, 32.30, 79.19, -107.86),
        (0x808080, 53.59, 0.0, 0.0),
    ])
    func labMatchesPublishedValues(hex: UInt32, lightness: Double, a: Double, b: Double) {
        let lab = CIELab(hex: hex)
        #expect(abs(lab.lightness - lightness) < 0.05, "\(lab)")
        #expect(abs(lab.a - a) < 0.1, "\(lab)")
        #expect(abs(lab.b - b) < 0.1, "\(lab)")
    }

    @Test func labRoundTripsThroughLinearRGB() {
        for hex: UInt32 in [0x123456, 0xC0FFEE, 0x7F3F00, 0xFAFAFA] {
            let lab = CIELab(hex: hex)
            let back = CIELab(linear: lab.linear)
            #expect(lab.difference(to: back) < 0.01, "\(String(hex, radix: 16))")
        }
    }

    @Test func transferCurveRoundTrips() {
        for level in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(LinearRGB.encode(LinearRGB.decode(level)) - level) < 1e-9)
        }
    }

    /// Below the neutral chroma only lightness counts; the grey axis is split into five names.
    @Test(arguments: [(5.0, "black"), (30.0, "dark grey"), (55.0, "grey"), (85.0, "light grey"), (97.0, "white")])
    func neutralsAreNamedByLightness(lightness: Double, expected: String) {
        let slightlyTinted = CIELab(lightness: lightness, a: 3, b: -3)
        #expect(ColourNames.name(for: slightlyTinted).name == expected)
    }

    @Test func aColourJustAboveTheNeutralChromaIsNotGrey() {
        let tinted = CIELab(lightness: 55, a: 0, b: -(ColourNames.neutralChroma + 12))
        #expect(ColourNames.name(for: tinted).family == "blue")
    }

    @Test func aboutThirtyDistinctNamesEachInAFamilyOfItsOwnWord() {
        let names = ColourNames.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect((28...34).contains(names.count))
        for name in ColourNames.all {
            #expect(name.name.hasSuffix(name.family), "\(name.name) in \(name.family)")
        }
    }

    /// Each name is said by a message of its own, whose English words are the name the records write.
    @Test func everyNameHasItsOwnWords() {
        #expect(Set(ColourNames.all.map(\.words)).count == ColourNames.all.count)
        for name in ColourNames.all {
            #expect(Wording.english(name.words) == name.name)
        }
    }

    /// Every typical colour is named by its own name: no reference is shadowed by another's.
    @Test func everyTypicalColourIsNamedAsItself() {
        for (name, colour) in ColourNames.references {
            #expect(ColourNames.name(for: colour) == name, "\(name) at \(colour)")
        }
    }

    @Test func hueAndChromaFollowTheAxes() {
        let yellowish = CIELab(lightness: 80, a: 0, b: 50)
        #expect(abs(yellowish.hue - 90) < 1e-9)
        #expect(abs(yellowish.chroma - 50) < 1e-9)
        #expect(abs(CIELab(lightness: 50, a: 0, b: -30).hue - 270) < 1e-9)
    }
}
