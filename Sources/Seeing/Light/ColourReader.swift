// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames

/// What colour is at the centre of the view, in everyday words, and how sure that is.
public struct ColourReading: Sendable, Equatable {
    /// The name of the centre's main colour; nil when the centre is too dark to tell.
    public var name: ColourName?
    /// That colour: the median, in CIELAB, of the centre's pixels of its family (after white balance).
    public var colour: CIELab
    /// The share of the centre's pixels in that colour's family, 0–1: the confidence.
    public var share: Double
    /// A second colour covering enough of the centre to mention, with its share.
    public var second: ColourName?
    public var secondShare: Double
    public var whiteBalance: WhiteBalance
    /// One sentence: "Dark blue.", "Mostly dark blue, with white.", "Too dark to tell the colour."
    public var sentence: String

    /// How sure the name is, 0–1.
    public var confidence: Double { name == nil ? 0 : share }
}

/// Reads the colour of what is at the centre of the view: the edges are ignored (they are
/// the background, or half out of frame), the light's colour is corrected from the frame
/// around the centre, and each centre pixel is named; the family most pixels share wins, so a
/// small logo or a highlight does not change the answer.
public struct ColourReader: Sendable {
    /// The thumbnail read: plenty for a colour, and a few thousand pixels a frame.
    public static let sampleWidth = 160
    public static let sampleHeight = 120
    /// The centre is this share of the view's width and of its height: about where a person
    /// aims, and clear of the background at the edges.
    public static let centreShare = 1.0 / 3.0
    /// A main colour covering less than this share of the centre is hedged as mixed.
    public static let clearShare = 0.5
    /// A second colour covering at least this share of the centre is mentioned ("with white").
    public static let secondShare = 0.25
    /// When the view's median lightness (L*) is below this, it is too dark for any colour in
    /// it to mean anything: the camera's noise is then as large as the colours.
    public static let tooDarkLightness = 8.0

    /// Whether the light's colour is corrected; off only to measure what the correction is worth.
    public var correctsWhiteBalance: Bool
    /// The words of the sentence.
    public let wording: Wording

    public init(wording: Wording, correctsWhiteBalance: Bool = true) {
        self.wording = wording
        self.correctsWhiteBalance = correctsWhiteBalance
    }

    public func read(_ image: Image) throws -> ColourReading {
        read(try image.sample(maxWidth: Self.sampleWidth, maxHeight: Self.sampleHeight))
    }

    public func read(_ sample: ImageSample) -> ColourReading {
        let centre = sample.centre(share: Self.centreShare)
        let balance = correctsWhiteBalance ? WhiteBalance.estimate(from: sample, excluding: centre) : .none
        var pixels: [(name: ColourName, colour: CIELab)] = []
        pixels.reserveCapacity(centre.columns.count * centre.rows.count)
        for y in centre.rows {
            for x in centre.columns {
                let colour = CIELab(linear: balance.corrected(sample.linear(x: x, y: y)))
                pixels.append((ColourNames.name(for: colour), colour))
            }
        }
        // A black thing in a lit room is black; a view dark all over says nothing about colour.
        let viewLightness = CIELab.lightness(luminance: Self.medianLuminance(of: sample))
        guard viewLightness >= Self.tooDarkLightness else {
            return ColourReading(name: nil, colour: Self.median(pixels.map(\.colour)), share: 0, second: nil, secondShare: 0,
                                 whiteBalance: balance, sentence: wording(.colourTooDark))
        }
        var counts: [String: Int] = [:]
        for pixel in pixels { counts[pixel.name.family, default: 0] += 1 }
        // Ties go to the family named first in the table, so the same picture always reads the same.
        let order = ColourNames.all.map(\.family)
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value
            : order.firstIndex(of: $0.key)! < order.firstIndex(of: $1.key)! }
        let total = Double(pixels.count)
        let (main, colour) = Self.named(family: ranked[0].key, among: pixels)
        let share = Double(ranked[0].value) / total
        var second: ColourName?
        var secondShare = 0.0
        if ranked.count > 1, Double(ranked[1].value) / total >= Self.secondShare {
            second = Self.named(family: ranked[1].key, among: pixels).name
            secondShare = Double(ranked[1].value) / total
        }
        return ColourReading(name: main, colour: colour, share: share, second: second, secondShare: secondShare,
                             whiteBalance: balance, sentence: sentence(main, share: share, second: second))
    }

    /// The name and median colour of one family's pixels: the median's own name when it falls
    /// in the family, else the family's most common name.
    static func named(family: String, among pixels: [(name: ColourName, colour: CIELab)]) -> (name: ColourName, colour: CIELab) {
        let members = pixels.filter { $0.name.family == family }
        let colour = median(members.map(\.colour))
        let name = ColourNames.name(for: colour)
        if name.family == family { return (name, colour) }
        var counts: [ColourName: Int] = [:]
        for member in members { counts[member.name, default: 0] += 1 }
        return (counts.max { $0.value < $1.value }!.key, colour)
    }

    /// The median luminance of the whole sample (in linear light, 0–1), from every other
    /// pixel each way: how dark a view is does not hang on single pixels.
    static func medianLuminance(of sample: ImageSample) -> Double {
        var values: [Double] = []
        values.reserveCapacity(sample.width * sample.height / 4 + sample.width)
        for y in stride(from: 0, to: sample.height, by: 2) {
            for x in stride(from: 0, to: sample.width, by: 2) { values.append(sample.linear(x: x, y: y).luminance) }
        }
        values.sort()
        return values.isEmpty ? 0 : values[values.count / 2]
    }

    /// Each coordinate's median: robust to the few odd pixels an average would follow.
    static func median(_ colours: [CIELab]) -> CIELab {
        func middle(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        return CIELab(lightness: middle(colours.map(\.lightness)), a: middle(colours.map(\.a)), b: middle(colours.map(\.b)))
    }

    /// "Dark blue.", "Mostly dark blue, with white.", or, with no clear main colour,
    /// "Mixed colours, mostly dark blue."
    func sentence(_ main: ColourName, share: Double, second: ColourName?) -> String {
        let colour = MessageArgument.message(main.words)
        if let second { return wording(.colourMostlyWith, ["colour": colour, "second": .message(second.words)]) }
        if share < Self.clearShare { return wording(.colourMixed, ["colour": colour]) }
        // The colour's name starts the sentence.
        let sentence = wording(.colourAlone, ["colour": colour])
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}
