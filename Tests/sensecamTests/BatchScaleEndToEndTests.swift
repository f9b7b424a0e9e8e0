// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing

#if canImport(Glibc)
import Glibc
#endif

// `sensecam batch` at scale, run as the built binary: videos, --include/--exclude, --shard,
// --summary, and a batch killed with SIGKILL then finished with --resume.
//
// Serialized: every run loads the detector, and the kill test times its kill by the output
// file; parallel runs on a two-core machine would only slow each other down.

private let cocoImages = "detect/coco-val/images"
private let walk = "video/walk.mkv"

/// The first `count` COCO photos (sorted), copied into `folder`.
private func copyPhotos(_ count: Int, into folder: URL) throws -> [String] {
    let source = try SharedTestData.path(cocoImages)
    let names = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".jpg") }.sorted()
    guard names.count >= count else {
        throw EndToEndFailure(description: "\(source) has \(names.count) photos; the test needs \(count).")
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try names.prefix(count).map { name in
        let target = folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: (source as NSString).appendingPathComponent(name), toPath: target)
        return target
    }
}

private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
}

/// The file's complete lines, requiring that it ends with a newline (no partial line).
private func completeLines(of url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "\(url.lastPathComponent) ends in a partial line")
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// How many newlines the file holds now (0 while it does not exist).
private func newlineCount(_ path: String) -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    return data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
}

private func seconds(since start: Date) -> Double { Date().timeIntervalSince(start) }

@Suite(.serialized)
struct BatchScaleEndToEndTests {

    // MARK: - Kill and resume

    /// A batch of 20 photos is killed with SIGKILL once some records are written; a torn last
    /// line is added as a kill in mid-write would leave it. `--resume` then keeps what was
    /// whole, does only the rest, and leaves every photo exactly once with no partial line.
    @Test func killedBatchResumesWithEveryImageOnce() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            let photos = try copyPhotos(20, into: folder)
            let out = tmp.appendingPathComponent("records.jsonl")
            let summary = tmp.appendingPathComponent("summary.json")

            let started = Date()
            let batch = try SensecamProcess.start(["batch", folder.path, "--mode", "aware", "--jobs", "2", "--out", out.path])
            // Poll the output; kill as soon as a record is there. Never longer than a minute.
            let deadline = Date().addingTimeInterval(60)
            var seenAtKill = 0
            while Date() < deadline, batch.isRunning {
                seenAtKill = newlineCount(out.path)
                if seenAtKill > 0 {
                    kill(batch.pid, SIGKILL)
                    break
                }
                Thread.sleep(forTimeInterval: 0.001)
            }
            let killedRun = try batch.wait(timeout: 30)
            let killedAfter = seconds(since: started)
            try #require(killedRun.status == 128 + SIGKILL,
                         "the batch should have been killed with some but not all records written (\(seenAtKill) seen): \(killedRun)")

            let kept = try completeLines(of: out)
            try #require(!kept.isEmpty && kept.count < photos.count, "\(kept.count) of \(photos.count) records at the kill")
            // Records come out in input order, so what was written is the first photos.
            for (line, photo) in zip(kept, photos) { #expect(try object(line)["source"] as? String == photo) }
            // What a kill in the middle of a write leaves: the start of the next record.
            let torn = String(kept[0].prefix(kept[0].utf8.count / 2))
            let handle = try FileHandle(forWritingTo: out)
            handle.seekToEndOfFile()
            handle.write(Data(torn.replacingOccurrences(of: photos[0], with: photos[kept.count]).utf8))
            try handle.close()

            let resumeStarted = Date()
            let resumed = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--jobs", "2", "--out", out.path,
                                                   "--resume", "--summary", summary.path])
            let resumeSeconds = seconds(since: resumeStarted)
            #expect(resumed.status == 0, "\(resumed)")
            #expect(resumed.stdout == "", "\(resumed)")
            #expect(resumed.stderr == "Batch complete. 20 images, \(kept.count) kept from the earlier run.\n", "\(resumed)")

            let lines = try completeLines(of: out)
            #expect(lines.count == photos.count, "one line per photo: \(lines.count)")
            let sources = try lines.map { try #require(try object($0)["source"] as? String) }
            #expect(sources.sorted() == photos, "every photo exactly once")
            #expect(Array(lines.prefix(kept.count)) == kept, "the records written before the kill are kept as they were")
            for line in lines {
                let record = try object(line)
                #expect(record["detections"] is [Any] && record["captions"] is [Any], "\(line)")
            }

            // The resumed run did only the missing photos.
            let report = try object(try String(contentsOf: summary, encoding: .utf8))
            #expect(report["resumed"] as? Int == kept.count, "\(report)")
            #expect(report["processed"] as? Int == photos.count - kept.count, "\(report)")
            #expect(report["records"] as? Int == photos.count - kept.count, "\(report)")
            #expect(report["images"] as? Int == photos.count && report["inputs"] as? Int == photos.count, "\(report)")
            print("kill+resume: killed after \(String(format: "%.2f", killedAfter)) s with \(kept.count) of 20 written; "
                  + "resume took \(String(format: "%.2f", resumeSeconds)) s for \(photos.count - kept.count) photos")
        }
    }

    /// A video cut off part-way (its end record missing) is done again from the start, its
    /// partial records removed; the images before it are kept.
    @Test func unfinishedVideoIsDoneAgainOnResume() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("mixed")
            _ = try copyPhotos(2, into: folder)
            let video = folder.appendingPathComponent("walk.mkv").path
            try FileManager.default.copyItem(atPath: try SharedTestData.path(walk), toPath: video)
            let out = tmp.appendingPathComponent("records.jsonl")
            let arguments = ["batch", folder.path, "--mode", "aware", "--every", "30", "--jobs", "2", "--out", out.path]

            let full = try SensecamProcess.run(arguments)
            #expect(full.status == 0, "\(full)")
            let fullLines = try completeLines(of: out)
            try #require(fullLines.count == 2 + 3 + 1, "two photos, three frames and the end record: \(fullLines)")
            // Photos sort before walk.mkv: keep them, then two frames and half of the third.
            let cut = fullLines[..<4].map { $0 + "\n" }.joined() + String(fullLines[4].prefix(40))
            try Data(cut.utf8).write(to: out)

            let resumed = try SensecamProcess.run(arguments + ["--resume"])
            #expect(resumed.status == 0, "\(resumed)")
            #expect(resumed.stderr == "Batch complete. 2 images and 1 video (3 frames), 2 kept from the earlier run.\n", "\(resumed)")
            let lines = try completeLines(of: out)
            #expect(Array(lines.prefix(2)) == Array(fullLines.prefix(2)))
            let videoRecords = try lines.dropFirst(2).map(object)
            #expect(videoRecords.map { $0["source"] as? String } == Array(repeating: video, count: 4))
            #expect(videoRecords.prefix(3).map { $0["frame"] as? Int } == [0, 30, 60], "the video once, whole: \(lines)")
            #expect(lines.last == BatchRecord.videoEnd(source: video, frames: 3, every: 30).serialized())
        }
    }

    // MARK: - Video

    @Test func videoGivesARecordForEveryTenthFrame() throws {
        try SensecamProcess.requireModel()
        let video = try SharedTestData.path(walk)
        let run = try SensecamProcess.run(["batch", video, "--mode", "aware", "--every", "10"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "Batch complete. 1 video (9 frames).\n", "\(run)")
        let lines = run.stdoutLines
        try #require(lines.count == 10, "89 frames give frames 0, 10, …, 80 and the end record: \(run)")
        var lastTime = -1.0
        for (index, line) in lines.dropLast().enumerated() {
            let record = try object(line)
            #expect(record["source"] as? String == video)
            #expect(record["frame"] as? Int == index * 10, "\(line)")
            let time = try #require((record["t"] as? NSNumber)?.doubleValue, "\(line)")
            #expect(time > lastTime, "t rises: \(line)")
            #expect(abs(time - Double(index * 10) / 30) < 0.002, "\(line)")
            lastTime = time
            #expect(record["width"] as? Int == 640 && record["height"] as? Int == 480, "\(line)")
            let detections = try #require(record["detections"] as? [[String: Any]], "\(line)")
            #expect(detections.contains { $0["label"] as? String == "person" }, "walk.mkv shows a person: \(line)")
            #expect(record["captions"] is [Any], "\(line)")
        }
        #expect(lines.last == #"{"source":"\#(video)","frames":9,"every":10,"complete":true}"#)
    }

    /// A file named .mp4 that is not a video gets an error record; the image beside it is still
    /// described, and the exit status says something failed.
    @Test func videoThatCannotBeOpenedIsAnErrorRecord() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("mixed")
            let photos = try copyPhotos(1, into: folder)
            let clip = folder.appendingPathComponent("zz-clip.mp4").path
            try Data("This is a shopping list, not a video.\n".utf8).write(to: URL(fileURLWithPath: clip))
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware"])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr == "Batch complete. 1 image and 1 video (0 frames), 1 could not be read. The error field of its record says why.\n",
                    "\(run)")
            try #require(run.stdoutLines.count == 2, "\(run)")
            #expect(try object(run.stdoutLines[0])["source"] as? String == photos[0])
            let failure = try object(run.stdoutLines[1])
            #expect(Set(failure.keys) == ["source", "error"], "\(run)")
            let sentence = try #require(failure["error"] as? String)
            #expect(sentence.contains("zz-clip.mp4 could not be opened as a video") && sentence.hasSuffix("."), "\(sentence)")
        }
    }

    // MARK: - Choosing inputs

    @Test func includeExcludeAndTheSummaryFile() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            let top = try copyPhotos(3, into: folder)
            let sub = try copyPhotos(2, into: folder.appendingPathComponent("sub"))
            try FileManager.default.moveItem(atPath: top[2], toPath: top[2].replacingOccurrences(of: ".jpg", with: ".jpeg"))
            try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let summary = tmp.appendingPathComponent("summary.json")

            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--jobs", "2",
                                               "--include", "*.jpg", "--include", "*.png", "--exclude", "sub/*",
                                               "--summary", summary.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr == "Batch complete. 2 images, 1 other file skipped.\n", "\(run)")
            #expect(try run.stdoutLines.map { try object($0)["source"] as? String } == [top[0], top[1]], "\(run)")

            let text = try String(contentsOf: summary, encoding: .utf8)
            #expect(text.hasSuffix("}\n") && text.split(separator: "\n").count == 1, "one JSON line: \(text)")
            let report = try object(text)
            #expect(Array(report.keys).sorted() == ["excluded", "failed", "frames", "images", "inputs", "jobs", "passed_over", "processed",
                                                    "records", "records_per_second", "resumed", "seconds", "shard", "skipped",
                                                    "videos", "sandbox"].sorted())
            #expect(report["inputs"] as? Int == 2 && report["images"] as? Int == 2 && report["videos"] as? Int == 0)
            #expect(report["frames"] as? Int == 0 && report["failed"] as? Int == 0 && report["resumed"] as? Int == 0)
            #expect(report["skipped"] as? Int == 1, "notes.txt")
            #expect(report["excluded"] as? Int == sub.count + 1, "sub/ and the .jpeg: \(report)")
            #expect(report["processed"] as? Int == 2 && report["records"] as? Int == 2)
            #expect(report["jobs"] as? Int == 2)
            #expect(report["shard"] is NSNull)
            // The real run was in the kernel's sandbox, writing only its summary (records go to stdout).
            let sandbox = try #require(report["sandbox"] as? [String: Any], "\(report)")
            let kernelHasLandlock = Sandbox.kernelLandlockABI != nil
            #expect(sandbox["sandboxed"] as? Bool == kernelHasLandlock && sandbox["seccomp"] as? Bool == true, "\(sandbox)")
            #expect((sandbox["landlock_abi"] as? Int ?? 0 >= 1) == kernelHasLandlock && sandbox["writable"] as? Int == 1, "\(sandbox)")
            let seconds = try #require((report["seconds"] as? NSNumber)?.doubleValue)
            let rate = try #require((report["records_per_second"] as? NSNumber)?.doubleValue)
            #expect(seconds > 0 && seconds < 60, "\(report)")
            // Both are rounded (seconds to 3 decimals, the rate to 2), so the rate lies within what
            // the unrounded seconds allow; a fast batch takes a few hundredths of a second.
            #expect(rate >= 2 / (seconds + 0.0005) - 0.005 && rate <= 2 / max(seconds - 0.0005, 0.0001) + 0.005,
                    "records per second is records over seconds: \(report)")
            #expect(text.hasPrefix(#"{"inputs":2,"images":2,"videos":0,"frames":0,"failed":0,"skipped":1,"passed_over":{"special_files":0,"broken_links":0,"folder_links":0,"unreadable":0,"hidden":0},"excluded":3,"#), "\(text)")
        }
    }

    /// Three shards of six photos: each photo in exactly one, the one Shard.contains names.
    @Test func shardsSplitTheBatchWithoutOverlap() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            let photos = try copyPhotos(6, into: folder)
            var seen: [String] = []
            for index in 1...3 {
                let summary = tmp.appendingPathComponent("summary-\(index).json")
                let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--jobs", "1",
                                                   "--shard", "\(index)/3", "--summary", summary.path])
                #expect(run.status == 0, "\(run)")
                let sources = try run.stdoutLines.map { try #require(try object($0)["source"] as? String) }
                let shard = try Shard(parsing: "\(index)/3")
                #expect(sources == photos.filter(shard.contains), "shard \(index)/3: \(run)")
                let report = try object(try String(contentsOf: summary, encoding: .utf8))
                #expect(report["shard"] as? String == "\(index)/3")
                #expect(report["inputs"] as? Int == sources.count)
                seen += sources
            }
            #expect(seen.sorted() == photos, "together the shards cover every photo once")
        }
    }

    /// A shard with nothing in it is an empty share, not a mistake, and loads no engine: a
    /// damaged model file, which any engine would fail on, goes unnoticed.
    @Test func emptyShardSucceedsWithoutLoadingAnEngine() throws {
        try withTemporaryFolder { tmp in
            let photo = try copyPhotos(1, into: tmp.appendingPathComponent("one"))[0]
            let broken = tmp.appendingPathComponent("broken.onnx")
            try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: broken)
            let owner = try #require(try (1...2).first { try Shard(parsing: "\($0)/2").contains(photo) })
            let other = 3 - owner

            let empty = try SensecamProcess.run(["batch", photo, "--mode", "aware", "--shard", "\(other)/2", "--model", broken.path])
            #expect(empty.status == 0, "\(empty)")
            #expect(empty.stdout == "" && empty.stderr == "Batch complete. 0 images.\n", "\(empty)")
            // The control: the shard that has the photo does load the engine, and fails on it.
            let full = try SensecamProcess.run(["batch", photo, "--mode", "aware", "--shard", "\(owner)/2", "--model", broken.path])
            #expect(full.status == 1 && full.stderr.contains("damaged"), "\(full)")
        }
    }

    // MARK: - Mistakes

    struct BadBatch: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var phrases: [String]
        var testDescription: String { name }
    }

    static let usageErrors: [BadBatch] = [
        BadBatch(name: "shard 0 of 4", arguments: ["--shard", "0/4"],
                 phrases: ["'--shard' must be K/N, two whole numbers with K from 1 to N, such as 2/4; got '0/4'."]),
        BadBatch(name: "shard beyond its count", arguments: ["--shard", "5/4"], phrases: ["'--shard'", "got '5/4'"]),
        BadBatch(name: "shard that is not K/N", arguments: ["--shard", "half"], phrases: ["'--shard'", "got 'half'"]),
        BadBatch(name: "unclosed bracket in --include", arguments: ["--include", "[abc"],
                 phrases: ["'--include' must be a shell pattern such as '*.jpg' or '2024/*', with every '[' closed by ']'; got '[abc'."]),
        BadBatch(name: "empty --exclude", arguments: ["--exclude", ""], phrases: ["'--exclude' must be a shell pattern", "got ''"]),
        BadBatch(name: "resume without out", arguments: ["--resume"],
                 phrases: ["'--resume' needs '--out <file>': only records written to a file can be resumed."]),
        BadBatch(name: "every 0", arguments: ["--every", "0"], phrases: ["'--every' must be a whole number from 1 to 1000000; got '0'."]),
    ]

    /// Usage mistakes: exit 64, the three-line report, before any file is touched or model loaded.
    @Test(arguments: usageErrors)
    func usageErrorsAreOneSentence(_ bad: BadBatch) throws {
        try withTemporaryFolder { tmp in
            let out = tmp.appendingPathComponent("untouched.jsonl")
            try Data("kept\n".utf8).write(to: out)
            let outArguments = bad.arguments.contains("--resume") ? [] : ["--out", out.path]
            let run = try SensecamProcess.run(["batch", tmp.path, "--mode", "aware"] + outArguments + bad.arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stdout == "", "\(run)")
            let lines = run.stderrLines
            try #require(lines.count == 1, "\(run)")
            #expect(lines[0].hasPrefix("Error: ") && lines[0].hasSuffix(". See 'sensecam batch --help'."), "\(run)")
            for phrase in bad.phrases { #expect(lines[0].contains(phrase), "should say \"\(phrase)\": \(run)") }
            #expect(try String(contentsOf: out, encoding: .utf8) == "kept\n", "a usage error touches no file")
        }
    }

    /// An output that is not a batch's JSON Lines is refused, and left exactly as it was.
    @Test func resumeRefusesAFileThatIsNotJSONLines() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            _ = try copyPhotos(1, into: folder)
            let notes = tmp.appendingPathComponent("notes.txt")
            let text = "Remember to back up the photos.\nAnd the videos.\n"
            try Data(text.utf8).write(to: notes)
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--out", notes.path, "--resume"])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines.count == 1, "one sentence: \(run)")
            #expect(run.stderr.hasPrefix("\(notes.path) is not JSON Lines written by sensecam batch (line 1"), "\(run)")
            #expect(run.stderr.contains("choose another --out file."), "\(run)")
            #expect(try String(contentsOf: notes, encoding: .utf8) == text, "the file is not touched")
        }
    }

    @Test func filtersThatLeaveNothingSaySo() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            _ = try copyPhotos(2, into: folder)
            let run = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--include", "*.png"])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr == "None of the 2 images and videos in \(folder.path) passed --include and --exclude; check the patterns.\n",
                    "\(run)")
        }
    }

    /// Resuming a batch that is already complete loads no engine and changes nothing.
    @Test func resumingACompleteBatchDoesNothing() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            _ = try copyPhotos(2, into: folder)
            let out = tmp.appendingPathComponent("records.jsonl")
            let first = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--out", out.path])
            #expect(first.status == 0, "\(first)")
            let before = try String(contentsOf: out, encoding: .utf8)
            let again = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--out", out.path, "--resume"])
            #expect(again.status == 0, "\(again)")
            #expect(again.stderr == "Batch complete. 2 images, 2 kept from the earlier run.\n", "\(again)")
            #expect(try String(contentsOf: out, encoding: .utf8) == before)
        }
    }

    /// Accessible progress: plain lines at tenths, in order, at most one every few seconds (the
    /// first tenth at once), none at 100 percent (the completion sentence says that), and
    /// nothing at all by default into a pipe.
    @Test func progressLinesAtEachTenthAndNothingIntoAPipe() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let folder = tmp.appendingPathComponent("photos")
            _ = try copyPhotos(10, into: folder)
            let out = tmp.appendingPathComponent("records.jsonl").path
            let lines = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--out", out, "--progress", "lines"])
            #expect(lines.status == 0, "\(lines)")
            let progress = lines.stderrLines.filter { $0.contains(" percent: ") }
            let percents = progress.compactMap { Int($0.prefix { $0 != " " }) }
            #expect(percents.first == 10 && percents.allSatisfy { $0 % 10 == 0 && $0 < 100 }, "\(lines)")
            #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(lines)")
            #expect(progress.allSatisfy { $0.range(of: #"^\d+ percent: \d+ of 10 images"#, options: .regularExpression) != nil },
                    "\(lines)")
            #expect(lines.stderrLines.last == "Batch complete. 10 images.", "\(lines)")

            let quiet = try SensecamProcess.run(["batch", folder.path, "--mode", "aware", "--out", out])
            #expect(quiet.stderrLines == ["Batch complete. 10 images."], "\(quiet)")
        }
    }
}
