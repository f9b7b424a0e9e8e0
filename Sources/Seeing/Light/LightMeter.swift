// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames

/// How much light there is, in four bands a person can tell apart by ear.
public enum LightBand: String, Sendable, CaseIterable, Comparable {
    case dark, dim, moderate, bright

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The side of the view that is clearly brighter: where the light mostly comes from.
public enum LightDirection: String, Sendable, CaseIterable {
    case left, right, above, below
}

/// One measurement of the light in view.
public struct LightReading: Sendable, Equatable {
    /// Perceived brightness 0–1: the lightness (L*/100) of the view's mean luminance.
    public var brightness: Double
    public var band: LightBand
    public var direction: LightDirection?
    /// "Bright light, mostly from the left.", "Dark."
    public var sentence: String
    /// The tone that stands for this brightness, in hertz (`LightMeter.tonePitch(for:)`).
    public var tonePitch: Double
}

/// Measures the light in view from the picture: its brightness as a band and a tone, and the
/// side it mostly comes from. The camera's automatic exposure evens out much of the
/// difference between rooms, so the bands describe the picture as the camera took it: a
/// dark room still reads "Dark." once the exposure can no longer make up for it.
public struct LightMeter: Sendable {
    /// The thumbnail measured: light varies slowly across a view, so few pixels suffice.
    public static let sampleWidth = 160
    public static let sampleHeight = 120
    /// Band edges on brightness (L*/100): below 0.15 little but noise is visible (under 2 %
    /// of white's luminance); below 0.35 things are dim; from 0.65 the view is mostly light
    /// surfaces or strong light.
    public static let darkBelow = 0.15
    public static let dimBelow = 0.35
    public static let brightFrom = 0.65
    /// One side is "clearly brighter" when its mean luminance is at least this many times the
    /// opposite side's: a factor people notice at once, above the fall-off a lens gives.
    public static let clearlyBrighterRatio = 1.6
    /// The tone's range: 220 Hz (A3) for black to 1760 Hz (A6) for white, three octaves,
    /// within what small speakers and aging ears both reproduce well.
    public static let lowestPitch = 220.0
    public static let highestPitch = 1760.0

    /// The words of the sentence.
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    public func read(_ image: Image) throws -> LightReading {
        read(try image.sample(maxWidth: Self.sampleWidth, maxHeight: Self.sampleHeight))
    }

    public func read(_ sample: ImageSample) -> LightReading {
        // Mean luminance of the whole view and of each outer third.
        var total = 0.0
        var left = 0.0, right = 0.0, top = 0.0, bottom = 0.0
        let third = (columns: max(1, sample.width / 3), rows: max(1, sample.height / 3))
        for y in 0..<sample.height {
            for x in 0..<sample.width {
                let luminance = sample.linear(x: x, y: y).luminance
                total += luminance
                if x < third.columns { left += luminance }
                if x >= sample.width - third.columns { right += luminance }
                if y < third.rows { top += luminance }
                if y >= sample.height - third.rows { bottom += luminance }
            }
        }
        let pixels = Double(sample.width * sample.height)
        let brightness = CIELab.lightness(luminance: total / pixels) / 100
        let band = Self.band(for: brightness)
        let direction = band == .dark ? nil
            : Self.direction(left: left, right: right, above: top, below: bottom)
        return LightReading(brightness: brightness, band: band, direction: direction,
                            sentence: sentence(band: band, direction: direction),
                            tonePitch: Self.tonePitch(for: brightness))
    }

    public static func band(for brightness: Double) -> LightBand {
        switch brightness {
        case ..<darkBelow: .dark
        case ..<dimBelow: .dim
        case ..<brightFrom: .moderate
        default: .bright
        }
    }

    /// The side that is clearly brighter than its opposite, on the axis where the
    /// difference is larger; nil when neither is. Sums over equal areas compare as means.
    static func direction(left: Double, right: Double, above: Double, below: Double) -> LightDirection? {
        func ratio(_ one: Double, _ other: Double) -> Double { max(one, other) / max(min(one, other), .leastNonzeroMagnitude) }
        let across = ratio(left, right), down = ratio(above, below)
        guard max(across, down) >= clearlyBrighterRatio else { return nil }
        if across >= down { return left > right ? .left : .right }
        return above > below ? .above : .below
    }

    /// "Bright light, mostly from the left.", "Dim light.", "Dark."
    public func sentence(band: LightBand, direction: LightDirection?) -> String {
        guard let direction, band != .dark else { return wording(.lightLevel, ["band": .text(band.rawValue)]) }
        return wording(.lightLevelFrom, ["band": .text(band.rawValue), "side": .text(direction.rawValue)])
    }

    /// The tone for a brightness: pitch rises with brightness on a log scale, so each step of
    /// brightness sounds like the same musical interval (one octave per third of the range).
    public static func tonePitch(for brightness: Double) -> Double {
        let clamped = min(max(brightness, 0), 1)
        return lowestPitch * pow(highestPitch / lowestPitch, clamped)
    }
}
