/// This run against another (`--compare OTHER.json`): each headline figure as a ratio
/// this ÷ other, said as a plain sentence with both values.
public struct BenchComparison: Sendable, Equatable {
    public struct Ratio: Sendable, Equatable {
        /// "Throughput", "End-to-end latency, median", …
        public var name: String
        public var this: Double
        public var other: Double
        /// Words after the numbers: "frames a second", "ms", "MiB".
        public var unit: String

        /// Nil when the other run's value is zero: no ratio can be given.
        public var ratio: Double? { other > 0 ? this / other : nil }

        /// "Throughput: 1.31 times the other run (23.4 vs 17.8 frames a second)."
        public var sentence: String {
            let values = "\(BenchReport.number(this, 1)) vs \(BenchReport.number(other, 1)) \(unit)"
            guard let ratio else { return "\(name): no ratio, the other run measured none (\(values))." }
            return "\(name): \(BenchReport.number(ratio, 2)) times the other run (\(values))."
        }
    }

    public var ratios: [Ratio]
    /// Said first when the two runs did not do the same work.
    public var caveat: String?

    public init(this: BenchReport, other: BenchReport) {
        var ratios = [Ratio(name: "Throughput", this: this.throughputFPS, other: other.throughputFPS, unit: "frames a second")]
        if let mine = this.endToEnd, let theirs = other.endToEnd {
            ratios.append(Ratio(name: "End-to-end latency, median", this: mine.p50, other: theirs.p50, unit: "ms"))
            ratios.append(Ratio(name: "End-to-end latency, 95th percentile", this: mine.p95, other: theirs.p95, unit: "ms"))
        }
        ratios.append(Ratio(name: "Peak memory", this: this.peakRSSMiB, other: other.peakRSSMiB, unit: "MiB"))
        self.ratios = ratios
        let differences = [
            this.video != other.video ? "video \(other.video)" : nil,
            this.mode != other.mode ? "\(other.mode) mode" : nil,
            this.clock != other.clock ? "the \(other.clock) clock" : nil,
        ].compactMap { $0 }
        caveat = differences.isEmpty ? nil : "The other run used \(differences.joined(separator: " and ")), so the ratios compare different work."
    }

    /// The caveat, if any, then one sentence per ratio.
    public var sentences: [String] { (caveat.map { [$0] } ?? []) + ratios.map(\.sentence) }
}
