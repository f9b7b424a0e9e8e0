import Foundation

// The sentences a benchmark ends with, one plain sentence a line, for a listener.

extension BenchReport {
    /// What a listener hears at the end of the run: one plain sentence a line.
    public var summary: [String] {
        let clockWords = clock == StreamClock.realTime.rawValue ? "keeping up with the video's pace" : "every frame"
        var lines = [
            "Benchmark of \(URL(fileURLWithPath: video).lastPathComponent) in \(mode) mode, \(clockWords): "
                + "\(framesRead) frames read, \(framesProcessed) processed, \(framesDropped) dropped.",
            "Throughput: \(Self.number(throughputFPS, 1)) frames a second, \(Self.number(realTimeFactor, 2)) times real time, "
                + "over \(Self.number(wallSeconds, 1)) seconds after \(Self.number(setupSeconds, 1)) seconds of setup.",
        ]
        if let endToEnd {
            lines.append("End-to-end latency: median \(Self.milliseconds(endToEnd.p50)), 95th percentile \(Self.milliseconds(endToEnd.p95)), "
                         + "99th percentile \(Self.milliseconds(endToEnd.p99)).")
        }
        if !stages.isEmpty {
            let steps = stages.compactMap { latency in
                StageTimings.Step(rawValue: latency.stage).map { "\($0.name) \(Self.milliseconds(latency.p50))" }
            }
            lines.append("Median time per step, over the frames where it ran: \(steps.joined(separator: ", ")).")
        }
        if let first = firstNarration {
            lines.append("First narration after \(Self.number(first.wallSeconds, 2)) seconds, at \(Self.number(first.streamSeconds, 2)) seconds of video.")
        } else {
            lines.append("Nothing about the scene was narrated.")
        }
        lines.append("CPU use: \(Self.number(cpuUse, 2)) cores busy on average, of \(machine.cores); peak memory \(Self.number(peakRSSMiB, 1)) MiB.")
        lines.append("Machine: \(machine.cores) cores, \(machine.cpuModel); sensecam \(sensecamVersion).")
        return lines
    }

    /// "38.2 ms"; below one millisecond two significant digits ("0.35 ms", "0.004 ms"), so a
    /// step of microseconds does not read as "0.0 ms".
    static func milliseconds(_ value: Double) -> String {
        (value < 1 ? String(format: "%.2g", value) : number(value, 1)) + " ms"
    }

    static func number(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}

extension ModelBenchReport {
    /// One sentence per size, then one for what ran where.
    public var summary: [String] {
        let threadWords = threads == 1 ? "1 thread" : "\(threads) threads"
        let picture = image.hasPrefix("synthetic") ? "a synthetic \(imageWidth)x\(imageHeight) picture"
            : "\(URL(fileURLWithPath: image).lastPathComponent) (\(imageWidth)x\(imageHeight))"
        return sizes.map {
            "Input \($0.inputSize): \(Self.oneDecimal($0.forwardMedian)) ms a forward (median of \($0.forwards); "
                + "p90 \(Self.oneDecimal($0.forwardP90))), \(threadWords)\(layers == "fast" ? "" : ", \(layers) layers")."
        } + ["Model \(URL(fileURLWithPath: model).lastPathComponent) on \(picture), after \(warmUpForwards) warm-up passes a size; "
             + "machine: \(machine.cores) cores, \(machine.cpuModel); sensecam \(sensecamVersion)."]
    }

    static func oneDecimal(_ milliseconds: Double) -> String { String(format: "%.1f", milliseconds) }
}
