// SPDX-License-Identifier: GPL-3.0-or-later
import Seeing

/// The objects of one kind at one moment: what one phrase is about. A listener follows
/// "Probably three people and possibly two more, from 11 to 1 o'clock" where five sentences
/// of one or two people each, at neighbouring hours, would be one breath of noise.
public struct ObjectGroup: Sendable, Equatable {
    /// The label in spoken form (lower case, single spaces).
    public var label: String
    /// How many are in the "probably" band...
    public var probable: Int
    /// ...and how many only in the "possibly" band.
    public var possible: Int
    /// Every object's clock hour, from left to right.
    public var directions: [ClockDirection]
    /// Side by side at one height: three bottles on a shelf, cars parked along a kerb.
    public var inRow: Bool
    /// The nearest estimate in the group; nil when none of them could be estimated.
    public var distanceMetres: Double?
    /// The highest confidence in the group, 0–1.
    public var confidence: Double
    /// Newcomers of a kind already spoken of in this view: "another person", "two more people".
    public var isNews: Bool
    /// For news: how many of the kind are believed in view now, these included.
    public var totalInView: Int?

    public init(label: String, probable: Int, possible: Int, directions: [ClockDirection], inRow: Bool = false,
                distanceMetres: Double?, confidence: Double, isNews: Bool = false, totalInView: Int? = nil) {
        self.label = label
        self.probable = probable
        self.possible = possible
        self.directions = directions.sorted { Self.leftToRight($0) < Self.leftToRight($1) }
        self.inRow = inRow
        self.distanceMetres = distanceMetres
        self.confidence = confidence
        self.isNews = isNews
        self.totalInView = totalInView
    }

    /// `count` objects of one band, all at one hour.
    public init(label: String, band: ConfidenceBand, direction: ClockDirection, count: Int,
                distanceMetres: Double?, confidence: Double) {
        self.init(label: label, probable: band == .probably ? count : 0, possible: band == .possibly ? count : 0,
                  directions: Array(repeating: direction, count: count), distanceMetres: distanceMetres,
                  confidence: confidence)
    }

    public var count: Int { probable + possible }

    /// The hedge the phrase opens with: "probably" when any of them is.
    public var band: ConfidenceBand { probable > 0 ? .probably : .possibly }

    /// How many that opening hedge speaks of; any "possibly" ones after "probably" follow as more.
    public var leadCount: Int { probable > 0 ? probable : possible }

    /// Whether `object` is one of this group's: the same kind, confident enough to speak of.
    public func holds(_ object: NarratedObject) -> Bool {
        label == ObjectNoun.normalized(object.label) && ConfidenceBand(confidence: object.confidence) != nil
    }

    /// Where the group is, as a listener would be told: one hour, "mostly" one hour, or the
    /// span its objects cover from left to right.
    public var place: Place {
        guard let left = directions.first, let right = directions.last else { return .at(ClockDirection(angleDegrees: 0)) }
        if left == right { return .at(left) }
        let hours = Dictionary(grouping: directions, by: \.self)
        if let (hour, members) = hours.max(by: { $0.value.count < $1.value.count }), members.count * 2 > directions.count,
           directions.count >= Self.fewestForMostly {
            return .mostly(hour)
        }
        return .span(from: left, to: right)
    }

    public enum Place: Sendable, Equatable {
        case at(ClockDirection)
        case mostly(ClockDirection)
        case span(from: ClockDirection, to: ClockDirection)
    }

    /// "Mostly at 12" needs at least three objects: of two at different hours neither is "most".
    static let fewestForMostly = 3

    /// 7 o'clock (far left) first through 12 to 5 (far right); 6, behind, last.
    static func leftToRight(_ direction: ClockDirection) -> Int { (direction.hour + 5) % 12 }
}
