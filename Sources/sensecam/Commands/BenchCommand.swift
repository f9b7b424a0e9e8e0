import Foundation
import Perception

/// `bench --video FILE --mode aware|read --report FILE`: runs a recording through the same
/// pipeline as `aware --video` or `read --video`, times every step of every frame, and
/// writes what it measured as JSON (and, with `--chart`, as an SVG with a text twin).
/// `bench --model-only` times the detector's forward pass alone instead (`ModelBench`).
enum BenchCommand {
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
        options: [
            .option("video", value: "file", help: "The video to run through the pipeline. (required without --model-only)"),
            .option("mode", value: "mode", help: "Which pipeline to time: aware (objects) or read (a page). (required without --model-only)",
                    allowed: ["aware", "read"]),
            .option("report", value: "file", help: "Write the measurements to this JSON file. (required without --model-only)"),
            .flag("every-frame", help: "Process every frame, however long it takes. (the default)"),
            .flag("realtime", help: "Keep to the video's own pace, dropping frames the pipeline is too slow for."),
            .option("frames", value: "n", help: "Stop after this many frames of the video. (default: all)"),
            .option("chart", value: "file", help: "Also draw the latencies as an SVG chart, with a text summary beside it."),
            .option("compare", value: "file", help: "Say how this run compares with an earlier report."),
        ] + ModelBench.options
            // --input-size is bench's own, declared with --model-only: there it may name several sizes.
            + CommonOptions.detectionOptions.filter { !["hfov", "input-size"].contains($0.long) } + CommonOptions.readingOptions)

    /// The video benchmark's options that must be given; not marked required in the spec
    /// because `--model-only` needs none of them.
    static let requiredForVideo = ["video", "mode", "report"]

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        if command.flag("model-only") { return try ModelBench.run(command, console: console) }
        for name in ["forwards", "image", "layers"] where given(name, in: command) {
            throw UsageError(message: "'--\(name)' applies only to --model-only.", path: command.path)
        }
        for name in requiredForVideo where command.value(name) == nil {
            throw UsageError.missingArgument(command.declared[name]?.synopsis ?? "--\(name)", path: command.path)
        }
        if given("input-size", in: command) {
            guard command.value("mode") == "aware" else {
                throw UsageError(message: "'--input-size' applies only to --mode aware and to --model-only.", path: command.path)
            }
            guard ModelBench.inputSizeTexts(command).count == 1 else {
                throw UsageError(message: "Give one '--input-size' for a video; several are for --model-only.", path: command.path)
            }
        }
        if command.flag("every-frame"), command.flag("realtime") {
            throw UsageError(message: "Choose one of '--every-frame' and '--realtime', not both.", path: command.path)
        }
        let clock: StreamClock = command.flag("realtime") ? .realTime : .everyFrame
        let limit = try command.int("frames", in: 1...Int.max)
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        let language = try CommonOptions.language(command)
        let mode = command.value("mode") ?? "aware"
        let videoPath = command.value("video") ?? ""
        let reportPath = command.value("report") ?? ""
        // Outside the do below: a wrong --input-size is a usage error, not a runtime failure.
        let detector = mode == "aware" ? try CommonOptions.detector(command) : nil
        // Read before the run, so a wrong file is said at once rather than after minutes of work.
        let other = try command.value("compare").map(readReport)

        let setupStarted = MonotonicClock.now()
        let video: VideoFile
        let stage: any StreamStage
        var source: any FrameSource
        do {
            video = try VideoFile(path: videoPath)
            source = FrameLimit(video, frames: limit)
            if let detector {
                stage = AwarenessStage(detector: try detector.make(), narrator: AwarenessNarrator(), minConfidence: minConfidence)
                source = try CommonOptions.awarenessSource(source, clock: clock, detector: detector, minConfidence: minConfidence)
            } else {
                stage = DocumentReader(recognizer: try TextRecognizer(language: language))
            }
        } catch { throw RuntimeFailure(error) }
        let engine = StreamEngine(source: source, stage: stage, clock: clock)
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
            video: videoPath, mode: mode, clock: clock, statistics: statistics, timings: engine.stageTimings(),
            wallSeconds: wallSeconds, setupSeconds: setupSeconds, frameInterval: video.framesPerSecond.map { 1 / $0 },
            firstNarration: first, usage: usage, version: Version.current)
        try write(try report.json(), to: reportPath, what: "the report")
        if let chart = command.value("chart") {
            try write(Data(LatencyChart.svg(for: report).utf8), to: chart, what: "the chart")
            try write(Data(LatencyChart.text(for: report).utf8), to: chart + ".txt", what: "the chart's text summary")
        }
        for line in report.summary { console.report(line) }
        if let other { for line in BenchComparison(this: report, other: other).sentences { console.report(line) } }
        return 0
    }

    /// Whether the command line holds the flag or option at all (defaults do not count).
    static func given(_ name: String, in command: ParsedCommand) -> Bool {
        command.declared[name]?.isFlag == true ? command.flag(name) : !command.values(name).isEmpty
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
