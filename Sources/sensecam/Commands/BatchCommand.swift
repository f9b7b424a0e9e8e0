// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Modes
import Options
import Perception

/// `batch PATH... --mode aware|read|scan`: every image, and every video frame asked for, one JSON
/// line each, workers in parallel; resumable after a crash, shardable across machines. The
/// batch itself is Perception's `BatchSession`; this reads its options.
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
            .choice(\.mode, "mode", value: "mode", help: Message(.helpBatchMode), among: ModeList.batchModes, name: { $0.name },
                    required: true),
            .text(\.out, "out", value: "file", help: Message(.helpBatchOut)),
            .flag(\.resume, "resume", help: Message(.helpBatchResume)),
            .wholeNumber(\.jobs, "jobs", short: "j", value: "n", help: Message(.helpBatchJobs), in: 1...256, showsDefault: false)
                .defaulting(to: Message(.helpBatchJobsDefault)),
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
        options: BatchOptions.specs + ProgressOptions.specs + [InputOptions.batchLimitSpec] + DetectionOptions.specs + ReadingOptions.languageSpecs
            + ReadingOptions.pictureSpecs + OutputOptions.batchSpecs)

    /// Only records written to a file can be resumed.
    static let rules: [OptionRule] = [.refuse(when: .given("resume") && !.given("out"), .usageResumeNeedsOut)]

    // Checked before any file is touched or engine loaded.
    let paths: [String]
    let options: BatchOptions
    let progress: ProgressOptions
    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        paths = command.arguments("path")
        settings = try Settings(command, rules: Self.rules)
        options = try BatchOptions(command)
        progress = try ProgressOptions(command)
    }

    var narration: Settings? { settings }

    func run(in context: SessionContext) throws -> Int32 {
        // Required, so the parser has made sure it is there.
        var job = BatchSession.Job(paths: paths, mode: options.mode ?? .aware)
        // Another mode's records would be kept as if this mode had done them, and nothing new written.
        if options.resume, let out = options.out, let found = BatchJournal.otherMode(in: out, than: job.mode.name) {
            throw UsageError(Message(.usageBatchResumeOtherMode, ["path": .text(out), "found": .text(found),
                                                                  "mode": .text(job.mode.name)]),
                             path: ["sensecam", "batch"])
        }
        job.filter = InputFilter(include: options.include, exclude: options.exclude)
        job.shard = options.shard
        job.every = options.every
        job.jobs = options.jobs
        job.out = options.out
        job.resume = options.resume
        job.summary = options.summary
        job.progress = progress.progress
        job.limit = settings.input.limit
        let output = Session.Output(plan: settings.outputPlan, speech: settings.speech)
        switch try BatchSession(job: job, settings: settings.pipeline, output: output, context: context).run() {
        case .allRead: return 0
        case .someUnread: return 1
        case .stopped: return Interruption.exitStatus
        }
    }
}
