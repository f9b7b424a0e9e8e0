// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing
import Options
@testable import sensecam

/// `sensecam merge`: shard files joined in a full run's order, checked line by line, written
/// atomically. Real files in a temporary folder; the end-to-end cases run the built binary.
@Suite struct MergeCommandTests {
    static func write(_ lines: [String], to name: String, in folder: URL, finalNewline: Bool = true) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + (finalNewline && !lines.isEmpty ? "\n" : "")).utf8).write(to: url)
        return url.path
    }

    static func record(_ source: String, frame: Int? = nil, width: Int = 640) -> String {
        var members: [(String, JSONValue)] = [("source", .string(source))]
        if let frame { members.append(("frame", .integer(frame))) }
        members.append(("width", .integer(width)))
        return JSONValue.object(members).serialized()
    }

    /// The sentence a merge of `files` fails with, or nil if it succeeds.
    static func failure(_ files: [String]) -> String? {
        do {
            _ = try MergeCommand.merge(files)
            return nil
        } catch {
            return error.description
        }
    }

    /// Files in the temporary folder that are not the test's own (a leftover temporary file).
    static func leftovers(in folder: URL, expected: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !expected.contains($0) }
    }

    // MARK: - Order, duplicates, conflicts

    static let clipEnd = #"{"source":"in/clip.mp4","frames":2,"every":1,"complete":true}"#

    /// Shards hold records in any order; the merge sorts by source, then a video's frames in
    /// order before its end record, as a batch writes them, and keeps each line's bytes.
    @Test func sortsBySourceThenFrame() throws {
        try withTemporaryFolder { folder in
            let a = try Self.write([Self.record("in/b.jpg"), Self.record("in/clip.mp4", frame: 10)], to: "a.jsonl", in: folder)
            let b = try Self.write([Self.record("in/clip.mp4", frame: 2), #"{"source":"in/a.jpg","error":"Cannot read it."}"#],
                                   to: "b.jsonl", in: folder)
            let c = try Self.write([Self.clipEnd, Self.record("in/B.jpg")], to: "c.jsonl", in: folder)
            let merged = try MergeCommand.merge([a, b, c])
            #expect(merged.lines.map { String(decoding: $0, as: UTF8.self) } == [
                Self.record("in/B.jpg"),
                #"{"source":"in/a.jpg","error":"Cannot read it."}"#,
                Self.record("in/b.jpg"),
                Self.record("in/clip.mp4", frame: 2),
                Self.record("in/clip.mp4", frame: 10),
                Self.clipEnd,
            ])
            #expect(merged.duplicates == 0)
        }
    }

    /// The merge's order is the order `batch` finds images in, checked against `ImageFolder`
    /// itself on names that sort differently by case, digits, spaces, accents and subfolders.
    @Test func orderIsTheOrderBatchFindsImagesIn() throws {
        try withTemporaryFolder { folder in
            let images = folder.appendingPathComponent("images")
            let names = ["b.jpg", "B.jpg", "a b.jpg", "a-1.jpg", "a.jpg", "a/x.jpg", "a/Y.png", "10.jpg", "9.jpg",
                         "é.jpg", "e.jpg", "z/9/1.jpg", "Z.jpg", "_u.png"]
            for name in names {
                let url = images.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
            let fullRun = try BatchInputs.collect([images.path]).items.map(\.path)
            #expect(fullRun.count == names.count)
            // Three "shards" holding every third image, each in reverse order.
            let shards = try (0..<3).map { shard in
                try Self.write(fullRun.enumerated().filter { $0.offset % 3 == shard }.map { Self.record($0.element) }.reversed(),
                               to: "part-\(shard).jsonl", in: folder)
            }
            let merged = try MergeCommand.merge(shards)
            #expect(merged.lines.map { String(decoding: $0, as: UTF8.self) } == fullRun.map { Self.record($0) })
        }
    }

    /// The same record twice (a shard merged twice, or a resumed shard) is kept once.
    @Test func exactDuplicatesAreKeptOnce() throws {
        try withTemporaryFolder { folder in
            let a = try Self.write([Self.record("x.jpg"), Self.record("y.jpg")], to: "a.jsonl", in: folder)
            let b = try Self.write([Self.record("y.jpg"), Self.record("x.jpg"), Self.record("x.jpg")], to: "b.jsonl", in: folder)
            let merged = try MergeCommand.merge([a, b])
            #expect(merged.lines.count == 2)
            #expect(merged.duplicates == 3)
        }
    }

    /// Two different records for one input: only one can be right, so the merge refuses and
    /// names both places.
    @Test(arguments: [(nil, "x.jpg"), (3, "x.jpg frame 3")] as [(Int?, String)])
    func differentRecordsForOneInputAreRefused(frame: Int?, spoken: String) throws {
        try withTemporaryFolder { folder in
            let a = try Self.write([Self.record("w.jpg"), Self.record("x.jpg", frame: frame, width: 640)], to: "a.jsonl", in: folder)
            let b = try Self.write([Self.record("x.jpg", frame: frame, width: 320)], to: "b.jsonl", in: folder)
            #expect(Self.failure([a, b]) == "\(a) line 2 and \(b) line 1 hold different records for \(spoken); remove the wrong one and merge again.")
        }
    }

    /// A video's frames without its end record (a batch killed and not resumed) are refused.
    @Test func anUnfinishedVideoIsRefused() throws {
        try withTemporaryFolder { folder in
            let a = try Self.write([Self.record("a.jpg"), Self.record("v.mp4", frame: 0)], to: "a.jsonl", in: folder)
            let b = try Self.write([Self.record("v.mp4", frame: 1)], to: "b.jsonl", in: folder)
            #expect(Self.failure([a, b]) == "\(a) has frame records of v.mp4 but no file has its end record, so that video was not finished; run the batch that wrote it again with --resume.")
        }
    }

    /// Every way a line can be wrong, each said in one sentence with the file and line.
    @Test(arguments: [
        (#"{"source":"a.jpg","width":6"#, "is not a complete JSON record; the batch that wrote it may have been stopped, so run it again."),
        ("not json", "is not a complete JSON record; the batch that wrote it may have been stopped, so run it again."),
        (#"{"source":"a.jpg"} trailing"#, "is not a complete JSON record; the batch that wrote it may have been stopped, so run it again."),
        (#"{"width":640}"#, #"has no "source", so it is not a record written by sensecam batch."#),
        (#"["source"]"#, #"has no "source", so it is not a record written by sensecam batch."#),
        (#"{"source":7}"#, #"has no "source", so it is not a record written by sensecam batch."#),
        (#"{"source":"v.mp4","frame":1.5}"#, #"has a "frame" that is not a whole number."#),
    ])
    func badLinesAreNamed(line: String, complaint: String) throws {
        try withTemporaryFolder { folder in
            // The bad line last and without its newline, as a batch killed mid-write leaves it.
            let file = try Self.write([Self.record("ok.jpg"), "", line], to: "part.jsonl", in: folder, finalNewline: false)
            #expect(Self.failure([file]) == "\(file) line 3 \(complaint)")
        }
    }

    // MARK: - The command, end to end

    @Test func mergesFilesAtomicallyAndSaysSo() throws {
        try withTemporaryFolder { folder in
            let a = try Self.write([Self.record("b.jpg"), Self.record("a.jpg")], to: "part-0.jsonl", in: folder)
            let b = try Self.write([Self.record("c.jpg"), Self.record("a.jpg")], to: "part-1.jsonl", in: folder)
            let empty = try Self.write([], to: "part-2.jsonl", in: folder)  // a shard that got no images
            let out = folder.appendingPathComponent("all.jsonl")
            try Data("stale\n".utf8).write(to: out)  // replaced whole
            let run = try SensecamProcess.run(["merge", a, b, empty, "--out", out.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "", "\(run)")
            #expect(run.stderrLines == ["Merged 3 files: 3 records, 1 duplicate dropped."], "\(run)")
            #expect(try String(contentsOf: out, encoding: .utf8)
                == [Self.record("a.jpg"), Self.record("b.jpg"), Self.record("c.jpg")].joined(separator: "\n") + "\n")
            #expect(try Self.leftovers(in: folder, expected: ["part-0.jsonl", "part-1.jsonl", "part-2.jsonl", "all.jsonl"]) == [])

            // Merging into one of its own inputs works: everything is read before the rename.
            let again = try SensecamProcess.run(["merge", out.path, "--out", out.path])
            #expect(again.stderrLines == ["Merged 1 file: 3 records."], "\(again)")
        }
    }

    /// A failed merge says one sentence, exits 1, and leaves an earlier result as it was.
    @Test func aBadLineLeavesTheOldResultUntouched() throws {
        try withTemporaryFolder { folder in
            let good = try Self.write([Self.record("a.jpg")], to: "part-0.jsonl", in: folder)
            let cut = try Self.write([Self.record("b.jpg"), #"{"source":"c.jpg","wi"#], to: "part-1.jsonl", in: folder,
                                     finalNewline: false)
            let out = folder.appendingPathComponent("all.jsonl")
            try Data("earlier result\n".utf8).write(to: out)
            let run = try SensecamProcess.run(["merge", good, cut, "--out", out.path])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines == ["\(cut) line 2 is not a complete JSON record; the batch that wrote it may have been stopped, so run it again."],
                    "\(run)")
            #expect(try String(contentsOf: out, encoding: .utf8) == "earlier result\n")
            #expect(try Self.leftovers(in: folder, expected: ["part-0.jsonl", "part-1.jsonl", "all.jsonl"]) == [])
        }
    }

    @Test func missingFilesAndUnwritableOutputAreSaidPlainly() throws {
        try withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("nope.jsonl").path
            let run = try SensecamProcess.run(["merge", missing, "--out", folder.appendingPathComponent("all.jsonl").path])
            #expect(run.status == 1 && run.stderrLines == ["Cannot read \(missing); check that it exists and is a file."], "\(run)")

            let part = try Self.write([Self.record("a.jpg")], to: "part.jsonl", in: folder)
            let nowhere = folder.appendingPathComponent("no/such/folder/all.jsonl").path
            let unwritable = try SensecamProcess.run(["merge", part, "--out", nowhere])
            #expect(unwritable.status == 1
                && unwritable.stderrLines == ["Cannot write \(nowhere); check that its folder exists and is writable."], "\(unwritable)")
        }
    }

    @Test func outIsRequired() throws {
        let run = try SensecamProcess.run(["merge", "part-0.jsonl"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines.first == "Error: Missing expected argument '--out <file>'. See 'sensecam merge --help'.", "\(run)")
    }

    static let help = """
        OVERVIEW: Join the JSON Lines files of several batch runs into one file, in the
        order of a single run.

        Every line must be one JSON record with a "source"; a bad or cut-off line stops
        the merge with its file and line number. Records are sorted by source path, and
        a video's frame records by frame, before its end record: the order one batch
        over one folder writes. A record found twice is kept once; two different records
        for the same source and frame stop the merge, naming both, since only one can be
        right; so does a video with frame records but no end record. The merged file is
        written beside its final name and renamed into place, so it is never left half
        written.

        USAGE: sensecam merge <file>... --out <file>

        ARGUMENTS:
          <file>...               JSON Lines files written by 'sensecam batch --out'.

        OPTIONS:
          --out <file>            Write the merged records to this file.
          -h, --help              Show help information.

        """

    @Test func helpText() throws {
        let run = try SensecamProcess.run(["merge", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == Self.help, "\(run.stdout)")
    }
}
