// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// What a run did, for `--stats`, SIGUSR1 and benchmarks.
public struct StreamStatistics: Sendable, Equatable {
    /// Frames the source delivered (for a camera: captured and decoded).
    public var framesRead = 0
    public var framesProcessed = 0
    /// Frames replaced by a newer one before the pipeline was free, or skipped while paused.
    public var framesDropped = 0
    /// Frames the source skipped as damaged.
    public var framesDamaged = 0
    public var events = 0
    /// Stream time covered, seconds.
    public var streamSeconds = 0.0
    /// Capture (or arrival, for a recording) → the frame's processing done, per processed frame.
    public var frameLatency = LatencyHistogram()
    /// Capture → each narration event emitted: what the listener waits.
    public var eventLatency = LatencyHistogram()
    /// Time in the stage (detection, tracking, narration; or reading) per processed frame.
    public var processing = LatencyHistogram()

    public init() {}

    /// Two sentences for a listener: the counts, then the latencies (milliseconds).
    public func summary(_ wording: Wording) -> String {
        let counts = wording(.statsFrames, [
            "captured": .integer(framesRead), "processed": .integer(framesProcessed), "dropped": .integer(framesDropped),
            "damaged": .integer(framesDamaged),
        ])
        guard let median = frameLatency.percentile(0.5), let p95 = frameLatency.percentile(0.95) else { return counts }
        var arguments: [String: MessageArgument] = [
            "counts": .text(counts), "median": .integer(median), "p95": .integer(p95),
            "toNarration": .text("no"), "processing": .text("no"),
        ]
        if let eventMedian = eventLatency.percentile(0.5), let eventP95 = eventLatency.percentile(0.95) {
            arguments["toNarration"] = .text("yes")
            arguments["eventMedian"] = .integer(eventMedian)
            arguments["eventP95"] = .integer(eventP95)
        }
        if let stage = processing.percentile(0.5) {
            arguments["processing"] = .text("yes")
            arguments["stageMedian"] = .integer(stage)
        }
        return wording(.statsLatency, arguments)
    }
}
