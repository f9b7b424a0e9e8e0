// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
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

/// A refusal that words itself, as every error a batch records must (its description is the
/// English sentence).
private struct AnalyzerRefused: WordedError {
    var message: Message { Message(.imageUnreadable, ["path": .text("fake.png"), "reason": .message(.reasonPermissionDenied)]) }
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
        return ImageAnalysis(record: record, events: [])
    }
}

/// Runs a batch and returns every emitted line, in emission order, with the summary.
private func runBatch(_ inputs: [BatchInput], every: Int = 1, jobs: Int,
                      makeAnalyzer: () throws -> any ImageAnalyzer) throws -> (lines: [String], summary: BatchSummary) {
    let runner = try BatchRunner(inputs: inputs, every: every, jobs: jobs, wording: .english, makeAnalyzer: makeAnalyzer)
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
            let (lines, summary) = try runBatch(paths.map(BatchInput.image), jobs: jobs) {
                FakeAnalyzer(journal: journal, delay: slowFirst(paths))
            }
            try #require(lines.count == paths.count)
            for (index, line) in lines.enumerated() {
                let record = try object(line)
                #expect(record["source"] as? String == paths[index])
                #expect(record["width"] as? Int == 16 + index)  // this image's pixels, not another's
            }
            #expect(summary == BatchSummary(images: 12))
            // Every image was analysed exactly once.
            #expect(journal.calls.map(\.source).sorted() == paths)
        }
    }

    @Test(arguments: [1, 2, 4])
    func eachAnalyzerBelongsToOneThread(jobs: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(16, in: directory)
            let journal = Journal()
            _ = try runBatch(paths.map(BatchInput.image), jobs: jobs) {
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
            let (lines, _) = try runBatch(paths.map(BatchInput.image), jobs: 8) {
                FakeAnalyzer(journal: journal)
            }
            #expect(journal.created == 2)
            #expect(lines.count == 2)
        }
    }

    @Test func emptyBatchEmitsNothing() throws {
        let journal = Journal()
        let (lines, summary) = try runBatch([BatchInput](), jobs: 4) {
            FakeAnalyzer(journal: journal)
        }
        #expect(lines.isEmpty)
        #expect(journal.calls.isEmpty)
        #expect(journal.created == 0, "nothing to do loads no engine")
        #expect(summary == BatchSummary())
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
            let (lines, summary) = try runBatch(paths.map(BatchInput.image), jobs: jobs) {
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
            #expect(summary == BatchSummary(images: 6, failed: 2))
            #expect((summary + BatchSummary(skipped: 2)).sentence(.english)
                    == "Batch complete. 6 images, 2 could not be read, 2 other files skipped.")
        }
    }

    @Test func analyzerErrorBecomesAnErrorRecord() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(3, in: directory)
            let journal = Journal()
            let (lines, summary) = try runBatch(paths.map(BatchInput.image), jobs: 2) {
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
            // In windows of input order, sorted within each.
            #expect(BatchRunner.largestFirst(paths + [missing], window: 3) == [1, 2, 0, 3, 4, 5])
            #expect(BatchRunner.largestFirst(paths + [missing], window: 2) == [1, 0, 3, 2, 4, 5])
            #expect(BatchRunner.largestFirst(paths + [missing], window: 1) == [0, 1, 2, 3, 4, 5])
        }
    }

    /// Records behind a small first image are held back only within its window: with 40
    /// images and one worker, the first record is written as soon as the first window of 16
    /// is done, long before the last image is (each takes 3 ms, so the writer, woken when the
    /// record is ready, is not outrun by more than a few images).
    @Test func recordsAreWrittenAsEachWindowFinishes() throws {
        try TestResources.withTemporaryDirectory { directory in
            // Image 0 is the smallest, so whole-batch sorting would analyse it last.
            let paths = try (0..<40).map { index in
                let url = directory.appendingPathComponent(String(format: "img%02d.png", index))
                try writePNG(width: index == 0 ? 16 : 200 + index, to: url)
                return url.path
            }
            #expect(BatchRunner.window(workers: 1) == 16)
            let journal = Journal()
            let runner = try BatchRunner(inputs: paths.map(BatchInput.image), jobs: 1, wording: .english) {
                FakeAnalyzer(journal: journal, delay: { _ in 3_000 })
            }
            let analysedBeforeFirstRecord = Mutex<Int?>(nil)
            _ = runner.run { _ in
                analysedBeforeFirstRecord.withLock { $0 = $0 ?? journal.calls.count }
            }
            let analysed = try #require(analysedBeforeFirstRecord.withLock { $0 })
            #expect((16...20).contains(analysed), "the first record waited for \(analysed) images")
            #expect(journal.calls.count == 40)
        }
    }
}

@Suite struct BatchRunnerInitTests {
    @Test func throwingFactoryStopsInit() throws {
        try TestResources.withTemporaryDirectory { directory in
            let paths = try writeImages(3, in: directory)
            #expect(throws: NoModel.self) {
                _ = try BatchRunner(inputs: paths.map(BatchInput.image), jobs: 2, wording: .english) { throw NoModel() }
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
                _ = try BatchRunner(inputs: paths.map(BatchInput.image), jobs: 3, wording: .english) {
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
    func sentence(images: Int, failed: Int, skipped: Int, expected: String) {
        #expect(BatchSummary(images: images, failed: failed, skipped: skipped).sentence(.english) == expected)
    }

    @Test(arguments: [
        (BatchSummary(images: 64, videos: 2, frames: 1_800, failed: 2), "Batch complete. 64 images and 2 videos (1,800 frames), 2 could not be read."),
        (BatchSummary(videos: 1, frames: 9), "Batch complete. 1 video (9 frames)."),
        (BatchSummary(videos: 1, frames: 1), "Batch complete. 1 video (1 frame)."),
        (BatchSummary(videos: 3, frames: 0, failed: 3), "Batch complete. 3 videos (0 frames), 3 could not be read."),
        (BatchSummary(images: 1, videos: 1, frames: 1_234_567), "Batch complete. 1 image and 1 video (1,234,567 frames)."),
        (BatchSummary(images: 20, resumed: 7), "Batch complete. 20 images, 7 kept from the earlier run."),
        (BatchSummary(images: 12_000, videos: 2, frames: 100, failed: 1, skipped: 1, resumed: 1_000),
         "Batch complete. 12,000 images and 2 videos (100 frames), 1 could not be read, 1 other file skipped, 1,000 kept from the earlier run."),
    ])
    func sentenceWithVideosAndResume(summary: BatchSummary, expected: String) {
        #expect(summary.sentence(.english) == expected)
    }

    @Test func partsAddUp() {
        let kept = BatchSummary(images: 3, videos: 1, frames: 9, failed: 1, resumed: 4)
        let now = BatchSummary(images: 5, videos: 2, frames: 18, failed: 0)
        #expect(kept + now + BatchSummary(skipped: 2)
                == BatchSummary(images: 8, videos: 3, frames: 27, failed: 1, skipped: 2, resumed: 4))
        #expect((kept + now).inputs == 11)
    }
}

// MARK: - Videos

/// `video/walk.mkv`: 640 x 480 at 30 frames per second, 89 frames (`ffprobe -count_frames`).
private let walkFrameCount = 89

private func walkVideo() throws -> String { try TestResources.file("video/walk.mkv").path }

/// The frame records of `lines` for `source`, then its end record, checked to be exactly that
/// shape: frames every `every` from 0, times rising with the frame number at 30 per second.
private func checkVideoRecords(_ lines: [String], source: String, every: Int) throws {
    let expected = Array(stride(from: 0, to: walkFrameCount, by: every))
    try #require(lines.count == expected.count + 1, "\(lines.count) lines for \(expected.count) frames: \(lines)")
    var lastTime = -1.0
    for (line, frame) in zip(lines, expected) {
        let record = try object(line)
        #expect(record["source"] as? String == source)
        #expect(record["frame"] as? Int == frame, "\(line)")
        let time = try #require((record["t"] as? NSNumber)?.doubleValue, "\(line)")
        #expect(time > lastTime, "time goes forward: \(line)")
        #expect(abs(time - Double(frame) / 30) < 0.002, "frame \(frame) at \(time) s")
        lastTime = time
        #expect(line.hasPrefix(#"{"source":"# + "\"\(source)\"" + #","frame":\#(frame),"t":"#), "frame and t follow source: \(line)")
    }
    #expect(lines.last == BatchRecord.videoEnd(source: source, frames: expected.count, every: every).serialized())
}

@Suite struct BatchVideoTests {
    @Test(arguments: [1, 10, 30, 100])
    func oneRecordPerNthFrameThenTheEndRecord(every: Int) throws {
        let video = try walkVideo()
        let journal = Journal()
        let (lines, summary) = try runBatch([.video(video)], every: every, jobs: 2) { FakeAnalyzer(journal: journal) }
        try checkVideoRecords(lines, source: video, every: every)
        let frames = (walkFrameCount + every - 1) / every
        #expect(summary == BatchSummary(videos: 1, frames: frames))
        #expect(journal.calls.count == frames, "only the chosen frames are analysed")
        #expect(try object(lines[0])["width"] as? Int == 640, "the analyzer got the decoded frame")
        #expect(journal.created == 1, "one input, one engine")
    }

    /// A slow image before the video holds its records back; a slow video holds back the
    /// images after it: either way the lines come out in input order, the video's together.
    @Test(arguments: [0, 1])
    func videoRecordsStayInInputOrderAmongImages(slow: Int) throws {
        let video = try walkVideo()
        try TestResources.withTemporaryDirectory { directory in
            let images = try writeImages(3, in: directory)
            let inputs: [BatchInput] = [.image(images[0]), .video(video), .image(images[1]), .image(images[2])]
            let slowSource = slow == 0 ? images[0] : video
            let journal = Journal()
            let (lines, summary) = try runBatch(inputs, every: 10, jobs: 3) {
                FakeAnalyzer(journal: journal, delay: { $0 == slowSource ? (slow == 0 ? 300_000 : 30_000) : 0 })
            }
            try #require(lines.count == 1 + 10 + 2, "\(lines)")
            #expect(try object(lines[0])["source"] as? String == images[0])
            try checkVideoRecords(Array(lines[1...10]), source: video, every: 10)
            #expect(try object(lines[11])["source"] as? String == images[1])
            #expect(try object(lines[12])["source"] as? String == images[2])
            #expect(summary == BatchSummary(images: 3, videos: 1, frames: 9))
        }
    }

    @Test func videoThatCannotBeOpenedGetsAnErrorRecordAndTheBatchGoesOn() throws {
        try TestResources.withTemporaryDirectory { directory in
            let images = try writeImages(1, in: directory)
            let text = directory.appendingPathComponent("clip.mp4")
            try Data("not a video at all\n".utf8).write(to: text)
            let missing = directory.appendingPathComponent("gone.mkv").path
            let inputs: [BatchInput] = [.video(text.path), .video(missing), .image(images[0])]
            let (lines, summary) = try runBatch(inputs, jobs: 2) { FakeAnalyzer(journal: Journal()) }
            try #require(lines.count == 3, "\(lines)")
            #expect(lines[0] == ResultRecord.failure(
                source: text.path, error: VideoError.unreadable(path: text.path, reason: "").description).serialized())
            #expect(lines[1] == ResultRecord.failure(
                source: missing, error: VideoError.notFound(path: missing).description).serialized())
            #expect(try object(lines[2])["source"] as? String == images[0])
            #expect(summary == BatchSummary(images: 1, videos: 2, frames: 0, failed: 2))
        }
    }

    /// A frame the engine refuses is a frame error record; the video still ends complete.
    @Test func refusedFramesGetFrameErrorRecords() throws {
        let video = try walkVideo()
        let (lines, summary) = try runBatch([.video(video)], every: 30, jobs: 1) {
            FakeAnalyzer(journal: Journal(), refuse: { _ in true })
        }
        try #require(lines.count == 4, "\(lines)")
        for (line, frame) in zip(lines, [0, 30, 60]) {
            let record = try object(line)
            #expect(Set(record.keys) == ["source", "frame", "t", "error"], "\(line)")
            #expect(record["frame"] as? Int == frame)
            #expect(record["error"] as? String == "\(AnalyzerRefused())")
        }
        #expect(lines[3] == BatchRecord.videoEnd(source: video, frames: 3, every: 30).serialized())
        #expect(summary == BatchSummary(videos: 1, frames: 3))
    }
}

// MARK: - Per-item callback

@Suite struct BatchItemDoneTests {
    @Test(arguments: [1, 3])
    func calledOncePerInputWithRisingCounts(jobs: Int) throws {
        let video = try walkVideo()
        try TestResources.withTemporaryDirectory { directory in
            let images = try writeImages(5, in: directory)
            let missing = directory.appendingPathComponent("gone.png").path
            let inputs = images.map(BatchInput.image) + [.video(video), .image(missing)]
            let runner = try BatchRunner(inputs: inputs, every: 30, jobs: jobs, wording: .english) {
                FakeAnalyzer(journal: Journal(), delay: slowFirst(images))
            }
            let calls = Mutex<[BatchItemDone]>([])
            _ = runner.run(emit: { _ in }, onItemDone: { item in calls.withLock { $0.append(item) } })
            let seen = calls.withLock { $0 }
            #expect(seen.map(\.done) == Array(1...inputs.count))
            #expect(seen.allSatisfy { $0.total == inputs.count })
            #expect(seen.map(\.source).sorted() == inputs.map(\.path).sorted())
            #expect(seen.first { $0.source == video }?.frames == 3)
            #expect(seen.filter(\.failed).map(\.source) == [missing])
        }
    }
}

// MARK: - Finding inputs

/// Creates each relative path under `root` as a small file (collecting looks at names only).
private func makeFiles(_ relativePaths: [String], under root: URL) throws {
    for relative in relativePaths {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
    }
}

@Suite struct BatchInputsTests {
    static let tree = [
        "a.jpg", "b.png", "clip.MP4", "notes.txt", "2024/c.jpg", "2024/d.mkv", "2024/raw/e.jpg", "2024/raw/f.webm",
        "2023/g.jpg", "2023/h.mov", "2023/readme.md", ".hidden.mp4", "x/.cache/i.avi",
    ]

    @Test func foldersGiveImagesAndVideosInSortedOrder() throws {
        try TestResources.withTemporaryDirectory { root in
            try makeFiles(Self.tree, under: root)
            let inputs = try BatchInputs.collect([root.path])
            let expected: [(String, BatchInput.Kind)] = [
                ("2023/g.jpg", .image), ("2023/h.mov", .video), ("2024/c.jpg", .image), ("2024/d.mkv", .video),
                ("2024/raw/e.jpg", .image), ("2024/raw/f.webm", .video), ("a.jpg", .image), ("b.png", .image),
                ("clip.MP4", .video),
            ]
            #expect(inputs.items.map(\.relativePath) == expected.map(\.0))
            #expect(inputs.items.map(\.path) == expected.map { root.path + "/" + $0.0 })
            #expect(inputs.items.map(\.kind) == expected.map(\.1))
            #expect(inputs.skipped == 2)  // notes.txt, readme.md; hidden files are neither
            #expect(inputs.excluded == 0)
        }
    }

    @Test(arguments: [
        ([], [], ["2023/g.jpg", "2023/h.mov", "2024/c.jpg", "2024/d.mkv", "2024/raw/e.jpg", "2024/raw/f.webm", "a.jpg", "b.png", "clip.MP4"]),
        (["*.jpg"], [], ["2023/g.jpg", "2024/c.jpg", "2024/raw/e.jpg", "a.jpg"]),
        (["*.jpg", "*.png"], [], ["2023/g.jpg", "2024/c.jpg", "2024/raw/e.jpg", "a.jpg", "b.png"]),
        (["2024/*"], [], ["2024/c.jpg", "2024/d.mkv", "2024/raw/e.jpg", "2024/raw/f.webm"]),
        (["2024/*"], ["raw/*", "2024/raw/*"], ["2024/c.jpg", "2024/d.mkv"]),
        ([], ["*.jpg"], ["2023/h.mov", "2024/d.mkv", "2024/raw/f.webm", "b.png", "clip.MP4"]),
        ([], ["2023/*", "[a-c]*"], ["2024/d.mkv", "2024/raw/e.jpg", "2024/raw/f.webm"]),
        (["*.mp4"], [], []),  // case-sensitive, like the shell
        (["*.[Mm][Pp]4"], [], ["clip.MP4"]),
        (["?.jpg"], ["a*"], ["2023/g.jpg", "2024/c.jpg", "2024/raw/e.jpg"]),
        (["e.jpg"], [], ["2024/raw/e.jpg"]),  // a bare name matches the file name at any depth
    ] as [([String], [String], [String])])
    func includeAndExclude(include: [String], exclude: [String], expected: [String]) throws {
        try TestResources.withTemporaryDirectory { root in
            try makeFiles(Self.tree, under: root)
            let inputs = try BatchInputs.collect([root.path], filter: InputFilter(include: include, exclude: exclude))
            #expect(inputs.items.map(\.relativePath) == expected)
            #expect(inputs.excluded == 9 - expected.count)
            #expect(inputs.skipped == 2, "other files are skipped, not excluded")
        }
    }

    /// Matched against the relative path from the folder as named, not the absolute path.
    @Test func patternsDoNotSeeTheFolderItself() throws {
        try TestResources.withTemporaryDirectory { root in
            try makeFiles(["photos/a.jpg", "photos/sub/b.jpg"], under: root)
            let photos = root.appendingPathComponent("photos").path
            #expect(try BatchInputs.collect([photos], filter: InputFilter(include: ["photos/*"])).items.isEmpty)
            #expect(try BatchInputs.collect([photos], filter: InputFilter(include: ["sub/*"])).items.map(\.relativePath) == ["sub/b.jpg"])
        }
    }

    @Test func filesNamedDirectlyAreTakenByExtensionAndFilteredByName() throws {
        try TestResources.withTemporaryDirectory { root in
            try makeFiles(["walk.mkv", "photo.jpg", "notes.txt", "dir/a.png"], under: root)
            let path = { (name: String) in root.appendingPathComponent(name).path }
            let inputs = try BatchInputs.collect([path("walk.mkv"), path("photo.jpg"), path("notes.txt")])
            #expect(inputs.items == [BatchInput(path: path("walk.mkv"), kind: .video, relativePath: "walk.mkv"),
                                     BatchInput(path: path("photo.jpg"), kind: .image, relativePath: "photo.jpg"),
                                     BatchInput(path: path("notes.txt"), kind: .image, relativePath: "notes.txt")])
            let filtered = try BatchInputs.collect([path("walk.mkv"), path("photo.jpg")], filter: InputFilter(exclude: ["*.mkv"]))
            #expect(filtered.items.map(\.path) == [path("photo.jpg")])
            #expect(filtered.excluded == 1)
            // The same path twice is one input.
            let twice = try BatchInputs.collect([path("dir"), path("photo.jpg"), path("dir"), path("photo.jpg")])
            #expect(twice.items.map(\.path) == [path("dir/a.png"), path("photo.jpg")])
        }
    }

    @Test func missingPathIsNotFound() throws {
        try TestResources.withTemporaryDirectory { root in
            let missing = root.appendingPathComponent("nowhere.mp4").path
            #expect(throws: ImageError.notFound(path: missing)) { try BatchInputs.collect([missing]) }
        }
    }

    @Test(arguments: [
        ("*.jpg", true), ("2024/*", true), ("[abc]*", true), ("[!a]*", true), ("[]]x", true), ("[!]]x", true),
        ("[[:digit:]]*", true), ("\\[literal\\]", true), ("a?c", true), ("*", true),
        ("", false), ("[abc", false), ("*.jp[g", false), ("trailing\\", false), ("[[:digit:]", false), ("[]", false),
        ("[!]", false),
    ])
    func globValidity(pattern: String, valid: Bool) {
        #expect(InputFilter.isValid(pattern) == valid, "\(pattern)")
    }
}

// MARK: - Resume

private let resumeRoot = "/data/batch"
private let images = ["a.jpg", "b.jpg", "c.jpg"].map { resumeRoot + "/" + $0 }
private let video = resumeRoot + "/v.mkv"
private let resumeInputs = images.map(BatchInput.image) + [.video(video)]

private func imageLine(_ source: String) -> String {
    JSONValue.object([("source", .string(source)), ("width", .integer(640)), ("detections", .array([]))]).serialized()
}
private func frameLine(_ frame: Int) -> String {
    BatchRecord.frame(.object([("source", .string(video)), ("width", .integer(640))]),
                      index: frame, seconds: Double(frame) / 30).serialized()
}
private func endLine(frames: Int, every: Int = 10) -> String {
    BatchRecord.videoEnd(source: video, frames: frames, every: every).serialized()
}

/// Writes `text` to a fresh file, resumes it, and returns the state and the file afterwards.
private func resume(_ text: String, every: Int = 10) throws -> (state: ResumeState, after: String) {
    try TestResources.withTemporaryDirectory { directory in
        let url = directory.appendingPathComponent("out.jsonl")
        try Data(text.utf8).write(to: url)
        let state = try BatchJournal.resume(url.path, inputs: resumeInputs, every: every)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["out.jsonl"], "no temporary file is left beside the output")
        return (state, try String(contentsOf: url, encoding: .utf8))
    }
}

@Suite struct BatchJournalTests {
    /// What a kill leaves: two images done, a video cut after two frames, and half a line.
    @Test func partialLastLineAndUnfinishedVideoAreRemoved() throws {
        let text = [imageLine(images[0]), frameLine(0), frameLine(10), imageLine(images[1])].map { $0 + "\n" }.joined()
            + #"{"source":"/data/batch/c.jpg","width":6"#
        let (state, after) = try resume(text)
        #expect(after == imageLine(images[0]) + "\n" + imageLine(images[1]) + "\n")
        #expect(state.completed == [images[0], images[1]])
        #expect(state.droppedPartialLine)
        #expect(state.droppedLines == 2)
        #expect(state.summary == BatchSummary(images: 2, resumed: 2))
    }

    @Test(arguments: [#"{"#, #"{"sou"#, #"{"source":""#, #"{"source":"/data/batch/c.jpg","lines":[{"text":"a\n"#])
    func anyTornStartOfARecordIsCutOff(tail: String) throws {
        let (state, after) = try resume(imageLine(images[0]) + "\n" + tail)
        #expect(after == imageLine(images[0]) + "\n")
        #expect(state.droppedPartialLine)
        #expect(state.completed == [images[0]])
    }

    @Test func completeVideoIsKeptAndCounted() throws {
        let lines = [frameLine(0), frameLine(10), frameLine(20), endLine(frames: 3), imageLine(images[2])]
        let text = lines.map { $0 + "\n" }.joined()
        let (state, after) = try resume(text)
        #expect(after == text, "nothing to repair, nothing changed")
        #expect(!state.droppedPartialLine && state.droppedLines == 0)
        #expect(state.completed == [video, images[2]])
        #expect(state.summary == BatchSummary(images: 1, videos: 1, frames: 3, resumed: 2))
    }

    /// An end record that does not count the frames before it, or was taken with another
    /// --every, does not make the video complete: it is done again.
    @Test(arguments: [
        ([frameLine(0), frameLine(10), endLine(frames: 3)], 10),
        ([frameLine(0), frameLine(10), frameLine(20), endLine(frames: 3)], 5),
        ([frameLine(0), frameLine(10), frameLine(20)], 10),
        ([endLine(frames: 1)], 10),
        ([frameLine(0), endLine(frames: 1), frameLine(0)], 1),
    ])
    func videoWithoutAMatchingEndRecordIsDoneAgain(lines: [String], every: Int) throws {
        let text = ([imageLine(images[0])] + lines).map { $0 + "\n" }.joined()
        let (state, after) = try resume(text, every: every)
        #expect(after == imageLine(images[0]) + "\n")
        #expect(state.completed == [images[0]])
        #expect(state.droppedLines == lines.count)
    }

    @Test func videoThatFailedIsComplete() throws {
        let failure = ResultRecord.failure(source: video, error: "v.mkv could not be opened as a video.").serialized()
        let failedImage = ResultRecord.failure(source: images[1], error: "b.jpg is cut short.").serialized()
        let text = [failure, failedImage].map { $0 + "\n" }.joined()
        let (state, after) = try resume(text)
        #expect(after == text)
        #expect(state.completed == [video, images[1]])
        #expect(state.summary == BatchSummary(images: 1, videos: 1, failed: 2, resumed: 2))
    }

    @Test func repeatsAreRemovedAndOtherSourcesKept() throws {
        let other = imageLine("/elsewhere/z.jpg")
        let text = [imageLine(images[0]), other, imageLine(images[0]), frameLine(0), endLine(frames: 1), frameLine(0),
                    endLine(frames: 1)].map { $0 + "\n" }.joined()
        let (state, after) = try resume(text)
        #expect(after == [imageLine(images[0]), other, frameLine(0), endLine(frames: 1)].map { $0 + "\n" }.joined())
        #expect(state.droppedLines == 3)
        #expect(state.completed == [images[0], video])
    }

    @Test(arguments: [
        ("Shopping list\nmilk\n", 1),
        (imageLine(images[0]) + "\n" + "[1, 2, 3]\n", 2),
        (imageLine(images[0]) + "\n" + #"{"name": "no source"}"# + "\n", 2),
        (imageLine(images[0]) + "\n" + #"{"source": 7}"# + "\n", 2),
        (imageLine(images[0]) + "\n" + #"{"source":"x", broken"# + "\n", 2),
        ("{\n  \"source\": \"pretty.jpg\"\n}\n", 1),
        ("A note without a newline", 1),
        (imageLine(images[0]) + "\nnot a record", 2),
    ])
    func fileThatIsNotJSONLinesIsRefusedAndLeftAlone(text: String, line: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("notes.jsonl")
            try Data(text.utf8).write(to: url)
            #expect(throws: ResumeError.notJSONLines(path: url.path, line: line)) {
                try BatchJournal.resume(url.path, inputs: resumeInputs, every: 10)
            }
            #expect(try String(contentsOf: url, encoding: .utf8) == text, "the file is not touched")
        }
    }

    @Test func notJSONLinesIsOneSentenceWithTheFix() {
        let text = ResumeError.notJSONLines(path: "notes.txt", line: 3).description
        #expect(text.hasPrefix("notes.txt is not JSON Lines written by sensecam batch"))
        #expect(text.contains("line 3") && text.contains("--out") && text.hasSuffix("."))
    }

    /// Repairing the file keeps the permissions the user gave it.
    @Test(arguments: [false, true])
    func repairKeepsPermissions(dropsWholeLines: Bool) throws {
        try TestResources.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.jsonl")
            let whole = dropsWholeLines ? [imageLine(images[0]), frameLine(0)] : [imageLine(images[0])]
            try Data((whole.map { $0 + "\n" }.joined() + #"{"source":"#).utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
            let state = try BatchJournal.resume(url.path, inputs: resumeInputs, every: 10)
            #expect(state.droppedLines == (dropsWholeLines ? 1 : 0))
            #expect(try String(contentsOf: url, encoding: .utf8) == imageLine(images[0]) + "\n")
            let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(permissions == 0o640)
        }
    }

    @Test func missingFileIsAFreshStart() throws {
        let state = try BatchJournal.resume("/nonexistent/folder/out.jsonl", inputs: resumeInputs, every: 1)
        #expect(state == ResumeState())
    }

    @Test func emptyFileIsAFreshStart() throws {
        let (state, after) = try resume("")
        #expect(state == ResumeState())
        #expect(after == "")
    }
}

/// A record without the fake analyzer's number, which depends on which worker took the input.
private func withoutAnalyzer(_ line: String) -> String {
    line.replacingOccurrences(of: #","analyzer":\d+"#, with: "", options: .regularExpression)
}

/// The whole cycle with the real runner: a run cut off at any byte, then resumed, leaves every
/// input exactly once, whole, and no partial line; the resumed run does only what was missing.
@Suite struct BatchResumeCycleTests {
    @Test func cutAnywhereThenResumeGivesEveryInputOnce() throws {
        let walk = try walkVideo()
        try TestResources.withTemporaryDirectory { directory in
            let pictures = try writeImages(4, in: directory)
            let missing = directory.appendingPathComponent("gone.jpg").path
            let inputs = [BatchInput.image(pictures[0]), .video(walk), .image(pictures[1]), .image(missing),
                          .image(pictures[2]), .image(pictures[3])]
            let every = 30
            let (full, _) = try runBatch(inputs, every: every, jobs: 2) { FakeAnalyzer(journal: Journal()) }
            try #require(full.count == 5 + 4)  // five image records, three frames and the end record
            let bytes = Array(full.map { $0 + "\n" }.joined().utf8)

            // Every line boundary, and the middle of every line; where each input's records end.
            var cuts: [Int] = [0]
            var lastLineEnd: [String: Int] = [:]
            var offset = 0
            for line in full {
                cuts.append(offset + line.utf8.count / 2)
                offset += line.utf8.count + 1
                cuts.append(offset)
                lastLineEnd[try #require(try object(line)["source"] as? String)] = offset
            }
            let out = directory.appendingPathComponent("out.jsonl")
            for cut in cuts {
                try Data(bytes[..<cut]).write(to: out)
                let state = try BatchJournal.resume(out.path, inputs: inputs, every: every)
                let todo = inputs.filter { !state.completed.contains($0.path) }
                let journal = Journal()
                let (more, _) = try runBatch(todo, every: every, jobs: 2) { FakeAnalyzer(journal: journal) }
                let handle = try FileHandle(forWritingTo: out)
                handle.seekToEndOfFile()
                handle.write(Data(more.map { $0 + "\n" }.joined().utf8))
                try handle.close()

                let text = try String(contentsOf: out, encoding: .utf8)
                #expect(text.hasSuffix("\n"), "cut at \(cut): no partial line")
                let lines = text.split(separator: "\n").map(String.init)
                #expect(lines.map(withoutAnalyzer).sorted() == full.map(withoutAnalyzer).sorted(),
                        "cut at \(cut): every record exactly once")
                // Kept: exactly the inputs whose last record ended before the cut. Done
                // again: only the others.
                #expect(state.completed == Set(lastLineEnd.filter { $0.value <= cut }.keys), "cut at \(cut)")
                #expect(Set(journal.calls.map(\.source)) == Set(todo.map(\.path)).subtracting([missing]), "cut at \(cut)")
                if cut == bytes.count { #expect(todo.isEmpty) }
                if cut == 0 { #expect(todo.count == inputs.count) }
            }
        }
    }
}
