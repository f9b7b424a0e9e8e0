// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// This run against another (`--compare OTHER.json`): each headline figure as a ratio
/// this ÷ other, said as a plain sentence with both values.
public struct BenchComparison: Sendable, Equatable {
    public struct Ratio: Sendable, Equatable {
        /// Which figure: its name and unit are the catalog's (`benchFigure`, `benchFigureValues`).
        public enum Figure: String, Sendable, Equatable {
            case throughput, latencyMedian, latency95, peakMemory
        }

        public var figure: Figure
        public var this: Double
        public var other: Double

        /// Nil when the other run's value is zero: no ratio can be given.
        public var ratio: Double? { other > 0 ? this / other : nil }

        /// "Throughput: 1.31 times the other run (23.4 vs 17.8 frames a second)."
        public func sentence(_ wording: Wording) -> String {
            let values = Message(.benchFigureValues, [
                "figure": .text(figure.rawValue), "this": .text(BenchReport.number(this, 1, wording)),
                "other": .text(BenchReport.number(other, 1, wording)),
            ])
            let name = MessageArgument.message(Message(.benchFigure, ["figure": .text(figure.rawValue)]))
            guard let ratio else { return wording(.benchCompareNoRatio, ["name": name, "values": .message(values)]) }
            return wording(.benchCompareRatio, ["name": name, "ratio": .text(BenchReport.number(ratio, 2, wording)),
                                                "values": .message(values)])
        }
    }

    /// What differs between the two runs' work: said first, when anything does.
    public enum Difference: Sendable, Equatable {
        case video(String), mode(String), clock(String)
    }

    public var ratios: [Ratio]
    public var differences: [Difference]

    public init(this: BenchReport, other: BenchReport) {
        var ratios = [Ratio(figure: .throughput, this: this.throughputFPS, other: other.throughputFPS)]
        if let mine = this.endToEnd, let theirs = other.endToEnd {
            ratios.append(Ratio(figure: .latencyMedian, this: mine.p50, other: theirs.p50))
            ratios.append(Ratio(figure: .latency95, this: mine.p95, other: theirs.p95))
        }
        ratios.append(Ratio(figure: .peakMemory, this: this.peakRSSMiB, other: other.peakRSSMiB))
        self.ratios = ratios
        differences = [
            this.video != other.video ? .video(other.video) : nil,
            this.mode != other.mode ? .mode(other.mode) : nil,
            this.clock != other.clock ? .clock(other.clock) : nil,
        ].compactMap { $0 }
    }

    /// Said first when the two runs did not do the same work: "The other run used read mode,
    /// so the ratios compare different work."
    public func caveat(_ wording: Wording) -> String? {
        let used = differences.map { difference -> String in
            switch difference {
            case .video(let video): wording(.benchCompareOtherVideo, ["video": .text(video)])
            case .mode(let mode): wording(.benchCompareOtherMode, ["mode": .text(mode)])
            case .clock(let clock): wording(.benchCompareOtherClock, ["clock": .text(clock)])
            }
        }
        // Each difference joined to the rest as a pair: "video a.mp4 and read mode and …".
        guard let joined = used.reversed().reduce(nil, { (tail: String?, head: String) in
            tail.map { wording(.listTwo, ["head": .text(head), "tail": .text($0)]) } ?? head
        }) else { return nil }
        return wording(.benchCompareDifferentWork, ["used": .text(joined)])
    }

    /// The caveat, if any, then one sentence per ratio.
    public func sentences(_ wording: Wording) -> [String] {
        (caveat(wording).map { [$0] } ?? []) + ratios.map { $0.sentence(wording) }
    }
}
