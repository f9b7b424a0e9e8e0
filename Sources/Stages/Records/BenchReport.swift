// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames

/// One benchmark of a recorded video through the pipeline, as `sensecam bench --report`
/// writes it: what ran, how fast, where each frame's time went, and on what machine. Read
/// back by `--compare`, so it round-trips through JSON with the keys below (described in
/// docs/records.md); its sentences are in Bench/BenchSummaries.swift.
public struct BenchReport: Codable, Sendable, Equatable {
    /// One step's (or end to end) time per frame, in milliseconds, over the frames it ran on.
    public struct Latency: Codable, Sendable, Equatable {
        /// A `StageTimings.Step` raw value, or `end-to-end`.
        public var stage: String
        public var p50: Double
        public var p95: Double
        public var p99: Double
        public var mean: Double
        public var frames: Int

        enum CodingKeys: String, CodingKey {
            case stage, frames
            case p50 = "p50_ms", p95 = "p95_ms", p99 = "p99_ms", mean = "mean_ms"
        }

        /// Nil without samples: a step that never ran has no percentiles.
        public init?(stage: String, seconds: [Double]) {
            let sorted = seconds.map { $0 * 1000 }.sorted()
            guard let p50 = Self.percentile(sorted, 0.5), let p95 = Self.percentile(sorted, 0.95),
                  let p99 = Self.percentile(sorted, 0.99) else { return nil }
            self.stage = stage
            self.p50 = p50.rounded(places: 3)
            self.p95 = p95.rounded(places: 3)
            self.p99 = p99.rounded(places: 3)
            self.mean = (sorted.reduce(0, +) / Double(sorted.count)).rounded(places: 3)
            self.frames = sorted.count
        }

        /// The nearest-rank percentile of ascending `sorted` values (the same rule as
        /// `LatencyHistogram`, so both agree); nil when empty.
        public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let rank = max(1, Int((fraction * Double(sorted.count)).rounded(.up)))
            return sorted[min(rank, sorted.count) - 1]
        }
    }

    /// The first event with something to say about the scene (objects, a hazard, text, a summary).
    public struct FirstNarration: Codable, Sendable, Equatable {
        /// From the start of the run (after loading the model), wall-clock seconds.
        public var wallSeconds: Double
        /// Where in the video it was said.
        public var streamSeconds: Double
        public var text: String

        enum CodingKeys: String, CodingKey {
            case wallSeconds = "wall_seconds", streamSeconds = "stream_seconds", text
        }

        public init(wallSeconds: Double, streamSeconds: Double, text: String) {
            self.wallSeconds = wallSeconds.rounded(places: 3)
            self.streamSeconds = streamSeconds.rounded(places: 3)
            self.text = text
        }
    }

    public struct Machine: Codable, Sendable, Equatable {
        public var cores: Int
        public var cpuModel: String

        enum CodingKeys: String, CodingKey { case cores, cpuModel = "cpu_model" }

        public init(cores: Int, cpuModel: String) {
            self.cores = cores
            self.cpuModel = cpuModel
        }

        /// This machine: cores available to the process, and /proc/cpuinfo's model name.
        public static func current() -> Machine {
            let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
            let model = line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
            return Machine(cores: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model ?? "unknown")
        }
    }

    /// One processed frame on the latency chart.
    public struct Point: Codable, Sendable, Equatable {
        public var frame: Int
        /// Stream seconds.
        public var t: Double
        /// End to end, milliseconds.
        public var ms: Double
    }

    public var sensecamVersion: String
    /// When the run ended, ISO 8601 in UTC.
    public var date: String
    public var video: String
    /// `aware` or `read`.
    public var mode: String
    /// `every-frame` or `realtime`.
    public var clock: String
    public var framesRead: Int
    public var framesProcessed: Int
    public var framesDropped: Int
    /// Video time covered by the frames processed.
    public var videoSeconds: Double
    /// The run itself, from the first frame requested to the last event emitted.
    public var wallSeconds: Double
    /// Opening the video and loading the model (or Tesseract), before the run.
    public var setupSeconds: Double
    /// Frames processed per wall-clock second.
    public var throughputFPS: Double
    /// Video seconds per wall-clock second: 1 or more keeps up with the video.
    public var realTimeFactor: Double
    public var endToEnd: Latency?
    /// Each step that ran, in pipeline order.
    public var stages: [Latency]
    public var firstNarration: FirstNarration?
    public var cpuUserSeconds: Double
    public var cpuSystemSeconds: Double
    /// CPU seconds per wall second: how many cores were busy on average.
    public var cpuUse: Double
    public var peakRSSMiB: Double
    public var machine: Machine
    /// End-to-end latency of every processed frame, in processing order.
    public var timeline: [Point]

    enum CodingKeys: String, CodingKey {
        case sensecamVersion = "sensecam_version", date, video, mode, clock
        case framesRead = "frames_read", framesProcessed = "frames_processed", framesDropped = "frames_dropped"
        case videoSeconds = "video_seconds", wallSeconds = "wall_seconds", setupSeconds = "setup_seconds"
        case throughputFPS = "throughput_fps", realTimeFactor = "real_time_factor"
        case endToEnd = "end_to_end", stages, firstNarration = "first_narration"
        case cpuUserSeconds = "cpu_user_seconds", cpuSystemSeconds = "cpu_system_seconds", cpuUse = "cpu_use"
        case peakRSSMiB = "peak_rss_mib", machine, timeline
    }

    /// What the run measured; `usage` is the process's CPU during the run and its peak memory.
    public init(video: String, mode: String, clock: StreamClock, statistics: StreamStatistics,
                timings: [StageTimings], wallSeconds: Double, setupSeconds: Double, frameInterval: Double?,
                firstNarration: FirstNarration?, usage: ProcessUsage, machine: Machine = .current(),
                version: String, date: Date = Date()) {
        sensecamVersion = version
        self.date = ISO8601DateFormatter().string(from: date)
        self.video = video
        self.mode = mode
        self.clock = clock.rawValue
        framesRead = statistics.framesRead
        framesProcessed = statistics.framesProcessed
        framesDropped = statistics.framesDropped
        // From the first frame's start to the last one's end: a 900-frame 30 fps video is 30 s.
        let times = timings.map(\.streamSeconds)
        let span = (times.max() ?? 0) - (times.min() ?? 0) + (timings.isEmpty ? 0 : frameInterval ?? 0)
        videoSeconds = span.rounded(places: 3)
        let wall = max(wallSeconds, 1e-9)
        self.wallSeconds = wallSeconds.rounded(places: 3)
        self.setupSeconds = setupSeconds.rounded(places: 3)
        throughputFPS = (Double(statistics.framesProcessed) / wall).rounded(places: 2)
        realTimeFactor = (span / wall).rounded(places: 3)
        endToEnd = Latency(stage: "end-to-end", seconds: timings.map(\.endToEnd))
        stages = StageTimings.Step.allCases.compactMap { step in
            Latency(stage: step.rawValue, seconds: timings.compactMap { $0[step] })
        }
        self.firstNarration = firstNarration
        cpuUserSeconds = usage.userSeconds.rounded(places: 3)
        cpuSystemSeconds = usage.systemSeconds.rounded(places: 3)
        cpuUse = ((usage.userSeconds + usage.systemSeconds) / wall).rounded(places: 2)
        peakRSSMiB = usage.peakResidentMiB.rounded(places: 1)
        self.machine = machine
        timeline = timings.map { Point(frame: $0.frame, t: $0.streamSeconds.rounded(places: 3), ms: ($0.endToEnd * 1000).rounded(places: 3)) }
    }

    /// Pretty-printed with sorted keys, so two reports diff line by line.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public static func read(from data: Data) throws -> BenchReport {
        try JSONDecoder().decode(BenchReport.self, from: data)
    }

    /// The step named by a `StageTimings.Step`, when it ran.
    public func latency(of step: StageTimings.Step) -> Latency? {
        stages.first { $0.stage == step.rawValue }
    }
}

extension Double {
    /// Rounded to `places` decimals, so reports hold measured digits, not float noise;
    /// non-finite values (which JSON cannot hold) become 0.
    func rounded(places: Int) -> Double {
        guard isFinite else { return 0 }
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
