// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// A colour name a person would use ("dark blue"), and the plain hue it belongs to ("blue"),
/// which groups "blue", "light blue" and "dark blue" when a mixed view is summarised. `name`
/// and `family` are the English names the records write; `words` says the name in a language.
public struct ColourName: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let family: String
    public let words: MessageID

    public init(_ name: String, _ words: MessageID, family: String? = nil) {
        self.name = name
        self.words = words
        self.family = family ?? name
    }

    public var description: String { name }
}

/// Thirty-one everyday colour names, decided in CIELAB.
///
/// Neutrals first, by chroma: below `neutralChroma` the colour is black, a grey or white by
/// its lightness alone. Any other colour takes the name of the nearest typical colour in
/// CIELAB (ΔE*ab). Nearest-typical rather than hue sectors with a light/dark cut-off because
/// everyday names do not divide lightness evenly: a dark orange is "brown", a light red is
/// "pink", and dark yellow is a mustard, not a darker yellow. So "light" and "dark" are
/// placed where the lightness of typical colours puts them, each with a reference of its own.
///
/// The typical colours are hand-placed sRGB values, the CSS/X11 colour of the same name
/// where one exists and matches everyday use. They are checked against an independent set —
/// the XKCD colour survey's averages for the same names — by the tests.
public enum ColourNames {
    /// Below this chroma (C*ab) a colour reads as a neutral: about three times the smallest
    /// difference people notice, which camera noise and an imperfect white balance leave.
    public static let neutralChroma = 8.0
    /// Lightness (L*) bounds of the neutrals: below the first black, then dark grey, grey,
    /// light grey; from the last, white. They split the grey axis where the survey's
    /// "dark grey" (L* 23), "grey" (61) and "light grey" (87) sit roughly midway.
    static let blackBelow = 15.0
    static let darkGreyBelow = 42.0
    static let greyBelow = 72.0
    static let lightGreyBelow = 93.0

    static let black = ColourName("black", .colourBlack), white = ColourName("white", .colourWhite)
    static let darkGrey = ColourName("dark grey", .colourDarkGrey, family: "grey"), grey = ColourName("grey", .colourGrey)
    static let lightGrey = ColourName("light grey", .colourLightGrey, family: "grey")

    /// Each chromatic name with its typical colours as 8-bit sRGB (0xRRGGBB).
    static let typical: [(name: ColourName, colours: [UInt32])] = [
        (ColourName("red", .colourRed), [0xD01010, 0xE83030]),
        (ColourName("dark red", .colourDarkRed, family: "red"), [0x8B0000, 0x6A0A1A]),
        (ColourName("pink", .colourPink), [0xFF80B0, 0xF08098]),
        (ColourName("light pink", .colourLightPink, family: "pink"), [0xFFC0CB, 0xFFD0E0]),
        (ColourName("dark pink", .colourDarkPink, family: "pink"), [0xC8386E, 0xE0107E]),
        (ColourName("orange", .colourOrange), [0xFF8000, 0xF06010]),
        (ColourName("light orange", .colourLightOrange, family: "orange"), [0xFFB060]),
        (ColourName("brown", .colourBrown), [0x8B4513, 0x7A4A20]),
        (ColourName("dark brown", .colourDarkBrown, family: "brown"), [0x4A2A10, 0x3A1A05]),
        (ColourName("light brown", .colourLightBrown, family: "brown"), [0xB08050, 0xC89A60]),
        (ColourName("beige", .colourBeige), [0xE8DCB0, 0xF5F0DC]),
        (ColourName("yellow", .colourYellow), [0xFFEE00, 0xFFFF30]),
        (ColourName("light yellow", .colourLightYellow, family: "yellow"), [0xFFFF99, 0xFFFACD]),
        (ColourName("dark yellow", .colourDarkYellow, family: "yellow"), [0xC8A800, 0xB89600]),
        (ColourName("olive", .colourOlive), [0x808000, 0x606A10]),
        (ColourName("green", .colourGreen), [0x20A020, 0x008000]),
        (ColourName("light green", .colourLightGreen, family: "green"), [0x90EE90, 0x80F080]),
        (ColourName("dark green", .colourDarkGreen, family: "green"), [0x006400, 0x0A4010]),
        (ColourName("teal", .colourTeal), [0x008080, 0x10807A]),
        (ColourName("turquoise", .colourTurquoise), [0x40E0D0, 0x20C8B0]),
        (ColourName("blue", .colourBlue), [0x1E50E0, 0x0000FF, 0x3070C0]),
        (ColourName("light blue", .colourLightBlue, family: "blue"), [0x8EC8F8, 0xADD8E6]),
        (ColourName("dark blue", .colourDarkBlue, family: "blue"), [0x00008B, 0x0A1850]),
        (ColourName("purple", .colourPurple), [0x800080, 0x8A2BE2, 0x7A20A0]),
        (ColourName("light purple", .colourLightPurple, family: "purple"), [0xC8A0F0, 0xD8B0E8]),
        (ColourName("dark purple", .colourDarkPurple, family: "purple"), [0x3A0A48, 0x4B0082]),
    ]

    /// Every name this can say, neutrals first.
    public static let all: [ColourName] = [black, darkGrey, grey, lightGrey, white] + typical.map(\.name)

    /// The typical colours in CIELAB, computed once.
    static let references: [(name: ColourName, colour: CIELab)] = typical.flatMap { entry in
        entry.colours.map { (entry.name, CIELab(hex: $0)) }
    }

    /// The everyday name of a colour.
    public static func name(for colour: CIELab) -> ColourName {
        if colour.chroma < neutralChroma { return neutral(lightness: colour.lightness) }
        var best = references[0]
        var bestDifference = Double.infinity
        for reference in references {
            let difference = reference.colour.difference(to: colour)
            if difference < bestDifference { (best, bestDifference) = (reference, difference) }
        }
        return best.name
    }

    static func neutral(lightness: Double) -> ColourName {
        switch lightness {
        case ..<blackBelow: black
        case ..<darkGreyBelow: darkGrey
        case ..<greyBelow: grey
        case ..<lightGreyBelow: lightGrey
        default: white
        }
    }
}

extension CIELab {
    /// From 8-bit sRGB written as 0xRRGGBB.
    public init(hex: UInt32) {
        self.init(srgbRed: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }
}
