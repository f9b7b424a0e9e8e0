import Foundation
import Glibc
import Perception

/// `batch PATH... --mode aware|read|scan`: every image, and every video frame asked for, one JSON
/// line each, workers in parallel; resumable after a crash, shardable across machines.
struct BatchCommand: Command {
    static let mode: Option<Mode?> = .choice("mode", value: "mode", help: "What to do with each image or frame.", required: true)
    static let out: Option<String?> = .text("out", value: "file", help: "Write the JSON lines to this file instead of standard output.")
    static let resume = Flag(
        "resume", help: "With --out: keep the records an interrupted run already wrote there and process only the images and videos still missing.")
    static let jobs: Option<Int> = .wholeNumber(
        "jobs", short: "j", value: "n",
        help: "Images or videos processed at once, each worker with its own engine. (default: the number of cores)",
        default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256, showsDefault: false)
    static let every: Option<Int> = .wholeNumber(
        "every", value: "n", help: "In a video, process every nth frame: 1 takes them all, 30 about one a second at 30 frames per second.",
        default: 1, in: 1...1_000_000)
    static let include: Option<String?> = .text(
        "include", value: "glob",
        help: "Process only files whose path inside the folder, or whose name, matches this shell pattern, such as '*.jpg' or '2024/*'; may be repeated.",
        expected: Wording.english(InputFilter.expected), check: InputFilter.isValid)
    static let exclude: Option<String?> = .text(
        "exclude", value: "glob",
        help: "Leave out files whose path inside the folder, or whose name, matches this pattern; may be repeated.",
        expected: Wording.english(InputFilter.expected), check: InputFilter.isValid)
    static let shard = Option<Shard?>(
        "shard", value: "k/n",
        help: "Process only share k of n, chosen by a hash of each path, so n runs can split one batch: 1/3, 2/3 and 3/3 together cover every file once.",
        expected: Wording.english(Shard.ParseError.expected), default: nil, parse: { try? Shard(parsing: $0) })
    static let summary: Option<String?> = .text(
        "summary", value: "file",
        help: "Also write a JSON summary of the batch to this file: counts, time, records per second, workers and shard.")
    static let progress: Option<ProgressReporter.Choice> = .choice(
        "progress", value: "style",
        help: "How progress is shown on standard error: auto is a line redrawn in place on a terminal (plain lines at each 10 percent with --profile blind or deafblind) and nothing otherwise.",
        default: .auto)

    static let spec = CommandSpec(
        name: "batch",
        abstract: "Describe, read or scan every image and video in folders, writing one JSON line per image or video frame.",
        discussion: "Folders are searched recursively for .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi, .mov and other videos; other files are skipped and counted. A video gives one line per processed frame, with its \"frame\" number and time \"t\" in seconds, then a line {\"source\", \"frames\", \"every\", \"complete\": true} once all its frames are written. An image or video that cannot be read gets a record with an \"error\" sentence and the batch goes on. Exit status is 1 if any image or video failed.",
        arguments: [ArgumentSpec(name: "path", help: "Folders, images or videos to process.", isRepeating: true)],
        options: [mode.spec, out.spec, resume.spec, jobs.spec, every.spec, include.spec, exclude.spec, shard.spec,
                  summary.spec, progress.spec, PixelLimitOption.maxMegapixels.spec]
            + DetectionOptions.specs + ReadingOptions.specs + ReadingOptions.pictureSpecs + OutputOptions.batchSpecs)

    // Checked before any file is touched or engine loaded.
    let paths: [String]
    let pipeline: ImagePipeline
    let settings: PipelineSettings
    let jobCount: Int
    let everyNth: Int
    let limit: PixelLimit
    let filter: InputFilter
    let share: Shard?
    let outPath: String?
    let resumes: Bool
    let summaryPath: String?
    let progressChoice: ProgressReporter.Choice
    let isAccessible: Bool
    let output: NarrationOutput

    init(_ command: ParsedCommand) throws(UsageError) {
        paths = command.arguments("path")
        pipeline = (try Self.mode.value(in: command) ?? .aware).imagePipeline
        settings = try PipelineSettings(command)
        jobCount = try Self.jobs.value(in: command)
        everyNth = try Self.every.value(in: command)
        limit = try PixelLimitOption.limit(command)
        filter = InputFilter(include: try Self.include.values(in: command).compactMap { $0 },
                             exclude: try Self.exclude.values(in: command).compactMap { $0 })
        share = try Self.shard.value(in: command)
        outPath = try Self.out.value(in: command)
        resumes = Self.resume.isSet(in: command)
        if resumes, outPath == nil {
            throw UsageError(message: "'--resume' needs '--out <file>': only records written to a file can be resumed.",
                             path: command.path)
        }
        summaryPath = try Self.summary.value(in: command)
        progressChoice = try Self.progress.value(in: command)
        isAccessible = [Profile.blind, .deafblind].contains(OutputOptions.profile(command))
        output = try NarrationOutput(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let console = context.console
        // Inputs: found in the folders, then filtered by --include/--exclude, then this
        // machine's share (--shard), then what an earlier run left undone (--resume).
        let found: BatchInputs
        do { found = try BatchInputs.collect(paths, filter: filter) } catch { throw RuntimeFailure(error) }
        try Self.checkSomethingFound(found, paths: paths)
        let inputs = share.map { shard in found.items.filter { shard.contains($0.path) } } ?? found.items

        let summaryFile = try Self.openSummary(summaryPath)
        var kept = ResumeState()
        if resumes, let outPath {
            do { kept = try BatchJournal.resume(outPath, inputs: inputs, every: everyNth) } catch { throw RuntimeFailure(error) }
        }
        let todo = inputs.filter { !kept.completed.contains($0.path) }
        let records = try Self.openOutput(outPath, append: resumes)
        // Its outputs open (and a journal repaired), the batch writes nothing else: sandboxed
        // before the models load and the workers start.
        let sandbox = context.confine(writing: [outPath, summaryPath].compactMap { $0 }, settings: settings, output: output)
        // Records go to the output; the closing sentence to the person (spoken with --profile blind).
        let router = output.router(in: context)
        defer { router.finish() }
        // Workers run side by side; OpenCV (the network, decoding, colour conversion) gets each
        // worker's share of the cores, not all of them: its idle threads spin and would steal
        // time from the other workers (measured: reading 12 pages with 2 workers took 5 % longer).
        OpenCVThreads.limit(to: ProcessInfo.processInfo.activeProcessorCount / max(1, min(jobCount, todo.count)))
        if pipeline == .reading, let note = ReadingOptions.missingSceneModelsNote(settings) { console.report(note) }
        let runner: BatchRunner
        do {
            runner = try BatchRunner(inputs: todo, every: everyNth, jobs: jobCount, limit: limit, wording: settings.wording,
                                     makeAnalyzer: Pipelines.imageAnalyzer(pipeline, settings))
        } catch { throw RuntimeFailure(error) }
        let started = MonotonicClock.now()
        let progress = progressReporter(total: todo.count, hasVideos: todo.contains { $0.kind == .video },
                                        wording: settings.wording, console: console, router: router)
        let done = runner.run(emit: { line in records.print(line) }, onItemDone: { _ in progress.advance() })
        progress.finish()
        let seconds = MonotonicClock.now().seconds(since: started)
        let summary = kept.summary + done + BatchSummary(skipped: found.skipped, passedOver: found.passedOver)

        if let summaryFile {
            let json = summary.json(excluded: found.excluded, records: done.images + done.frames, seconds: seconds,
                                    workers: runner.workers, shard: share, sandbox: sandbox, wording: settings.wording)
            summaryFile.write(Data((json.serialized() + "\n").utf8))
            try? summaryFile.close()
        }
        var sentence = summary.sentence(settings.wording)
        if summary.failed > 0 {
            sentence += summary.failed == 1 ? " The error field of its record says why." : " The error fields of their records say why."
        }
        router.report(sentence)
        return summary.failed > 0 ? 1 : 0
    }

    /// Nothing to process at all is a mistake worth a sentence; an empty shard, or a batch
    /// whose every input was already done, is not.
    private static func checkSomethingFound(_ found: BatchInputs, paths: [String]) throws {
        guard found.items.isEmpty else { return }
        let places = paths.joined(separator: ", ")
        if found.excluded > 0 {
            throw RuntimeFailure("None of the \(found.excluded) images and videos in \(places) passed --include and --exclude; check the patterns.")
        }
        var left: [String] = []
        if found.skipped > 0 { left.append("\(found.skipped) other files skipped") }
        switch found.passedOver.total {
        case 0: break
        case 1: left.append("1 pipe, link or hidden entry passed over")
        case let total: left.append("\(total) pipes, links or hidden entries passed over")
        }
        let skipped = left.isEmpty ? "" : " (\(left.joined(separator: ", ")))"
        throw RuntimeFailure("No images found in \(places)\(skipped); batch reads .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi and .mov videos.")
    }

    /// Standard output, or a file created (or emptied) before any work starts, so an
    /// unwritable path fails at once rather than after an hour of work. With `--resume` the
    /// file, already repaired, is added to instead.
    private static func openOutput(_ path: String?, append: Bool) throws -> Console {
        guard let path else { return Console() }
        let exists = append && FileManager.default.fileExists(atPath: path)
        guard exists || FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure("Cannot write \(path); check that its folder exists and is writable.")
        }
        if append { handle.seekToEndOfFile() }
        return Console(output: handle)
    }

    /// The `--summary` file, created now so a folder that cannot be written is said before
    /// the work, not after it.
    private static func openSummary(_ path: String?) throws -> FileHandle? {
        guard let path else { return nil }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure("Cannot write the summary to \(path); check that its folder exists and is writable.")
        }
        return handle
    }

    /// Progress for the person waiting: a line redrawn in place for sighted users on a
    /// terminal, or — for a screen reader or speech — a plain sentence at each 10 percent,
    /// said at progress priority (never over anything else).
    func progressReporter(total: Int, hasVideos: Bool, wording: Wording, console: Console, router: OutputRouter) -> ProgressReporter {
        let style = ProgressReporter.style(progressChoice, accessible: isAccessible, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        return ProgressReporter(total: total, unit: hasVideos ? .file : .image, wording: wording, style: style) { text in
            if style == .lines { router.report(text, kind: .progress) } else { console.redraw(text) }
        }
    }
}
