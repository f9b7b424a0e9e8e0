import Foundation
import Glibc
import Options
import Perception

/// `batch PATH... --mode aware|read|scan`: every image, and every video frame asked for, one JSON
/// line each, workers in parallel; resumable after a crash, shardable across machines.
struct BatchCommand: Command {
    /// Batch's own options, beside the shared groups it takes.
    struct BatchOptions: OptionGroup {
        var mode: Mode?
        var out: String?
        var resume = false
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var every = 1
        var include: [String] = []
        var exclude: [String] = []
        var shard: Shard?
        var summary: String?

        init() {}

        static let options: [GroupOption<Self>] = [
            .choice(\.mode, "mode", value: "mode", help: Message(.helpBatchMode), among: Mode.batchModes, name: { $0.name },
                    required: true),
            .text(\.out, "out", value: "file", help: Message(.helpBatchOut)),
            .flag(\.resume, "resume", help: Message(.helpBatchResume)),
            .wholeNumber(\.jobs, "jobs", short: "j", value: "n", help: Message(.helpBatchJobs), in: 1...256, showsDefault: false),
            .wholeNumber(\.every, "every", value: "n", help: Message(.helpBatchEvery), in: 1...1_000_000),
            .repeated(\.include, "include", value: "glob", help: Message(.helpBatchInclude), expected: Message(InputFilter.expected),
                      check: InputFilter.isValid),
            .repeated(\.exclude, "exclude", value: "glob", help: Message(.helpBatchExclude), expected: Message(InputFilter.expected),
                      check: InputFilter.isValid),
            .value(\.shard, "shard", value: "k/n", help: Message(.helpBatchShard), expected: Message(Shard.ParseError.expected),
                   parse: { try? Shard(parsing: $0) }),
            .text(\.summary, "summary", value: "file", help: Message(.helpBatchSummary)),
        ]
    }

    static let spec = CommandSpec(
        name: "batch",
        abstract: Message(.helpBatch),
        discussion: Message(.helpBatchDiscussion, ["record": .text(#"{"source", "frames", "every", "complete": true}"#)]),
        arguments: [ArgumentSpec(name: "path", help: Message(.helpBatchPath), isRepeating: true)],
        options: BatchOptions.specs + ProgressOptions.specs + [InputOptions.limitSpec] + DetectionOptions.specs + ReadingOptions.languageSpecs
            + ReadingOptions.pictureSpecs + OutputOptions.batchSpecs)

    /// Only records written to a file can be resumed.
    static let rules: [OptionRule] = [.refuse(when: .given("resume") && !.given("out"), .usageResumeNeedsOut)]

    // Checked before any file is touched or engine loaded.
    let paths: [String]
    let options: BatchOptions
    let progress: ProgressOptions
    let settings: Settings

    /// Required, so the parser has made sure it is there.
    var mode: Mode { options.mode ?? .aware }
    var filter: InputFilter { InputFilter(include: options.include, exclude: options.exclude) }
    var wording: Wording { settings.pipeline.wording }

    init(_ command: ParsedCommand) throws(UsageError) {
        paths = command.arguments("path")
        settings = try Settings(command, rules: Self.rules)
        options = try BatchOptions(command)
        progress = try ProgressOptions(command)
    }

    func run(in context: SessionContext) throws -> Int32 {
        let console = context.console
        // Inputs: found in the folders, then filtered by --include/--exclude, then this
        // machine's share (--shard), then what an earlier run left undone (--resume).
        let found: BatchInputs
        do { found = try BatchInputs.collect(paths, filter: filter) } catch { throw RuntimeFailure(error) }
        try Self.checkSomethingFound(found, paths: paths, wording: wording)
        let inputs = options.shard.map { shard in found.items.filter { shard.contains($0.path) } } ?? found.items

        let summaryFile = try Self.openSummary(options.summary)
        var kept = ResumeState()
        if options.resume, let outPath = options.out {
            do { kept = try BatchJournal.resume(outPath, inputs: inputs, every: options.every) } catch { throw RuntimeFailure(error) }
        }
        let todo = inputs.filter { !kept.completed.contains($0.path) }
        let records = try Self.openOutput(options.out, append: options.resume)
        // Its outputs open (and a journal repaired), the batch writes nothing else: sandboxed
        // before the models load and the workers start.
        let sandbox = context.confine(writing: [options.out, options.summary].compactMap { $0 }, settings: settings.pipeline,
                                      speaks: settings.outputPlan.channels.contains(.speech))
        // Records go to the output; the closing sentence to the person (spoken with --profile blind).
        let router = OutputAssembly.router(settings.outputPlan, speech: settings.speech, wording: wording, console: console,
                                           factories: context.renderers)
        defer { router.finish() }
        // Workers run side by side; OpenCV (the network, decoding, colour conversion) gets each
        // worker's share of the cores, not all of them: its idle threads spin and would steal
        // time from the other workers (measured: reading 12 pages with 2 workers took 5 % longer).
        OpenCVThreads.limit(to: ProcessInfo.processInfo.activeProcessorCount / max(1, min(options.jobs, todo.count)))
        if let note = mode.startNote(settings.pipeline) {
            console.report(wording(note))
        }
        let runner: BatchRunner
        do {
            runner = try BatchRunner(inputs: todo, every: options.every, jobs: options.jobs, limit: settings.input.limit,
                                     wording: wording,
                                     makeAnalyzer: mode.still(settings.pipeline) ?? { preconditionFailure("batch modes take stills") })
        } catch { throw RuntimeFailure(error) }
        let started = MonotonicClock.now()
        let progress = progressReporter(total: todo.count, hasVideos: todo.contains { $0.kind == .video },
                                        wording: wording, console: console, router: router)
        let done = runner.run(emit: { line in records.print(line) }, onItemDone: { _ in progress.advance() })
        progress.finish()
        let seconds = MonotonicClock.now().seconds(since: started)
        let summary = kept.summary + done + BatchSummary(skipped: found.skipped, passedOver: found.passedOver)

        if let summaryFile {
            let json = summary.json(excluded: found.excluded, records: done.images + done.frames, seconds: seconds,
                                    workers: runner.workers, shard: options.shard, sandbox: sandbox, wording: wording)
            summaryFile.write(Data((json.serialized() + "\n").utf8))
            try? summaryFile.close()
        }
        var sentence = summary.sentence(wording)
        if summary.failed > 0 { sentence += " " + wording(.batchErrorFieldsSayWhy, ["count": .integer(summary.failed)]) }
        router.report(sentence)
        return summary.failed > 0 ? 1 : 0
    }

    /// Nothing to process at all is a mistake worth a sentence; an empty shard, or a batch
    /// whose every input was already done, is not.
    private static func checkSomethingFound(_ found: BatchInputs, paths: [String], wording: Wording) throws {
        guard found.items.isEmpty else { return }
        let places = MessageArgument.text(paths.joined(separator: ", "))
        if found.excluded > 0 {
            throw RuntimeFailure(Message(.batchNoneIncluded, ["count": .integer(found.excluded), "places": places]))
        }
        var left: [String] = []
        if found.skipped > 0 { left.append(wording(.batchOtherFilesSkipped, ["count": .integer(found.skipped)])) }
        if found.passedOver.total > 0 { left.append(wording(.batchEntriesPassedOver, ["count": .integer(found.passedOver.total)])) }
        let skipped: MessageArgument = left.isEmpty ? .text("") : .message(Message(.batchWhatWasLeft, ["parts": .text(left.joined(separator: ", "))]))
        throw RuntimeFailure(Message(.batchNothingFound, ["places": places, "skipped": skipped]))
    }

    /// Standard output, or a file created (or emptied) before any work starts, so an
    /// unwritable path fails at once rather than after an hour of work. With `--resume` the
    /// file, already repaired, is added to instead.
    private static func openOutput(_ path: String?, append: Bool) throws -> Console {
        guard let path else { return Console() }
        let exists = append && FileManager.default.fileExists(atPath: path)
        guard exists || FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure(Message(.failureCannotWrite, ["path": .text(path)]))
        }
        if append { handle.seekToEndOfFile() }
        return Console(output: handle)
    }

    /// The `--summary` file, created now so a folder that cannot be written is said before
    /// the work, not after it.
    private static func openSummary(_ path: String?) throws -> FileHandle? {
        guard let path else { return nil }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure(Message(.batchCannotWriteSummary, ["path": .text(path)]))
        }
        return handle
    }

    /// Progress for the person waiting: a line redrawn in place for sighted users on a
    /// terminal, or — for a screen reader or speech — a plain sentence at each 10 percent,
    /// said at progress priority (never over anything else).
    func progressReporter(total: Int, hasVideos: Bool, wording: Wording, console: Console, router: OutputRouter) -> ProgressReporter {
        let accessible = [Profile.blind, .deafblind].contains(settings.output.profile)
        let style = ProgressReporter.style(progress.progress, accessible: accessible, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        return ProgressReporter(total: total, unit: hasVideos ? .file : .image, wording: wording, style: style) { text in
            if style == .lines { router.report(text, kind: .progress) } else { console.redraw(text) }
        }
    }
}
