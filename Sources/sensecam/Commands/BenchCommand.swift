// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `bench --video FILE --mode aware|read --report FILE`: runs a recording through the same
/// pipeline as `aware --video` or `read --video`, times every step of every frame, and
/// writes what it measured as JSON (and, with `--chart`, as an SVG with a text twin).
/// `bench --model-only` times the detector's forward pass alone instead (`ModelBench`).
struct BenchCommand: Command {
    /// The video benchmark's own options; the video, `--every-frame`, the detector's and the
    /// language come from the shared groups.
    struct BenchOptions: OptionGroup {
        var mode: Mode?
        var report: String?
        var realtime = false
        var frames: Int?
        var chart: String?
        var compare: String?

        init() {}

        static let options: [GroupOption<Self>] = [
            .choice(\.mode, "mode", value: "mode", help: Message(.helpBenchMode), among: ModeList.batchModes, name: { $0.name }),
            .text(\.report, "report", value: "file", help: Message(.helpBenchReport)),
            .flag(\.realtime, "realtime", help: Message(.helpBenchRealtime)),
            .wholeNumber(\.frames, "frames", value: "n", help: Message(.helpBenchFrames), in: 1...Int.max)
                .defaulting(to: Message(.helpBenchFramesDefault)),
            .text(\.chart, "chart", value: "file", help: Message(.helpBenchChart)),
            .text(\.compare, "compare", value: "file", help: Message(.helpBenchCompare)),
        ]
    }

    static let spec = CommandSpec(
        name: "bench",
        abstract: Message(.helpBench),
        discussion: Message(.helpBenchDiscussion),
        options: [InputOptions.option("video").with(help: Message(.helpBenchVideo)).spec, BenchOptions.option("mode").spec,
                  BenchOptions.option("report").spec, InputOptions.option("every-frame").with(help: Message(.helpBenchEveryFrame)).spec]
            + BenchOptions.specs.filter { !["mode", "report"].contains($0.long) } + ModelBench.specs
            // --input-size is declared with --model-only, where it may name several sizes; --hfov
            // only places objects in sentences, which a benchmark does not say.
            + [DetectionOptions.option("min-confidence").spec, DetectionOptions.option("model").spec] + ReadingOptions.languageSpecs)

    /// Options of the video benchmark that mean nothing for the network alone.
    static let videoOnlyOptions = ["video", "mode", "every-frame", "realtime", "frames", "chart", "compare", "language"]

    static let rules: [OptionRule] = [
        .refuse(videoOnlyOptions, when: .given("model-only"), .usageModelOnlyRefuses),
        .refuse(ModelBench.ModelBenchOptions.names.filter { $0 != "model-only" }, when: !.given("model-only"), .usageOnlyModelOnly),
        // Not marked required in the spec, because --model-only needs none of them.
        .require("video", when: !.given("model-only")),
        .require("mode", when: !.given("model-only")),
        .require("report", when: !.given("model-only")),
        .refuse(["input-size"], when: !.given("model-only") && !.value("mode", is: Mode.aware.name), .usageInputSizeAwareOnly),
        .refuse(when: !.given("model-only") && Condition { ModelBench.inputSizeTexts($0).count > 1 }, .usageOneInputSize),
        .refuse(when: .given("every-frame") && .given("realtime"), .usageEveryFrameOrRealtime),
    ]

    /// A video through a pipeline, or the network alone.
    enum Run {
        case video(VideoBench)
        case model(ModelBench)
    }

    let benchmark: Run

    init(_ command: ParsedCommand) throws(UsageError) {
        try Self.rules.check(command)
        // The sizes are read by `ModelBench.inputSizes`, which takes several.
        let detection = try DetectionOptions(command, skipping: ["input-size"]).detection
        let options = try BenchOptions(command)
        if Self.modelOnly(command) {
            benchmark = .model(try ModelBench(command, detection: detection, reportPath: options.report))
        } else {
            benchmark = .video(try VideoBench(command, options: options, detection: detection))
        }
    }

    static func modelOnly(_ command: ParsedCommand) -> Bool { command.flag("model-only") }

    func run(in context: SessionContext) throws -> Int32 {
        switch benchmark {
        case .video(let bench): try bench.run(in: context)
        case .model(let bench): try bench.run(in: context)
        }
    }

    /// `bench --video FILE --mode aware|read --report FILE`.
    struct VideoBench {
        let videoPath: String
        let mode: Mode
        let reportPath: String
        let clock: StreamClock
        let limit: Int?
        let settings: SessionSettings
        let chartPath: String?
        let comparePath: String?

        init(_ command: ParsedCommand, options: BenchOptions, detection: DetectionSettings) throws(UsageError) {
            let input = try InputOptions(command)
            var detection = detection
            if let size = try ModelBench.inputSizes(command).first { detection.inputSize = size }
            videoPath = input.video ?? ""
            reportPath = options.report ?? ""
            mode = options.mode ?? .aware
            clock = options.realtime ? .realTime : .everyFrame
            limit = options.frames
            settings = SessionSettings(detection: detection, language: try ReadingOptions(command).language)
            chartPath = options.chart
            comparePath = options.compare
        }

        func run(in context: SessionContext) throws -> Int32 {
            // Read before the run, so a wrong file is said at once rather than after minutes of work.
            let other = try comparePath.map(BenchCommand.readReport)

            let setupStarted = MonotonicClock.now()
            let video: VideoFile
            let engine: StreamEngine
            do {
                video = try VideoFile(path: videoPath)
                let stage = try mode.stage(settings, arrival: clock == .everyFrame ? .everyFrame : .live)
                engine = StreamEngine(source: FrameLimit(video, frames: limit), stage: stage, clock: clock, wording: settings.wording)
            } catch { throw RuntimeFailure(error) }
            engine.recordStageTimings(expectedFrames: min(limit ?? .max, video.frameCount ?? 10_000))
            let setupSeconds = MonotonicClock.now().seconds(since: setupStarted)

            let usageBefore = ProcessUsage.current()
            let started = MonotonicClock.now()
            var first: BenchReport.FirstNarration?
            let statistics: StreamStatistics
            do {
                statistics = try engine.run { event in
                    guard first == nil, [.objects, .hazard, .text, .summary].contains(event.kind) else { return }
                    first = .init(wallSeconds: MonotonicClock.now().seconds(since: started), streamSeconds: event.time.seconds,
                                  text: event.text)
                }
            } catch { throw RuntimeFailure(error) }
            let wallSeconds = MonotonicClock.now().seconds(since: started)
            let usage = ProcessUsage.current().since(usageBefore)

            let report = BenchReport(
                video: videoPath, mode: mode.name, clock: clock, statistics: statistics, timings: engine.stageTimings(),
                wallSeconds: wallSeconds, setupSeconds: setupSeconds, frameInterval: video.framesPerSecond.map { 1 / $0 },
                firstNarration: first, usage: usage, version: Version.current)
            try BenchCommand.write(try report.json(), to: reportPath, what: .benchTheReport)
            if let chartPath {
                try BenchCommand.write(Data(LatencyChart.svg(for: report, wording: settings.wording).utf8), to: chartPath,
                                       what: .benchTheChart)
                try BenchCommand.write(Data(LatencyChart.text(for: report, wording: settings.wording).utf8), to: chartPath + ".txt",
                                       what: .benchTheChartText)
            }
            for line in report.summary(settings.wording) { context.console.report(line) }
            if let other {
                for line in BenchComparison(this: report, other: other).sentences(settings.wording) { context.console.report(line) }
            }
            return 0
        }
    }

    static func readReport(_ path: String) throws -> BenchReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RuntimeFailure(Message(.benchCannotReadReport, ["path": .text(path)]))
        }
        do { return try BenchReport.read(from: data) } catch {
            throw RuntimeFailure(Message(.benchNotAReport, ["path": .text(path)]))
        }
    }

    static func write(_ data: Data, to path: String, what: MessageID) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw RuntimeFailure(Message(.benchCannotWrite, ["what": .message(what), "path": .text(path)]))
        }
    }
}

/// A recording cut short after `frames` frames (`--frames`), so a benchmark can be quick;
/// everything else is the video's own.
final class FrameLimit: FrameSource {
    private let video: VideoFile
    private let frames: Int?
    private var read = 0

    init(_ video: VideoFile, frames: Int?) {
        self.video = video
        self.frames = frames
    }

    var isLive: Bool { video.isLive }

    func nextFrame() throws -> Frame? {
        if let frames, read >= frames { return nil }
        read += 1
        return try video.nextFrame()
    }

    func cancel() { video.cancel() }
}
