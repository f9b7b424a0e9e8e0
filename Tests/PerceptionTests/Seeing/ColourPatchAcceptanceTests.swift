// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages

/// Issue 17's acceptance check: colour names agree with a labelled set of colour patches on at
/// least 90 %, under daylight and under simulated warm and cool light.
///
/// The labels come from outside this code: each patch is the XKCD colour survey's average
/// sRGB for a colour name (222 500 people naming 3.4 million colours, Randall Munroe 2010,
/// public domain), listed under the name of ours it plainly means — the survey's own name
/// where it is one of ours ("dark blue"), or a common synonym ("navy" is a dark blue,
/// "lavender" a light purple). Each is drawn as the centre of a picture whose surround is a
/// varying mix of neutral and coloured blocks (what a room gives white balance to estimate
/// from), and then lit: each linear channel scaled by a black body's light relative to daylight.
@Suite struct ColourPatchAcceptanceTests {
    /// Survey colours (0xRRGGBB), under the name of ours they mean; the survey's name in the comment.
    static let patches: [(label: String, colours: [UInt32])] = [
        ("black", [0x000000, 0x070D0D]),  // black, almost black
        ("dark grey", [0x363737, 0x343837, 0x3C4142]),  // dark grey, charcoal, charcoal grey
        ("grey", [0x929591, 0x7D7F7C]),  // grey, medium grey
        ("light grey", [0xD8DCD6, 0xC5C9C7]),  // light grey, silver
        ("white", [0xFFFFFF]),  // white
        ("red", [0xE50000, 0xFF000D, 0xFE0002, 0xBE0119, 0xF7022A]),  // red, bright red, fire engine red, scarlet, cherry red
        ("dark red", [0x840000, 0x980002, 0x9A0200, 0x650021, 0x610023, 0x8C000F]),  // dark red, blood red, deep red, maroon, burgundy, crimson
        ("pink", [0xFF81C0, 0xFE83CC, 0xF7879A, 0xFC86AA, 0xFF7FA7]),  // pink, bubblegum pink, rose pink, pinky, carnation pink
        ("light pink", [0xFFD1DF, 0xFFCFDC, 0xFFB7CE, 0xFFBACD, 0xFDB0C0]),  // light, pale, baby, pastel, soft pink
        ("dark pink", [0xCB416B, 0xCB0162, 0xD90166, 0xB5485D]),  // dark pink, deep pink, dark hot pink, dark rose
        ("orange", [0xF97306, 0xFF5B00, 0xFF9408, 0xE17701]),  // orange, bright orange, tangerine, pumpkin
        ("light orange", [0xFDAA48, 0xFFA756, 0xFF964F]),  // light, pale, pastel orange
        ("brown", [0x653700, 0x7F5112, 0x7F4E1E, 0x964E02]),  // brown, medium brown, milk chocolate, warm brown
        ("dark brown", [0x341C02, 0x3D1C02, 0x411900, 0x410200]),  // dark brown, chocolate, chocolate brown, deep brown
        ("light brown", [0xAD8150, 0xB1916E, 0xAB7E4C]),  // light brown, pale brown, tan brown
        ("beige", [0xE6DAA6, 0xE2CA76]),  // beige, sand
        ("yellow", [0xFFFF14, 0xFFFD01, 0xFFFD37, 0xFDFF38, 0xFFFE40]),  // yellow, bright, sunshine, lemon, canary yellow
        ("light yellow", [0xFFFE7A, 0xFFFF84, 0xFFFE71, 0xFFFF81]),  // light, pale, pastel yellow, butter
        ("dark yellow", [0xD5B60A, 0xCEB301, 0xD2BD0A]),  // dark yellow, mustard, mustard yellow
        ("olive", [0x6E750E, 0x677A04, 0x6F7632]),  // olive, olive green, olive drab
        ("green", [0x15B01A, 0x089404, 0x3F9B0B, 0x02AB2E, 0x028F1E, 0x39AD48]),  // green, true, grass, kelly, emerald, medium green
        ("light green", [0x96F97B, 0xB0FF9D, 0x8FFF9F, 0x61E160]),  // light green, pastel green, mint green, lightish green
        ("dark green", [0x033500, 0x06470C, 0x0B4008, 0x044A05, 0x02590F]),  // dark, forest, hunter, bottle, deep green
        ("teal", [0x029386, 0x01889F, 0x137E6D, 0x0A888A]),  // teal, teal blue, blue green, dark cyan
        ("turquoise", [0x06C2AC, 0x13EAC9, 0x04D8B2, 0x7EF4CC]),  // turquoise, aqua, aquamarine, light turquoise
        ("blue", [0x0343DF, 0x0165FC, 0x2C6FBB, 0x010FCC, 0x0804F9]),  // blue, bright, medium, true, primary blue
        ("light blue", [0x95D0FC, 0x75BBFD, 0xA2CFFE, 0xB1D1FC, 0xA2BFFE]),  // light, sky, baby, powder, pastel blue
        ("dark blue", [0x00035B, 0x01153E, 0x001146, 0x020035, 0x040273]),  // dark blue, navy, navy blue, midnight blue, deep blue
        ("purple", [0x7E1E9C, 0x9A0EEA, 0xBE03FD, 0x9E43A2]),  // purple, violet, bright purple, medium purple
        ("light purple", [0xBF77F6, 0xCEA2FD, 0xC79FEF, 0xCAA0FF, 0xD6B4FC]),  // light purple, lilac, lavender, pastel purple, light violet
        ("dark purple", [0x35063E, 0x36013F, 0x380835, 0x34013F, 0x3D0734]),  // dark, deep purple, eggplant, dark violet, aubergine
    ]

    /// What the blocks around the patch are drawn from: near-neutrals from near-white to
    /// near-black, slightly tinted as painted walls and paper are, and the muted colours of
    /// everyday things (brick, leaf, denim, straw, wood, slate, plum, skin).
    static let surroundPalette: [UInt32] = [
        0xF2EFE6, 0xE0E2E4, 0xC8C6C0, 0x9A9C9A, 0x80807A, 0x5A5C60, 0x40403C, 0x28282A,
        0xB04838, 0x3C8C48, 0x3C5AA0, 0xD2B440, 0xA0785A, 0x6E8CA0, 0x8C5A8C, 0xC89678,
    ]

    /// The lights: daylight, a warm tungsten lamp (3000 K) and cool shade (7500 K).
    static let lights: [(name: String, kelvin: Double?)] = [("daylight", nil), ("warm 3000 K", 3000), ("cool 7500 K", 7500)]

    /// The picture for patch number `index`: the patch over the middle half of the view, on
    /// a 4 x 3 grid of surround blocks that changes from patch to patch, with a camera's noise.
    static func scene(_ patch: UInt32, index: Int, light: LinearRGB) throws -> Image {
        let width = 200, height = 150
        return try SyntheticPictures.image(width: width, height: height, light: light, noise: 4, seed: UInt64(index + 1)) { x, y in
            if x >= width / 4, x < width * 3 / 4, y >= height / 4, y < height * 3 / 4 { return patch }
            let block = (y * 3 / height) * 4 + x * 4 / width
            return surroundPalette[(block + index * 5) % surroundPalette.count]
        }
    }

    struct Score {
        var agreed = 0
        var total = 0
        var misses: [String] = []
        var share: Double { Double(agreed) / Double(max(total, 1)) }
    }

    /// How many patches are named as labelled under `light`, with white balance and without
    /// (the same pictures read twice).
    static func score(light: LinearRGB) throws -> (corrected: Score, uncorrected: Score) {
        var corrected = Score(), uncorrected = Score()
        var index = 0
        for (label, colours) in patches {
            for colour in colours {
                let picture = try scene(colour, index: index, light: light)
                index += 1
                for (reader, isCorrected) in [(ColourReader(wording: .english), true), (ColourReader(wording: .english, correctsWhiteBalance: false), false)] {
                    let name = try reader.read(picture).name?.name
                    let agrees = name == label
                    let miss = "\(label) #\(String(colour, radix: 16)) → \(name ?? "none")"
                    if isCorrected {
                        corrected.total += 1
                        if agrees { corrected.agreed += 1 } else { corrected.misses.append(miss) }
                    } else {
                        uncorrected.total += 1
                        if agrees { uncorrected.agreed += 1 } else { uncorrected.misses.append(miss) }
                    }
                }
            }
        }
        return (corrected, uncorrected)
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }

    @Test func namesAgreeWithTheLabelledPatchesUnderEveryLight() throws {
        var overall = Score(), overallUncorrected = Score()
        var uncorrectedWarm = 0.0, correctedWarm = 0.0
        for (name, kelvin) in Self.lights {
            let light = kelvin.map(SyntheticPictures.light(kelvin:)) ?? LinearRGB(red: 1, green: 1, blue: 1)
            let (corrected, uncorrected) = try Self.score(light: light)
            print("Colour patches under \(name): \(Self.percent(corrected.share)) agree with white balance, "
                  + "\(Self.percent(uncorrected.share)) without (\(corrected.total) patches); missed: \(corrected.misses)")
            #expect(corrected.share >= 0.9, "\(name): \(corrected.misses)")
            overall.agreed += corrected.agreed
            overall.total += corrected.total
            overallUncorrected.agreed += uncorrected.agreed
            overallUncorrected.total += uncorrected.total
            if kelvin == 3000 { (correctedWarm, uncorrectedWarm) = (corrected.share, uncorrected.share) }
        }
        print("Colour patches overall: \(Self.percent(overall.share)) agree with white balance, "
              + "\(Self.percent(overallUncorrected.share)) without (\(overall.total) patch readings)")
        #expect(overall.share >= 0.9)
        // Under a warm lamp, uncorrected names drift to orange, brown and olive; the correction must win most of them back.
        #expect(correctedWarm >= uncorrectedWarm + 0.3, "warm light: \(correctedWarm) corrected, \(uncorrectedWarm) not")
    }

    /// The simulated lights rest on the black-body formula: it must give CIE's published
    /// chromaticities (3000 K: 0.4369, 0.4041; 6500 K: 0.3135, 0.3237).
    @Test(arguments: [(3000.0, 0.4369, 0.4041), (6500.0, 0.3135, 0.3237)])
    func blackBodyChromaticityMatchesPublishedValues(kelvin: Double, x: Double, y: Double) {
        let point = PlanckianLocus.chromaticity(kelvin: kelvin)
        #expect(abs(point.x - x) < 0.001 && abs(point.y - y) < 0.001, "\(point)")
    }
}
