// SPDX-License-Identifier: GPL-3.0-or-later
/// Latencies in whole milliseconds, in fixed memory however long a session runs: one
/// counter per millisecond up to ten seconds, and one for everything slower.
public struct LatencyHistogram: Sendable, Equatable {
    static let limitMilliseconds = 10_000
    private var counts = [Int](repeating: 0, count: LatencyHistogram.limitMilliseconds + 1)
    public private(set) var count = 0

    public init() {}

    public mutating func record(seconds: Double) {
        let milliseconds = min(max(0, Int((seconds * 1000).rounded())), Self.limitMilliseconds)
        counts[milliseconds] += 1
        count += 1
    }

    /// The latency at or below which `fraction` of the samples lie, in milliseconds (the
    /// nearest-rank percentile); nil without samples.
    public func percentile(_ fraction: Double) -> Int? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (milliseconds, n) in counts.enumerated() {
            seen += n
            if seen >= rank { return milliseconds }
        }
        return Self.limitMilliseconds
    }
}
