import Foundation
import Glibc
import Perception

/// `batch PATH... --mode aware|read`: every image, and every video frame asked for, one JSON
/// line each, workers in parallel; resumable after a crash, shardable across machines.
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Describe or read every image and video in folders, writing one JSON line per image or video frame.",
        discussion: "Folders are searched recursively for .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi, .mov and other videos; other files are skipped and counted. A video gives one line per processed frame, with its \"frame\" number and time \"t\" in seconds, then a line {\"source\", \"frames\", \"every\", \"complete\": true} once all its frames are written. An image or video that cannot be read gets a record with an \"error\" sentence and the batch goes on. Exit status is 1 if any image or video failed.",
        arguments: [ArgumentSpec(name: "path", help: "Folders, images or videos to process.", isRepeating: true)],
        options: [
            .option("mode", value: "mode", help: "What to do with each image or frame.", allowed: ["aware", "read"], required: true),
            .option("out", value: "file", help: "Write the JSON lines to this file instead of standard output."),
            .flag("resume", help: "With --out: keep the records an interrupted run already wrote there and process only the images and videos still missing."),
            .option("jobs", short: "j", value: "n",
                    help: "Images or videos processed at once, each worker with its own engine. (default: the number of cores)"),
            .option("every", value: "n", help: "In a video, process every nth frame: 1 takes them all, 30 about one a second at 30 frames per second.",
                    default: "1"),
            .option("include", value: "glob",
                    help: "Process only files whose path inside the folder, or whose name, matches this shell pattern, such as '*.jpg' or '2024/*'; may be repeated."),
            .option("exclude", value: "glob",
                    help: "Leave out files whose path inside the folder, or whose name, matches this pattern; may be repeated."),
            .option("shard", value: "k/n",
                    help: "Process only share k of n, chosen by a hash of each path, so n runs can split one batch: 1/3, 2/3 and 3/3 together cover every file once."),
            .option("summary", value: "file",
                    help: "Also write a JSON summary of the batch to this file: counts, time, records per second, workers and shard."),
            .option("progress", value: "style",
                    help: "How progress is shown on standard error: auto is a line redrawn in place on a terminal (plain lines at each 10 percent with --profile blind or deafblind) and nothing otherwise.",
                    default: "auto", allowed: ["auto", "bar", "lines", "none"]),
        ] + CommonOptions.detectionOptions + CommonOptions.readingOptions + OutputOptions.batch)

    /// The batch options, checked before any file is touched or engine loaded.
    struct Options {
        var paths: [String]
        var jobs: Int
        var every: Int
        var filter: InputFilter
        var shard: Shard?
        var out: String?
        var resume: Bool
        var summary: String?

        init(_ command: ParsedCommand) throws(UsageError) {
            paths = command.arguments("path")
            jobs = try command.int("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
            every = try command.int("every", in: 1...1_000_000) ?? 1
            for name in ["include", "exclude"] {
                if let bad = command.values(name).first(where: { !InputFilter.isValid($0) }) {
                    throw .invalidValue("--\(name)", expected: InputFilter.expected, got: bad, path: command.path)
                }
            }
            filter = InputFilter(include: command.values("include"), exclude: command.values("exclude"))
            if let text = command.value("shard") {
                do { shard = try Shard(parsing: text) } catch {
                    throw .invalidValue("--shard", expected: Shard.ParseError.expected, got: text, path: command.path)
                }
            }
            out = command.value("out")
            resume = command.flag("resume")
            if resume, out == nil {
                throw UsageError(message: "'--resume' needs '--out <file>': only records written to a file can be resumed.",
                                 path: command.path)
            }
            summary = command.value("summary")
        }
    }

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let options = try Options(command)
        let isAware = command.value("mode") == "aware"
        let makeAnalyzer = isAware ? try CommonOptions.awareAnalyzer(command) : try CommonOptions.readAnalyzer(command)

        // Inputs: found in the folders, then filtered by --include/--exclude, then this
        // machine's share (--shard), then what an earlier run left undone (--resume).
        let found: BatchInputs
        do { found = try BatchInputs.collect(options.paths, filter: options.filter) } catch { throw RuntimeFailure(error) }
        try checkSomethingFound(found, paths: options.paths)
        let inputs = options.shard.map { shard in found.items.filter { shard.contains($0.path) } } ?? found.items

        let summaryFile = try openSummary(options.summary)
        var kept = ResumeState()
        if options.resume, let out = options.out {
            do { kept = try BatchJournal.resume(out, inputs: inputs, every: options.every) } catch { throw RuntimeFailure(error) }
        }
        let todo = inputs.filter { !kept.completed.contains($0.path) }
        let output = try openOutput(options.out, append: options.resume)
        // Records go to the output; the closing sentence to the person (spoken with --profile blind).
        let router = OutputAssembly.router(try OutputOptions.plan(command), speech: try OutputOptions.speechSettings(command),
                                           console: console)
        defer { router.finish() }
        // Workers run side by side; OpenCV (the network, decoding, colour conversion) gets each
        // worker's share of the cores, not all of them: its idle threads spin and would steal
        // time from the other workers (measured: reading 12 pages with 2 workers took 5 % longer).
        OpenCVThreads.limit(to: ProcessInfo.processInfo.activeProcessorCount / max(1, min(options.jobs, todo.count)))
        let runner = try BatchRunner(inputs: todo, every: options.every, jobs: options.jobs, makeAnalyzer: makeAnalyzer)
        let started = MonotonicClock.now()
        let progress = progressReporter(command, total: todo.count, hasVideos: todo.contains { $0.kind == .video },
                                        console: console, router: router)
        let done = runner.run(emit: { line in output.print(line) }, onItemDone: { _ in progress.advance() })
        progress.finish()
        let seconds = MonotonicClock.now().seconds(since: started)
        let summary = kept.summary + done + BatchSummary(skipped: found.skipped)

        if let summaryFile {
            let json = summaryJSON(summary, excluded: found.excluded, records: done.images + done.frames, seconds: seconds,
                                   workers: runner.workers, shard: options.shard)
            summaryFile.write(Data((json.serialized() + "\n").utf8))
            try? summaryFile.close()
        }
        var sentence = summary.sentence
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
        let skipped = found.skipped > 0 ? " (\(found.skipped) other files skipped)" : ""
        throw RuntimeFailure("No images found in \(places)\(skipped); batch reads .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi and .mov videos.")
    }

    /// The `--summary` file: one JSON object, keys in this order.
    static func summaryJSON(_ summary: BatchSummary, excluded: Int, records: Int, seconds: Double, workers: Int,
                            shard: Shard?) -> JSONValue {
        .object([
            ("inputs", .integer(summary.inputs)),
            ("images", .integer(summary.images)),
            ("videos", .integer(summary.videos)),
            ("frames", .integer(summary.frames)),
            ("failed", .integer(summary.failed)),
            ("skipped", .integer(summary.skipped)),
            ("excluded", .integer(excluded)),
            ("resumed", .integer(summary.resumed)),
            ("processed", .integer(summary.inputs - summary.resumed)),
            ("records", .integer(records)),
            ("seconds", .number(seconds, decimals: 3)),
            ("records_per_second", .number(seconds > 0 ? Double(records) / seconds : 0, decimals: 2)),
            ("jobs", .integer(workers)),
            ("shard", shard.map { .string($0.description) } ?? .null),
        ])
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
    static func progressReporter(_ command: ParsedCommand, total: Int, hasVideos: Bool, console: Console,
                                 router: OutputRouter) -> ProgressReporter {
        let accessible = [Profile.blind, .deafblind].contains(OutputOptions.profile(command))
        let style = ProgressReporter.style(option: command.value("progress"), profile: accessible,
                                           stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        let noun = hasVideos ? (one: "file", many: "files") : (one: "image", many: "images")
        return ProgressReporter(total: total, noun: noun, style: style) { text in
            if style == .lines { router.report(text, kind: .progress) } else { console.redraw(text) }
        }
    }
}
