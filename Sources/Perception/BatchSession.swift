// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Words
import Frames
import Stages
import Rendering

/// A batch: every image, and every chosen video frame, of folders through a mode's still stage,
/// one JSON line each, workers side by side; resumable after a crash, shardable across
/// machines; progress and the closing sentence for the person waiting. The command line only
/// parses and starts one.
public final class BatchSession {
    /// What the batch is asked to do.
    public struct Job: Sendable {
        /// Folders, images and videos.
        public var paths: [String]
        public var mode: Mode
        public var filter = InputFilter(include: [], exclude: [])
        /// This machine's share, when several split the batch.
        public var shard: Shard?
        /// Every nth frame of a video.
        public var every = 1
        /// Inputs processed at once, each worker with its own stage.
        public var jobs = ProcessInfo.processInfo.activeProcessorCount
        /// The records' file; standard output when nil.
        public var out: String?
        /// Keep what an interrupted run already wrote to `out` and do only the rest.
        public var resume = false
        /// The JSON summary's file, if one is asked for.
        public var summary: String?
        public var progress = ProgressReporter.Choice.auto
        public var limit = PixelLimit.standard

        public init(paths: [String], mode: Mode) {
            self.paths = paths
            self.mode = mode
        }
    }

    let job: Job
    let settings: SessionSettings
    let output: Session.Output
    let context: SessionContext

    public init(job: Job, settings: SessionSettings, output: Session.Output, context: SessionContext) {
        precondition(job.mode.takesStills, "a batch runs a mode's still stage")
        self.job = job
        self.settings = settings
        self.output = output
        self.context = context
    }

    private var wording: Wording { settings.wording }

    /// How a batch ended, when it did not fail.
    public enum Ending: Sendable, Equatable {
        case allRead
        /// Some image or video could not be read (its record says why).
        case someUnread
        /// Ctrl-C stopped it; the records written are whole, for `--resume`.
        case stopped
    }

    /// Runs the batch to its end, or until Ctrl-C.
    public func run() throws -> Ending {
        let console = context.console
        // Inputs: found in the folders, then filtered by --include/--exclude, then this
        // machine's share (--shard), then what an earlier run left undone (--resume).
        let found: BatchInputs
        do { found = try BatchInputs.collect(job.paths, filter: job.filter) } catch { throw RuntimeFailure(error) }
        try checkSomethingFound(found)
        let inputs = job.shard.map { shard in found.items.filter { shard.contains($0.path) } } ?? found.items

        let summaryFile = try Self.openSummary(job.summary)
        var kept = ResumeState()
        if job.resume, let out = job.out {
            do { kept = try BatchJournal.resume(out, inputs: inputs, every: job.every) } catch { throw RuntimeFailure(error) }
        }
        let todo = inputs.filter { !kept.completed.contains($0.path) }
        let records = try Self.openOutput(job.out, append: job.resume)
        // Its outputs open (and a journal repaired), the batch writes nothing else: sandboxed
        // before the models load and the workers start.
        let sandbox = context.confine(writing: [job.out, job.summary].compactMap { $0 }, settings: settings,
                                      speaks: output.plan.channels.contains(.speech))
        let interruption = Interruption(early: wording(.sessionStopped), console: console)
        defer { interruption.cancel() }
        // Records go to the output; the closing sentence to the person (spoken with --profile blind).
        let router = OutputAssembly.router(output.plan, speech: output.speech, braille: output.brailleGrade, wording: wording,
                                           console: console,
                                           factories: context.renderers)
        defer { router.finish() }
        // Workers run side by side; OpenCV (the network, decoding, colour conversion) gets each
        // worker's share of the cores, not all of them: its idle threads spin and would steal
        // time from the other workers (measured: reading 12 pages with 2 workers took 5 % longer).
        OpenCVThreads.limit(to: ProcessInfo.processInfo.activeProcessorCount / max(1, min(job.jobs, todo.count)))
        if let note = job.mode.startNote(settings) { console.report(wording(note)) }
        let runner: BatchRunner
        do {
            guard let makeStage = job.mode.still(settings) else { preconditionFailure("batch modes take stills") }
            runner = try BatchRunner(inputs: todo, every: job.every, jobs: job.jobs, limit: job.limit, wording: wording,
                                     makeAnalyzer: makeStage)
        } catch { throw RuntimeFailure(error) }
        let started = MonotonicClock.now()
        let progress = progressReporter(total: todo.count, hasVideos: todo.contains { $0.kind == .video }, router: router)
        let stop = BatchRunner.Stop()
        // Said at once: no record is written after it, though the inputs under way may take a
        // moment to let their engines go. No progress after it either.
        let stopped = wording(.batchStopped, ["resume": .text(job.out == nil ? "no" : "yes")])
        interruption.stopping {
            stop.request()
            progress.finish()
            router.report(stopped)
        }
        let done = runner.run(emit: { line in records.print(line) }, onItemDone: { _ in progress.advance() }, stop: stop)
        progress.finish()
        // No summary: it would count a batch that did not run to its end.
        if interruption.happened { return .stopped }
        let seconds = MonotonicClock.now().seconds(since: started)
        let summary = kept.summary + done + BatchSummary(skipped: found.skipped, passedOver: found.passedOver)

        if let summaryFile {
            let json = summary.json(excluded: found.excluded, records: done.images + done.frames, seconds: seconds,
                                    workers: runner.workers, shard: job.shard, sandbox: sandbox, wording: wording)
            summaryFile.write(Data((json.serialized() + "\n").utf8))
            try? summaryFile.close()
        }
        var sentence = summary.sentence(wording)
        if summary.failed > 0 { sentence += " " + wording(.batchErrorFieldsSayWhy, ["count": .integer(summary.failed)]) }
        router.report(sentence)
        return summary.failed == 0 ? .allRead : .someUnread
    }

    /// Nothing to process at all is a mistake worth a sentence; an empty shard, or a batch
    /// whose every input was already done, is not.
    private func checkSomethingFound(_ found: BatchInputs) throws {
        guard found.items.isEmpty else { return }
        let places = MessageArgument.text(job.paths.joined(separator: ", "))
        if found.excluded > 0 {
            throw RuntimeFailure(Message(.batchNoneIncluded, ["count": .integer(found.excluded), "places": places]))
        }
        var left: [String] = []
        if found.skipped > 0 { left.append(wording(.batchOtherFilesSkipped, ["count": .integer(found.skipped)])) }
        if found.passedOver.total > 0 { left.append(wording(.batchEntriesPassedOver, ["count": .integer(found.passedOver.total)])) }
        let skipped: MessageArgument = left.isEmpty
            ? .text("") : .message(Message(.batchWhatWasLeft, ["parts": .text(left.joined(separator: ", "))]))
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

    /// Progress for the person waiting: a plain sentence at each 10 percent, said at progress
    /// priority (never over anything else), or the line redrawn in place that `--progress bar`
    /// asks for.
    private func progressReporter(total: Int, hasVideos: Bool, router: OutputRouter) -> ProgressReporter {
        let console = context.console
        let style = ProgressReporter.style(job.progress, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        return ProgressReporter(total: total, unit: hasVideos ? .file : .image, wording: wording, style: style) { text in
            if style == .lines { router.report(text, kind: .progress) } else { console.redraw(text) }
        }
    }
}
