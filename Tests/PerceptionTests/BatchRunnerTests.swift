import Foundation
import Synchronization
import Testing
@testable import Perception
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Fixtures

/// Writes a real PNG of `width` × 20 pixels; widths differ per image, so a record's width
/// shows which file the analyzer was given.
private func writePNG(width: Int, to url: URL) throws {
    let height = 20, rowBytes = width * 3
    let pixels = [UInt8](repeating: 90, count: rowBytes * height)
    let image = try pixels.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: rowBytes) }
    try Data(try image.pngData()).write(to: url)
}

/// `count` real images named img00.png…; image i is 16 + i pixels wide.
private func writeImages(_ count: Int, in directory: URL) throws -> [String] {
    try (0..<count).map { index in
        let url = directory.appendingPathComponent(String(format: "img%02d.png", index))
        try writePNG(width: 16 + index, to: url)
        return url.path
    }
}

/// What every fake analyzer saw, shared by all of them and the test.
private final class Journal: Sendable {
    struct Call {
        var analyzer: Int
        var thread: pthread_t
        var source: String
    }

    private let state = Mutex<(calls: [Call], overlaps: Int, created: Int)>(([], 0, 0))

    func nextAnalyzerID() -> Int {
        state.withLock { state in
            state.created += 1
            return state.created - 1
        }
    }
    func record(_ call: Call) { state.withLock { $0.calls.append(call) } }
    func overlapped() { state.withLock { $0.overlaps += 1 } }

    var calls: [Call] { state.withLock { $0.calls } }
    var overlaps: Int { state.withLock { $0.overlaps } }
    var created: Int { state.withLock { $0.created } }
}

private struct AnalyzerRefused: Error, CustomStringConvertible {
    var description: String { "the fake analyzer refuses this image." }
}

/// Stands in for a detector or OCR engine: notes the instance and thread it runs on, flags any
/// concurrent use of itself, sleeps on chosen images so later images finish first, and returns
/// a record naming the source and the image's width.
private final class FakeAnalyzer: ImageAnalyzer {
    let id: Int
    let journal: Journal
    let delay: (String) -> useconds_t
    let refuse: (String) -> Bool
    private let active = Atomic<Int>(0)

    init(journal: Journal, delay: @escaping (String) -> useconds_t = { _ in 0 },
         refuse: @escaping (String) -> Bool = { _ in false }) {
        self.id = journal.nextAnalyzerID()
        self.journal = journal
        self.delay = delay
        self.refuse = refuse
    }

    func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        if active.add(1, ordering: .sequentiallyConsistent).newValue > 1 { journal.overlapped() }
        defer { active.subtract(1, ordering: .sequentiallyConsistent) }
        journal.record(.init(analyzer: id, thread: pthread_self(), source: source))
        let pause = delay(source)
        if pause > 0 { usleep(pause) }
        if refuse(source) { throw AnalyzerRefused() }
        let record = JSONValue.object([("source", .string(source)), ("width", .integer(image.width)),
                                       ("analyzer", .integer(id))])
        return ImageAnalysis(record: record, captions: [])
    }
}

/// Runs a batch and returns every emitted line, in emission order, with the summary.
private func runBatch(_ inputs: ImageInputs, jobs: Int,
                      makeAnalyzer: () throws -> any ImageAnalyzer) throws -> (lines: [String], summary: BatchSummary) {
    let runner = try BatchRunner(inputs: inputs, jobs: jobs, makeAnalyzer: makeAnalyzer)
    let lines = Mutex<[String]>([])
    let summary = runner.run { line in lines.withLock { $0.append(line) } }
    return (lines.withLock { $0 }, summary)
}

private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
}

/// Sleeps longest on the first images, so with several workers they finish last.
private func slowFirst(_ paths: [String]) -> (String) -> useconds_t {
    { source in
        guard let index = paths.firstIndex(of: source) else { return 0 }
        return index % 3 == 0 ? useconds_t((paths.count - index) * 3_000) : 0
    }
}

// MARK: - Order and threading

@Suite struct BatchRunnerTests {
    @Test(arguments: [1, 2, 4])
    func recordsComeOutInInputOrder(jobs: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(12, in: directory)
            let journal = Journal()
            let (lines, summary) = try runBatch(ImageInputs(images: paths, skipped: 0), jobs: jobs) {
                FakeAnalyzer(journal: journal, delay: slowFirst(paths))
            }
            try #require(lines.count == paths.count)
            for (index, line) in lines.enumerated() {
                let record = try object(line)
                #expect(record["source"] as? String == paths[index])
                #expect(record["width"] as? Int == 16 + index)  // this image's pixels, not another's
            }
            #expect(summary == BatchSummary(processed: 12, failed: 0, skipped: 0))
            // Every image was analysed exactly once.
            #expect(journal.calls.map(\.source).sorted() == paths)
        }
    }

    @Test(arguments: [1, 2, 4])
    func eachAnalyzerBelongsToOneThread(jobs: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(16, in: directory)
            let journal = Journal()
            _ = try runBatch(ImageInputs(images: paths, skipped: 0), jobs: jobs) {
                FakeAnalyzer(journal: journal, delay: slowFirst(paths))
            }
            #expect(journal.created == jobs)
            #expect(journal.overlaps == 0, "an analyzer ran on two images at once")
            let threadsPerAnalyzer = Dictionary(grouping: journal.calls, by: \.analyzer).mapValues { Set($0.map(\.thread)) }
            for (analyzer, threads) in threadsPerAnalyzer {
                #expect(threads.count == 1, "analyzer \(analyzer) ran on \(threads.count) threads")
            }
            // And no two analyzers shared a thread: one engine per worker.
            let owners = Dictionary(grouping: journal.calls, by: \.thread).mapValues { Set($0.map(\.analyzer)) }
            for (_, analyzers) in owners {
                #expect(analyzers.count == 1, "one thread used analyzers \(analyzers.sorted())")
            }
        }
    }

    @Test func neverMoreAnalyzersThanImages() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(2, in: directory)
            let journal = Journal()
            let (lines, _) = try runBatch(ImageInputs(images: paths, skipped: 0), jobs: 8) {
                FakeAnalyzer(journal: journal)
            }
            #expect(journal.created == 2)
            #expect(lines.count == 2)
        }
    }

    @Test func emptyBatchEmitsNothing() throws {
        let journal = Journal()
        let (lines, summary) = try runBatch(ImageInputs(images: [], skipped: 3), jobs: 4) {
            FakeAnalyzer(journal: journal)
        }
        #expect(lines.isEmpty)
        #expect(journal.calls.isEmpty)
        #expect(summary == BatchSummary(processed: 0, failed: 0, skipped: 3))
    }
}

// MARK: - Bad images

@Suite struct BatchRunnerFailureTests {
    @Test(arguments: [1, 3])
    func badFilesBecomeErrorRecordsAndTheRestContinue(jobs: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let good = try writeImages(4, in: directory)
            let missing = directory.appendingPathComponent("gone.jpg").path
            let garbage = directory.appendingPathComponent("garbage.png")
            try Data("not a picture".utf8).write(to: garbage)
            let paths = [good[0], missing, good[1], good[2], garbage.path, good[3]]
            let journal = Journal()
            let (lines, summary) = try runBatch(ImageInputs(images: paths, skipped: 2), jobs: jobs) {
                FakeAnalyzer(journal: journal, delay: slowFirst(paths))
            }
            try #require(lines.count == 6)

            // The missing file: exactly the failure schema with ImageFile's own sentence.
            #expect(lines[1] == ResultRecord.failure(source: missing,
                                                     error: ImageError.notFound(path: missing).description).serialized())
            #expect(lines[1].hasPrefix(#"{"source":"#))
            // The undecodable one: source then error, and the sentence says what to use instead.
            #expect(lines[4] == ResultRecord.failure(
                source: garbage.path,
                error: ImageError.undecodable(path: garbage.path, reason: "").description).serialized())
            #expect(lines[4].range(of: #""source":"#)!.lowerBound < lines[4].range(of: #""error":"#)!.lowerBound)

            // Everything else was analysed, in order.
            for index in [0, 2, 3, 5] {
                let record = try object(lines[index])
                #expect(record["source"] as? String == paths[index])
                #expect(record["error"] == nil)
            }
            #expect(journal.calls.map(\.source).sorted() == good)
            #expect(summary == BatchSummary(processed: 6, failed: 2, skipped: 2))
            #expect(summary.sentence == "Batch complete. 6 images, 2 could not be read, 2 other files skipped.")
        }
    }

    @Test func analyzerErrorBecomesAnErrorRecord() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(3, in: directory)
            let journal = Journal()
            let (lines, summary) = try runBatch(ImageInputs(images: paths, skipped: 0), jobs: 2) {
                FakeAnalyzer(journal: journal, refuse: { $0 == paths[1] })
            }
            try #require(lines.count == 3)
            #expect(lines[1] == ResultRecord.failure(source: paths[1], error: "\(AnalyzerRefused())").serialized())
            #expect(try object(lines[2])["source"] as? String == paths[2])
            #expect(summary.failed == 1)
        }
    }
}

// MARK: - Engine creation

private struct NoModel: Error {}

@Suite struct BatchScheduleTests {
    @Test func largestFilesAreHandedOutFirstAndTiesKeepInputOrder() throws {
        try TestResources.withTemporaryDirectory { directory in
            let sizes = [10, 300, 50, 300, 0]
            let paths = try sizes.enumerated().map { index, size in
                let url = directory.appendingPathComponent("f\(index).bin")
                try Data(repeating: 7, count: size).write(to: url)
                return url.path
            }
            let missing = directory.appendingPathComponent("missing.jpg").path
            #expect(BatchRunner.largestFirst(paths + [missing]) == [1, 3, 2, 0, 4, 5])
        }
    }
}

@Suite struct BatchRunnerInitTests {
    @Test func throwingFactoryStopsInit() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(3, in: directory)
            #expect(throws: NoModel.self) {
                _ = try BatchRunner(inputs: ImageInputs(images: paths, skipped: 0), jobs: 2) { throw NoModel() }
            }
        }
    }

    /// The second engine fails after the first was made: still no runner, so no image is
    /// analysed with a half-built set of workers.
    @Test func factoryFailingPartWayStopsInit() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(3, in: directory)
            let journal = Journal()
            #expect(throws: NoModel.self) {
                _ = try BatchRunner(inputs: ImageInputs(images: paths, skipped: 0), jobs: 3) {
                    if journal.created == 1 { throw NoModel() }
                    return FakeAnalyzer(journal: journal)
                }
            }
            #expect(journal.created == 1)
            #expect(journal.calls.isEmpty)
        }
    }
}

// MARK: - Summary sentence

@Suite struct BatchSummaryTests {
    @Test(arguments: [
        (1, 0, 0, "Batch complete. 1 image."),
        (0, 0, 0, "Batch complete. 0 images."),
        (64, 2, 3, "Batch complete. 64 images, 2 could not be read, 3 other files skipped."),
        (64, 2, 0, "Batch complete. 64 images, 2 could not be read."),
        (5, 0, 1, "Batch complete. 5 images, 1 other file skipped."),
        (2, 1, 1, "Batch complete. 2 images, 1 could not be read, 1 other file skipped."),
        (1, 1, 2, "Batch complete. 1 image, 1 could not be read, 2 other files skipped."),
    ])
    func sentence(processed: Int, failed: Int, skipped: Int, expected: String) {
        #expect(BatchSummary(processed: processed, failed: failed, skipped: skipped).sentence == expected)
    }
}
