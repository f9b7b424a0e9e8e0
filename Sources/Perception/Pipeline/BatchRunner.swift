import Foundation
import Synchronization

/// What a batch did, for its closing sentence and exit code.
public struct BatchSummary: Sendable, Equatable {
    public var processed: Int
    public var failed: Int
    public var skipped: Int

    /// Said once, when the batch ends (never per image): "Batch complete. 64 images, 2 could
    /// not be read."
    public var sentence: String {
        var text = "Batch complete. \(processed) \(processed == 1 ? "image" : "images")"
        if failed > 0 { text += ", \(failed) could not be read" }
        if skipped > 0 { text += ", \(skipped) other \(skipped == 1 ? "file" : "files") skipped" }
        return text + "."
    }
}

/// Runs one analyzer per worker thread over a list of images and hands each record, as one
/// JSON line, to `emit` in input order, so output is the same whatever the thread timing.
/// A bad image becomes an error record; the batch goes on.
public final class BatchRunner: Sendable {
    let images: [String]
    /// Indices of `images`, largest file first: the big pages start early, so no worker is
    /// left with one long page at the end while the others idle (longest-job-first).
    let schedule: [Int]
    let skipped: Int
    private let analyzers: [AnalyzerBox]

    /// Owned by exactly one worker thread for the whole run, so never used concurrently.
    private final class AnalyzerBox: @unchecked Sendable {
        let analyzer: any ImageAnalyzer
        init(_ analyzer: any ImageAnalyzer) { self.analyzer = analyzer }
    }

    /// All engines are created before any work starts, so a missing model or language file
    /// stops the batch at once with its own sentence rather than failing every image.
    public init(inputs: ImageInputs, jobs: Int, makeAnalyzer: () throws -> any ImageAnalyzer) throws {
        self.images = inputs.images
        self.schedule = Self.largestFirst(inputs.images)
        self.skipped = inputs.skipped
        let workers = max(1, min(jobs, inputs.images.count))
        self.analyzers = try (0..<workers).map { _ in AnalyzerBox(try makeAnalyzer()) }
    }

    private struct Progress {
        var next = 0                 // next position in the schedule to hand out
        var written = 0              // records emitted so far, in order
        var finished: [Int: String] = [:]  // done but waiting for earlier ones
        var failed = 0
    }

    public func run(emit: @escaping @Sendable (String) -> Void) -> BatchSummary {
        let progress = Mutex(Progress())
        let done = DispatchGroup()
        for box in analyzers {
            done.enter()
            // Tesseract and DNN calls block for a long time: they get threads of their own,
            // never the cooperative pool.
            let thread = Thread { [images, schedule] in
                defer { done.leave() }
                while true {
                    let index: Int? = progress.withLock { state in
                        guard state.next < schedule.count else { return nil }
                        defer { state.next += 1 }
                        return schedule[state.next]
                    }
                    guard let index else { return }
                    let (line, ok) = Self.process(images[index], with: box.analyzer)
                    progress.withLock { state in
                        if !ok { state.failed += 1 }
                        state.finished[index] = line
                        while let ready = state.finished.removeValue(forKey: state.written) {
                            emit(ready)
                            state.written += 1
                        }
                    }
                }
            }
            thread.stackSize = 8 << 20  // Tesseract recurses deeply on complex pages
            thread.start()
        }
        done.wait()
        let failed = progress.withLock { $0.failed }
        return BatchSummary(processed: images.count, failed: failed, skipped: skipped)
    }

    /// File size stands in for the work an image takes; unreadable files sort last and fail fast.
    static func largestFirst(_ paths: [String]) -> [Int] {
        let sizes = paths.map { path in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0
        }
        return paths.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    private static func process(_ path: String, with analyzer: any ImageAnalyzer) -> (String, Bool) {
        do {
            let image = try ImageFile.load(path)
            return (try analyzer.analyze(image, source: path).record.serialized(), true)
        } catch {
            return (ResultRecord.failure(source: path, error: "\(error)").serialized(), false)
        }
    }
}
