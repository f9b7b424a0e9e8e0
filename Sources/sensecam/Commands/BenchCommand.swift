import Foundation
import Perception

/// `bench --video FILE --mode aware|read --report FILE`: runs a recording through the same
/// pipeline as `aware --video` or `read --video`, times every step of every frame, and
/// writes what it measured as JSON (and, with `--chart`, as an SVG with a text twin).
/// `bench --model-only` times the detector's forward pass alone instead (`ModelBench`).
struct BenchCommand: Command {
    static let video: Option<String?> = .text(
        "video", value: "file", help: "The video to run through the pipeline. (required without --model-only)")
    static let mode: Option<Mode?> = .choice(
        "mode", value: "mode", help: "Which pipeline to time: aware (objects), read (a page) or scan (codes). (required without --model-only)")
    static let report: Option<String?> = .text(
        "report", value: "file", help: "Write the measurements to this JSON file. (required without --model-only)")
    static let everyFrame = Flag("every-frame", help: "Process every frame, however long it takes. (the default)")
    static let realtime = Flag("realtime", help: "Keep to the video's own pace, dropping frames the pipeline is too slow for.")
    static let frames: Option<Int?> = .wholeNumber(
        "frames", value: "n", help: "Stop after this many frames of the video. (default: all)", in: 1...Int.max)
    static let chart: Option<String?> = .text(
        "chart", value: "file", help: "Also draw the latencies as an SVG chart, with a text summary beside it.")
    static let compare: Option<String?> = .text("compare", value: "file", help: "Say how this run compares with an earlier report.")

    static let spec = CommandSpec(
        name: "bench",
        abstract: "Time the pipeline on a video: speed, latency of each step, CPU and memory.",
        discussion: """
            Narration is worked out as in aware or read but not spoken or printed, so the report \
            measures seeing and wording, not speech. Every frame is processed unless --realtime is \
            given, which keeps to the video's own pace and drops the frames the pipeline has no time \
            for. The summary is printed to standard error, one sentence a line. With --chart, an SVG \
            shows latency over time and per step, and the same summary is written beside it in a \
            text file named after the chart with .txt added. With --model-only, no video: the \
            detector's forward pass alone is timed at each --input-size on one letterboxed image, and \
            one sentence a size gives its median; --report is then optional.
            """,
        options: [video.spec, mode.spec, report.spec, everyFrame.spec, realtime.spec, frames.spec, chart.spec, compare.spec]
            + ModelBench.specs
            // --input-size is declared with --model-only, where it may name several sizes; --hfov
            // only places objects in sentences, which a benchmark does not say.
            + [DetectionOptions.minConfidence.spec, DetectionOptions.model.spec] + ReadingOptions.specs)

    /// Options of the video benchmark that mean nothing for the network alone.
    static let videoOnlyOptions = [video.long, mode.long, everyFrame.long, realtime.long, frames.long, chart.long,
                                   compare.long, ReadingOptions.language.long]

    /// A video through a pipeline, or the network alone.
    enum Run {
        case video(VideoBench)
        case model(ModelBench)
    }

    let benchmark: Run

    init(_ command: ParsedCommand) throws(UsageError) {
        let detection = DetectionSettings(modelPath: try DetectionOptions.model.value(in: command),
                                          minConfidence: try DetectionOptions.minConfidence.value(in: command))
        if Self.modelOnly(command) {
            benchmark = .model(try ModelBench(command, detection: detection, reportPath: try Self.report.value(in: command)))
        } else {
            benchmark = .video(try VideoBench(command, detection: detection))
        }
    }

    static func modelOnly(_ command: ParsedCommand) -> Bool { ModelBench.modelOnly.isSet(in: command) }

    func run(in context: CommandContext) throws -> Int32 {
        switch benchmark {
        case .video(let bench): try bench.run(in: context)
        case .model(let bench): try bench.run(in: context)
        }
    }

    /// `bench --video FILE --mode aware|read --report FILE`.
    struct VideoBench {
        let videoPath: String
        let pipeline: StreamPipeline
        let modeName: String
        let reportPath: String
        let clock: StreamClock
        let limit: Int?
        let settings: PipelineSettings
        let chartPath: String?
        let comparePath: String?

        init(_ command: ParsedCommand, detection: DetectionSettings) throws(UsageError) {
            for name in ModelBench.ownOptions where command.isGiven(name) {
                throw UsageError(message: "'--\(name)' applies only to --model-only.", path: command.path)
            }
            // Not marked required in the spec, because --model-only needs none of them.
            guard let videoPath = try BenchCommand.video.value(in: command) else { throw Self.missing(BenchCommand.video, command) }
            guard let mode = try BenchCommand.mode.value(in: command) else { throw Self.missing(BenchCommand.mode, command) }
            guard let reportPath = try BenchCommand.report.value(in: command) else { throw Self.missing(BenchCommand.report, command) }
            var detection = detection
            if command.isGiven(ModelBench.inputSize.long) {
                guard mode == .aware else {
                    throw UsageError(message: "'--input-size' applies only to --mode aware and to --model-only.", path: command.path)
                }
                let sizes = try ModelBench.inputSizes(command)
                guard sizes.count == 1 else {
                    throw UsageError(message: "Give one '--input-size' for a video; several are for --model-only.", path: command.path)
                }
                detection.inputSize = sizes[0]
            }
            if BenchCommand.everyFrame.isSet(in: command), BenchCommand.realtime.isSet(in: command) {
                throw UsageError(message: "Choose one of '--every-frame' and '--realtime', not both.", path: command.path)
            }
            self.videoPath = videoPath
            self.reportPath = reportPath
            modeName = mode.rawValue
            pipeline = mode.streamPipeline
            clock = BenchCommand.realtime.isSet(in: command) ? .realTime : .everyFrame
            limit = try BenchCommand.frames.value(in: command)
            settings = PipelineSettings(detection: detection, language: try ReadingOptions.language.value(in: command))
            chartPath = try BenchCommand.chart.value(in: command)
            comparePath = try BenchCommand.compare.value(in: command)
        }

        static func missing<Value>(_ option: Option<Value>, _ command: ParsedCommand) -> UsageError {
            .missingArgument(option.spec.synopsis, path: command.path)
        }

        func run(in context: CommandContext) throws -> Int32 {
            // Read before the run, so a wrong file is said at once rather than after minutes of work.
            let other = try comparePath.map(BenchCommand.readReport)

            let setupStarted = MonotonicClock.now()
            let video: VideoFile
            let engine: StreamEngine
            do {
                video = try VideoFile(path: videoPath)
                engine = try Pipelines.stream(pipeline, from: FrameLimit(video, frames: limit), clock: clock, settings: settings)
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
                video: videoPath, mode: modeName, clock: clock, statistics: statistics, timings: engine.stageTimings(),
                wallSeconds: wallSeconds, setupSeconds: setupSeconds, frameInterval: video.framesPerSecond.map { 1 / $0 },
                firstNarration: first, usage: usage, version: Version.current)
            try BenchCommand.write(try report.json(), to: reportPath, what: "the report")
            if let chartPath {
                try BenchCommand.write(Data(LatencyChart.svg(for: report, wording: settings.wording).utf8), to: chartPath, what: "the chart")
                try BenchCommand.write(Data(LatencyChart.text(for: report, wording: settings.wording).utf8), to: chartPath + ".txt", what: "the chart's text summary")
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
            throw RuntimeFailure("Cannot read \(path); check the path of the report to compare with.")
        }
        do { return try BenchReport.read(from: data) } catch {
            throw RuntimeFailure("\(path) is not a report from 'sensecam bench'; give a file its --report option wrote.")
        }
    }

    static func write(_ data: Data, to path: String, what: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw RuntimeFailure("Cannot write \(what) to \(path); check that its folder exists and is writable.")
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
