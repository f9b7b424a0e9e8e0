// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Perception
import Testing

/// The built `sensecam` against files made to hurt (issue 18): a decompression bomb, a folder
/// of hostile entries, damaged videos, and seeded mutants of real images. Nothing crashes,
/// every file gets a record or a counted reason, and stderr holds only sensecam's sentences.
@Suite struct HostileFilesEndToEndTests {
    /// A 16000 x 16000 PNG of 0.8 MB, which took 14 s and 2.3 GB before: refused from its
    /// header, measured by GNU time (the child's own peak, not the test runner's). The time
    /// checked is the processor's (user and system), which a busy shared machine does not
    /// stretch the way it stretches the clock; a decode would spend over ten seconds of it.
    @Test func decompressionBombIsRefusedQuicklyAndSmall() throws {
        try withTemporaryFolder { folder in
            let bomb = folder.appendingPathComponent("bomb.png").path
            try Data(try flatPNG(width: 16000, height: 16000)).write(to: URL(fileURLWithPath: bomb))
            let run = try SensecamProcess.run(
                ["-f", "measured: %U %S s, %M KB", try SensecamProcess.executable().path, "read", bomb],
                program: URL(fileURLWithPath: "/usr/bin/time"))
            #expect(run.status == 1, "\(run)")
            // GNU time adds "Command exited with non-zero status 1" and its measurement.
            let lines = run.stderrLines.filter { !$0.hasPrefix("Command exited with") }
            #expect(lines.count == 2, "one sentence, then GNU time's measurement: \(run)")
            #expect(lines.first == "\(bomb) is 16000 by 16000 pixels (256 megapixels), over the 50-megapixel limit, so it was not decoded; shrink it, or raise the limit with --max-megapixels.")
            let measured = try #require(lines.last?.split(separator: " "), "\(run)")
            let user = try #require(Double(measured[1]), "\(run)"), system = try #require(Double(measured[2]), "\(run)")
            let kilobytes = try #require(Double(measured[4]), "\(run)")
            let seconds = user + system
            #expect(seconds < 2, "refused after \(seconds) s of processor time")
            #expect(kilobytes < 300 * 1024, "peak resident memory \(kilobytes) KB")
            print("Decompression bomb refused after \(seconds) s of processor time with a peak of \(Int(kilobytes / 1024)) MB.")
            // Raising the limit is the way past it; a limit that is not a whole number is a usage error.
            let tooSmall = try SensecamProcess.run(["read", bomb, "--max-megapixels", "0"])
            #expect(tooSmall.status == 64, "\(tooSmall)")
        }
    }

    /// A 141-byte-class PNG whose tEXt chunk claims 0x7FFFFFF0 bytes: libpng allocated the claim
    /// before reading it, and every command used 2.1 GB (teach 15.5 s). Refused from the chunk's
    /// length, in every command that reads a picture, at the size of the program itself.
    @Test(arguments: ["read", "aware", "scan", "teach", "find"])
    func chunkClaimingGigabytesCostsNothing(command: String) throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("text.png").path
            let png = try flatPNG(width: 32, height: 32)
            let pixels = try #require(png.indices.first { png[$0...].starts(with: Array("IDAT".utf8)) }) - 4
            try Data(Array(png[..<pixels]) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXtComment\0lies".utf8)).write(to: URL(fileURLWithPath: path))
            let arguments: [String] = switch command {
            case "teach": ["teach", "card", path]
            case "find": ["find", "person", path]
            default: [command, path]
            }
            let run = try SensecamProcess.run(["-f", "measured: %U %S s, %M KB", try SensecamProcess.executable().path] + arguments,
                                              environment: ["XDG_DATA_HOME": folder.path], program: URL(fileURLWithPath: "/usr/bin/time"))
            #expect(run.status != 0, "\(run)")
            let lines = run.stderrLines.filter { !$0.hasPrefix("Command exited with") }
            #expect(lines.contains { $0.hasPrefix(path) && $0.contains("could not be decoded") }, "\(run)")
            let measured = try #require(lines.last?.split(separator: " "), "\(run)")
            let seconds = try #require(Double(measured[1]), "\(run)") + (try #require(Double(measured[2]), "\(run)"))
            let megabytes = try #require(Double(measured[4]), "\(run)") / 1024
            #expect(seconds < 5, "\(command) refused it after \(seconds) s of processor time")
            #expect(megabytes < 600, "\(command): peak resident memory \(megabytes) MB")
        }
    }

    /// The acceptance's folder: a name that is not UTF-8, a named pipe, a link that loops, and
    /// an empty file, beside a good image. Each gets a record or is counted with its reason.
    @Test func hostileFolderLeavesNothingSilentlyMissing() throws {
        try withTemporaryFolder { folder in
            let photos = folder.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path("barcode/ean_13__ean13-1_1.png"))))
            let latin1 = RawPath(photos.path).appending(Array("caf".utf8) + [0xE9] + Array(".png".utf8))
            let descriptor = latin1.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            #expect(original.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == original.count)
            close(descriptor)
            #expect(mkfifo(photos.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: photos.appendingPathComponent("loop.jpg").path,
                                                       withDestinationPath: "loop.jpg")
            #expect(FileManager.default.createFile(atPath: photos.appendingPathComponent("empty.jpg").path, contents: Data()))
            let out = folder.appendingPathComponent("out.jsonl").path, summary = folder.appendingPathComponent("summary.json").path
            let run = try SensecamProcess.run(["batch", photos.path, "--mode", "scan", "--out", out, "--summary", summary],
                                              timeout: 60)
            #expect(run.status == 1, "the empty file failed: \(run)")
            #expect(run.stderrLines == [
                "Batch complete. 2 images, 1 could not be read, passed over 1 named pipe or other special file and 1 broken or looping link. The error field of its record says why.",
            ], "\(run)")
            let records = try Self.records(out)
            #expect(records.count == 2, "\(records)")
            let traced = try #require(records.first?["source"] as? String)
            #expect(traced == photos.path + "/caf\\xe9.png")
            #expect(RawPath.unescaping(traced) == latin1, "the source leads back to the bytes on disk")
            #expect(records.first?["codes"] != nil, "the file with the Latin-1 name was read: \(records)")
            #expect(records.last?["error"] as? String == "\(photos.path)/empty.jpg is empty; use a complete image file.")
            let counts = try #require(try Self.object(summary)["passed_over"] as? [String: Int])
            #expect(counts == ["special_files": 1, "broken_links": 1, "folder_links": 0, "unreadable": 0, "hidden": 0])
        }
    }

    /// A video cut short: FFmpeg's own lines ("[h264 @ 0x…] Invalid NAL unit size", "partial
    /// file") never reach the terminal; one sentence says where narration stopped.
    @Test func damagedVideoIsOneSentenceWithTheTime() throws {
        try withTemporaryFolder { folder in
            let whole = try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path("video/car-detection.mp4")))
            let cut = folder.appendingPathComponent("cut.mp4")
            try whole.prefix(whole.count * 4 / 10).write(to: cut)
            let run = try SensecamProcess.run(["scan", "--video", cut.path, "--every-frame"], timeout: 120)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines.count == 1, "\(run)")
            let sentence = try #require(run.stderrLines.first)
            #expect(sentence.hasPrefix("The video \(cut.path) is damaged after 11."), "\(run)")
            #expect(sentence.hasSuffix(" seconds; narration stopped there."), "\(run)")
            // In a batch the frames before the damage keep their records; the last says why they stop.
            let batch = try SensecamProcess.run(["batch", cut.path, "--mode", "scan", "--every", "100"], timeout: 120)
            #expect(batch.status == 1, "\(batch)")
            let lines = batch.stdoutLines.filter { !$0.isEmpty }
            #expect(lines.count == 3, "frames 0 and 100, then the error: \(batch)")
            #expect(lines.last?.contains("is damaged after 11.") == true && lines.last?.contains("its records stop there.") == true,
                    "\(batch)")
            #expect(!batch.stderr.contains("@ 0x") && !batch.stderr.contains("["), "\(batch)")
        }
    }

    /// Flipped bytes in the middle of a video: FFmpeg conceals the damage and says so on its
    /// log, which is discarded; the video plays to its end.
    @Test func corruptFramesPrintNothingOfFFmpegs() throws {
        try withTemporaryFolder { folder in
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path("video/car-detection.mp4"))))
            var random = SplitMix(seed: 7)
            for _ in 0..<200 { bytes[Int.random(in: (bytes.count / 2)..<(bytes.count * 6 / 10), using: &random)] ^= 0xFF }
            let damaged = folder.appendingPathComponent("flipped.mp4")
            try Data(bytes).write(to: damaged)
            let run = try SensecamProcess.run(["scan", "--video", damaged.path, "--every-frame"], timeout: 180)
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr == "", "nothing of FFmpeg's: \(run)")
        }
    }

    // MARK: - Mutants

    /// Real images of every format batch reads, damaged from a seed: bit flips, truncation,
    /// spliced chunks, random bytes. `batch --mode aware` and `--mode read` over them: no
    /// crash, one record each, every error one sentence, nothing else on stderr. The suite runs
    /// 40; `make hostile` runs the acceptance's 1000 (SENSECAM_MUTANTS=1000).
    @Test func mutatedImagesGetOneRecordEachAndSentencesForErrors() throws {
        try SensecamProcess.requireModel()
        let count = Int(ProcessInfo.processInfo.environment["SENSECAM_MUTANTS"] ?? "") ?? 40
        try withTemporaryFolder { folder in
            let originals = try Self.originals(in: folder)
            let mutants = folder.appendingPathComponent("mutants")
            try FileManager.default.createDirectory(at: mutants, withIntermediateDirectories: true)
            var random = SplitMix(seed: 18)
            var names: Set<String> = []
            for index in 0..<count {
                let original = originals[index % originals.count]
                let donor = originals[(index + 1) % originals.count]
                let mutation = ImageMutation.allCases[(index / originals.count) % ImageMutation.allCases.count]
                let bytes = mutation.apply(to: original.bytes, donor: donor.bytes, using: &random)
                let number = String(index)
                let name = String(repeating: "0", count: max(0, 4 - number.count)) + number + "-\(mutation.rawValue).\(original.format)"
                try Data(bytes).write(to: mutants.appendingPathComponent(name))
                names.insert(mutants.path + "/" + name)
            }
            for mode in ["aware", "read"] {
                let out = folder.appendingPathComponent("\(mode).jsonl").path
                let started = MonotonicClock.now()
                let run = try SensecamProcess.run(["batch", mutants.path, "--mode", mode, "--out", out], timeout: 60 + Double(count) * 3)
                let seconds = MonotonicClock.now().seconds(since: started)
                #expect(run.status == 0 || run.status == 1, "no crash: \(run)")
                #expect(run.stderrLines.count == 1 && run.stderrLines.first?.hasPrefix("Batch complete. ") == true,
                        "only the closing sentence on stderr: \(run)")
                let records = try Self.records(out)
                #expect(records.count == count, "one record per mutant in --mode \(mode)")
                #expect(Set(records.compactMap { $0["source"] as? String }) == names)
                let errors = records.compactMap { record -> (String, String)? in
                    guard let error = record["error"] as? String, let source = record["source"] as? String else { return nil }
                    return (source, error)
                }
                for (source, error) in errors {
                    #expect(error.hasPrefix(source + " ") && error.hasSuffix(".") && !error.contains("\n")
                            && !error.dropLast().contains(". ") && !error.contains("0x"), "one sentence of ours: \(error)")
                }
                // What the errors said, by their first words after the path ("is cut short", …).
                let kinds = Dictionary(grouping: errors) { (source, error) in
                    error.dropFirst(source.count + 1).split(separator: " ").prefix(2).joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
                }.mapValues(\.count).sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }
                print("batch --mode \(mode): \(count) mutants, \(records.count) records, \(errors.count) errors (\(kinds.joined(separator: ", "))), \((seconds * 10).rounded() / 10) s.")
            }
        }
    }

    /// One real image of each format batch reads: shared JPEGs, PNGs and TIFFs, and a photo
    /// converted by FFmpeg to BMP, PPM, PGM and WebP.
    static func originals(in folder: URL) throws -> [(bytes: [UInt8], format: String)] {
        let shared = ["detect/coco-val/images/000000000139.jpg", "detect/coco-val/images/000000000632.jpg",
                      "ocr/scene/img_1.jpg", "barcode/ean_13__ean13-1_1.png", "barcode/code_128__code128-2_04.png",
                      "ocr/tesseract/eurotext.tif"]
        var originals = try shared.map { relative in
            (bytes: Array(try Data(contentsOf: URL(fileURLWithPath: try SharedTestData.path(relative)))),
             format: (relative as NSString).pathExtension)
        }
        let photo = try SharedTestData.path("detect/coco-val/images/000000000776.jpg")
        for format in ["bmp", "ppm", "pgm", "webp"] {
            let converted = folder.appendingPathComponent("original.\(format)").path
            let run = try SensecamProcess.run(["-loglevel", "error", "-y", "-i", photo, "-frames:v", "1", converted],
                                              program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
            #expect(run.status == 0, "ffmpeg converts the photo to \(format): \(run)")
            originals.append((bytes: Array(try Data(contentsOf: URL(fileURLWithPath: converted))), format: format))
        }
        return originals
    }

    static func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }
}
