// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization
import Words
import Frames
import Narration

/// What a batch did, for its closing sentence, its JSON summary and its exit code.
public struct BatchSummary: Sendable, Equatable {
    public var images: Int
    public var videos: Int
    /// Frame records written for the videos.
    public var frames: Int
    /// Images and videos that got an error record.
    public var failed: Int
    /// Files in the folders that are neither images nor videos.
    public var skipped: Int
    /// Inputs already complete in the output of an earlier run (`--resume`), kept as they were.
    public var resumed: Int
    /// Entries of the folders that are not files to look at, by reason.
    public var passedOver: PassedOver

    public init(images: Int = 0, videos: Int = 0, frames: Int = 0, failed: Int = 0, skipped: Int = 0, resumed: Int = 0,
                passedOver: PassedOver = PassedOver()) {
        self.images = images
        self.videos = videos
        self.frames = frames
        self.failed = failed
        self.skipped = skipped
        self.resumed = resumed
        self.passedOver = passedOver
    }

    /// Images and videos.
    public var inputs: Int { images + videos }

    /// Two parts of one batch together: what an earlier run left and what this run did.
    public static func + (lhs: BatchSummary, rhs: BatchSummary) -> BatchSummary {
        BatchSummary(images: lhs.images + rhs.images, videos: lhs.videos + rhs.videos, frames: lhs.frames + rhs.frames,
                     failed: lhs.failed + rhs.failed, skipped: lhs.skipped + rhs.skipped, resumed: lhs.resumed + rhs.resumed,
                     passedOver: lhs.passedOver + rhs.passedOver)
    }

    /// Said once, when the batch ends (never per image): "Batch complete. 64 images and 2
    /// videos (1,800 frames), 2 could not be read, 12 other files skipped, 30 kept from the
    /// earlier run." Entries passed over follow, by reason: "…, passed over 1 named pipe or
    /// other special file and 2 broken or looping links." Counts have their thousands grouped,
    /// so "1,800" reads as one number.
    public func sentence(_ wording: Wording) -> String {
        let imagePart = MessageArgument.message(Message(.batchImageCount, ["count": .integer(images)]))
        let videoPart = MessageArgument.message(Message(.batchVideoCount, ["count": .integer(videos), "frames": .integer(frames)]))
        let inputs: MessageArgument = switch (images, videos) {
        case (_, 0): imagePart
        case (0, _): videoPart
        default: .list([imagePart, videoPart])
        }
        let reasons: [MessageArgument] = [
            (passedOver.specialFiles, MessageID.batchPassedOverSpecialFiles), (passedOver.brokenLinks, .batchPassedOverBrokenLinks),
            (passedOver.folderLinks, .batchPassedOverFolderLinks), (passedOver.unreadable, .batchPassedOverUnreadable),
            (passedOver.hidden, .batchPassedOverHidden),
        ].filter { $0.0 > 0 }.map { .message(Message($0.1, ["count": .integer($0.0)])) }
        return wording(.batchComplete, [
            "inputs": inputs, "failed": .integer(failed), "skipped": .integer(skipped), "resumed": .integer(resumed),
            "passedOver": .text(reasons.isEmpty ? "none" : "some"), "reasons": .list(reasons),
        ])
    }
}

/// Told as each input's work finishes, possibly before its records are written (they wait
/// while an earlier input is still running): the seam for a progress reporter.
public struct BatchItemDone: Sendable, Equatable {
    /// Inputs finished so far in this run, 1 to `total`; each call's is one more than the last.
    public var done: Int
    /// Inputs this run processes (not counting those kept by `--resume`).
    public var total: Int
    public var source: String
    /// Frame records written, for a video; 0 for an image.
    public var frames: Int
    public var failed: Bool
}

/// Runs one analyzer per worker thread over a list of images and videos and hands each
/// record, as one JSON line, to `emit` in input order, so output is the same whatever the
/// thread timing. A video is one input: one worker decodes it and analyses every `every`th
/// frame, a record per frame, then its end record. A bad image or video becomes an error
/// record; the batch goes on.
public final class BatchRunner {
    let inputs: [BatchInput]
    /// Indices of `inputs`, in windows of input order, largest file first within each: the big
    /// pages and the videos start early, so no worker is left with one long job at the end of
    /// a window while the others idle (longest-job-first). The window bounds how far work runs
    /// ahead of the records written, which records wait in memory and how much finished work a
    /// crash can lose: sorting the whole batch would hold back every record behind the smallest
    /// first image until the very end.
    let schedule: [Int]
    let every: Int
    /// Images and videos with larger pictures are refused before decoding.
    let limit: PixelLimit
    /// The words of the error records.
    let wording: Wording
    /// One per worker, each used by its worker's thread only.
    private let analyzers: [any ImageAnalyzer]

    /// All engines are created before any work starts, so a missing model or language file
    /// stops the batch at once with its own sentence rather than failing every image. With
    /// nothing to do (everything resumed), no engine is loaded at all.
    public init(inputs: [BatchInput], every: Int = 1, jobs: Int, limit: PixelLimit = .standard, wording: Wording,
                makeAnalyzer: () throws -> any ImageAnalyzer) throws {
        precondition(every >= 1, "every must be at least 1")
        self.inputs = inputs
        self.every = every
        self.limit = limit
        self.wording = wording
        let workers = min(max(1, jobs), inputs.count)
        self.schedule = Self.largestFirst(inputs.map(\.location), window: Self.window(workers: workers))
        self.analyzers = try (0..<workers).map { _ in try makeAnalyzer() }
    }

    /// Worker threads that will run: one per engine.
    public var workers: Int { analyzers.count }

    /// What one input gave, for the summary.
    struct Outcome: Equatable {
        var kind: BatchInput.Kind
        var frames = 0
        var failed = false
    }

    /// A worker's output: a record line, or the end of an input with what it gave.
    enum Output: Sendable {
        case record(String)
        case done(BatchSummary)
    }

    /// Asks a run to stop soon (Ctrl-C), from any thread: no input starts after it, a video
    /// being read stops at its next frame, no record is handed on after it, and `run` returns
    /// once the inputs under way have let their engines go. What was handed on is whole records
    /// of whole inputs, in order, but for a video whose end record never came, which `--resume`
    /// removes and does again.
    public final class Stop: Sendable {
        private let state = Mutex<(requested: Bool, action: (@Sendable () -> Void)?)>((false, nil))

        public init() {}

        public func request() {
            let action = state.withLock { state in
                state.requested = true
                return state.action
            }
            action?()
        }

        public var isRequested: Bool { state.withLock { $0.requested } }

        /// `action` runs on the request, or at once if it came already.
        func whenRequested(_ action: @escaping @Sendable () -> Void) {
            let requested = state.withLock { state in
                state.action = action
                return state.requested
            }
            if requested { action() }
        }
    }

    /// Processes every input and returns what it did (`skipped` and `resumed` are the
    /// caller's to add). `emit` gets each record line, one call at a time, in input order, on
    /// the calling thread. `onItemDone` is the one place a progress reporter hooks in: it is
    /// called on a worker thread as each input is finished (its records may still wait for
    /// an earlier input), one call at a time, so it must return quickly.
    public func run(emit: (String) -> Void,
                    onItemDone: (@Sendable (BatchItemDone) -> Void)? = nil, stop: Stop = Stop()) -> BatchSummary {
        guard !analyzers.isEmpty else { return BatchSummary() }
        let done = Mutex(0)
        var next = 0
        let workers = OrderedWorkers<Output>(
            engines: analyzers, name: "batch worker",
            nextJob: { [schedule] () -> (place: Int, job: Int)? in
                guard next < schedule.count, !stop.isRequested else { return nil }
                defer { next += 1 }
                return (schedule[next], schedule[next])
            },
            work: { [inputs, every, limit, wording] (analyzer: any ImageAnalyzer, index: Int, emit: (Output) -> Void) in
                let input = inputs[index]
                let write: (String) -> Void = { emit(.record($0)) }
                let outcome = switch input.kind {
                case .image: Self.processImage(input, limit: limit, with: analyzer, wording: wording, write: write)
                case .video: Self.processVideo(input, every: every, limit: limit, with: analyzer, wording: wording, write: write,
                                               stopped: { stop.isRequested })
                }
                emit(.done(outcome.summary))
                done.withLock { done in
                    done += 1
                    onItemDone?(BatchItemDone(done: done, total: inputs.count, source: input.path,
                                              frames: outcome.frames, failed: outcome.failed))
                }
            })
        stop.whenRequested { workers.stop() }
        var summary = BatchSummary()
        // Processing an input never throws: a bad one becomes its error record.
        while let output = try? workers.next() {
            switch output {
            case .record(let line): emit(line)
            case .done(let outcome): summary = summary + outcome
            }
        }
        workers.waitForWorkers()
        return summary
    }

    /// Inputs sorted together: enough for every worker to take a few, so sorting still pays.
    static func window(workers: Int) -> Int { max(16, 4 * workers) }

    /// File size stands in for the work an input takes; unreadable files sort last (within
    /// their window) and fail fast. Windows are consecutive runs of `window` inputs.
    static func largestFirst(_ paths: [String], window: Int = .max) -> [Int] {
        largestFirst(paths.map(RawPath.init), window: window)
    }

    static func largestFirst(_ paths: [RawPath], window: Int = .max) -> [Int] {
        let sizes = paths.map { path in
            var status = stat()
            return path.withCString { stat($0, &status) } == 0 ? Int(status.st_size) : 0
        }
        let window = max(1, window)
        return stride(from: 0, to: paths.count, by: window).flatMap { start in
            let end = window >= paths.count - start ? paths.count : start + window
            return (start..<end).sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        }
    }

    /// An error record's sentence, in `wording` (SystemReason.sentence: never the error's own English).
    static func sentence(_ error: any Error, _ wording: Wording) -> String {
        wording(SystemReason.sentence(for: error))
    }

    static func processImage(_ input: BatchInput, limit: PixelLimit, with analyzer: any ImageAnalyzer, wording: Wording,
                             write: (String) -> Void) -> Outcome {
        let path = input.path
        do {
            let image = try ImageFile.load(input.location, name: path, limit: limit)
            write(try analyzer.analyze(image, source: path).record.serialized())
            return Outcome(kind: .image)
        } catch {
            write(ResultRecord.failure(source: path, error: sentence(error, wording)).serialized())
            return Outcome(kind: .image, failed: true)
        }
    }

    /// Decodes every frame (a video's frames can only be reached in order) and analyses
    /// frames 0, `every`, 2 × `every`, …; each gets its record as soon as it is analysed, and
    /// the end record follows the last. A video that cannot be opened, or breaks off, ends
    /// with an error record instead; a frame the analyzer refuses gets a frame error record
    /// and the video goes on. When `stopped` says so it ends at once, without its end record.
    static func processVideo(_ input: BatchInput, every: Int, limit: PixelLimit, with analyzer: any ImageAnalyzer,
                             wording: Wording, write: (String) -> Void, stopped: () -> Bool = { false }) -> Outcome {
        let path = input.path
        var outcome = Outcome(kind: .video)
        func fail(_ error: any Error) -> Outcome {
            // A damaged video keeps the records of the frames before the damage.
            let said = (error as? VideoError).map { wording($0.message(recordsStop: true)) } ?? sentence(error, wording)
            write(ResultRecord.failure(source: path, error: said).serialized())
            outcome.failed = true
            return outcome
        }
        let video: VideoFile
        do { video = try VideoFile(location: input.location, name: path, limit: limit) } catch { return fail(error) }
        var decoded = 0
        do {
            while let frame = try video.nextFrame() {
                if stopped() { return outcome }
                decoded += 1
                guard frame.index % every == 0 else { continue }
                let seconds = frame.timestamp.seconds
                let record: JSONValue
                do {
                    record = BatchRecord.frame(try analyzer.analyze(frame.image, source: path).record,
                                               index: frame.index, seconds: seconds)
                } catch {
                    record = BatchRecord.frameFailure(source: path, index: frame.index, seconds: seconds,
                                                      error: sentence(error, wording))
                }
                write(record.serialized())
                outcome.frames += 1
            }
        } catch {
            return fail(error)
        }
        // A file that opens but gives no picture is as unusable as one that does not open.
        if decoded == 0 { return fail(VideoError.unreadable(path: path, reason: "no frames")) }
        write(BatchRecord.videoEnd(source: path, frames: outcome.frames, every: every).serialized())
        return outcome
    }
}

extension BatchRunner.Outcome {
    var summary: BatchSummary {
        BatchSummary(images: kind == .image ? 1 : 0, videos: kind == .video ? 1 : 0, frames: frames, failed: failed ? 1 : 0)
    }
}
