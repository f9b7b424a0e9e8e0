import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `merge FILE... --out ALL`: joins the JSON Lines files of a sharded batch into the one file
/// a single full run would have written, checking every line on the way.
struct MergeCommand: Command {
    static let out: Option<String?> = .text("out", value: "file", help: "Write the merged records to this file.", required: true)

    static let spec = CommandSpec(
        name: "merge",
        abstract: "Join the JSON Lines files of several batch runs into one file, in the order of a single run.",
        discussion: "Every line must be one JSON record with a \"source\"; a bad or cut-off line stops the merge with its file and line number. Records are sorted by source path, and a video's frame records by frame, before its end record: the order one batch over one folder writes. A record found twice is kept once; two different records for the same source and frame stop the merge, naming both, since only one can be right; so does a video with frame records but no end record. The merged file is written beside its final name and renamed into place, so it is never left half written.",
        arguments: [ArgumentSpec(name: "file", help: "JSON Lines files written by 'sensecam batch --out'.", isRepeating: true)],
        options: [out.spec])

    let files: [String]
    let outPath: String

    init(_ command: ParsedCommand) throws(UsageError) {
        files = command.arguments("file")
        // Required, so the parser has made sure it is there.
        outPath = try Self.out.value(in: command) ?? ""
    }

    /// What a record is about: the same key in two files means the same input was processed twice.
    struct Key: Hashable, Comparable {
        var source: String
        var frame: Int?

        /// Swift's string order, the one `ImageFolder` sorts a folder with; a video's frames in
        /// order, then its one record without a frame (the end record, or the error that ended
        /// it), as `BatchRunner` writes them. A still image has only that one record.
        static func < (a: Key, b: Key) -> Bool {
            guard a.source == b.source else { return a.source < b.source }
            switch (a.frame, b.frame) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            default: return false
            }
        }

        var spoken: String { source + (frame.map { " frame \($0)" } ?? "") }
    }

    struct Merged {
        /// Each record's line exactly as read, in order: merging never rewrites a record.
        var lines: [Data]
        var duplicates: Int
    }

    func run(in context: CommandContext) throws -> Int32 {
        let merged = try Self.merge(files)
        try Self.writeAtomically(merged.lines, to: outPath)
        let dropped = merged.duplicates == 0 ? ""
            : ", \(merged.duplicates) \(merged.duplicates == 1 ? "duplicate" : "duplicates") dropped"
        context.console.report("Merged \(files.count) \(files.count == 1 ? "file" : "files"): \(merged.lines.count) \(merged.lines.count == 1 ? "record" : "records")\(dropped).")
        return 0
    }

    static func merge(_ files: [String]) throws(RuntimeFailure) -> Merged {
        var found: [Key: (line: Data, file: String, number: Int)] = [:]
        var duplicates = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw RuntimeFailure("Cannot read \(file); check that it exists and is a file.")
            }
            for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where !line.isEmpty {  // the end of the last line, or a blank line: nothing to merge
                let line = Data(line)
                let key = try key(of: line, file: file, number: index + 1)
                if let earlier = found[key] {
                    guard earlier.line == line else {
                        throw RuntimeFailure("\(earlier.file) line \(earlier.number) and \(file) line \(index + 1) hold different records for \(key.spoken); remove the wrong one and merge again.")
                    }
                    duplicates += 1
                } else {
                    found[key] = (line, file, index + 1)
                }
            }
        }
        // A killed batch that was not resumed leaves a video's frames without its end record.
        if let frame = found.keys.filter({ $0.frame != nil && found[Key(source: $0.source)] == nil }).min() {
            throw RuntimeFailure("\(found[frame]!.file) has frame records of \(frame.source) but no file has its end record, so that video was not finished; run the batch that wrote it again with --resume.")
        }
        return Merged(lines: found.keys.sorted().map { found[$0]!.line }, duplicates: duplicates)
    }

    private static func key(of line: Data, file: String, number: Int) throws(RuntimeFailure) -> Key {
        guard let parsed = try? JSONSerialization.jsonObject(with: line) else {
            throw RuntimeFailure("\(file) line \(number) is not a complete JSON record; the batch that wrote it may have been stopped, so run it again.")
        }
        guard let record = parsed as? [String: Any], let source = record["source"] as? String else {
            throw RuntimeFailure("\(file) line \(number) has no \"source\", so it is not a record written by sensecam batch.")
        }
        guard let frame = record["frame"] else { return Key(source: source) }
        guard let index = frame as? Int else {
            throw RuntimeFailure("\(file) line \(number) has a \"frame\" that is not a whole number.")
        }
        return Key(source: source, frame: index)
    }

    /// A temporary file beside the target, renamed over it: readers see the old file or the
    /// whole new one, and a failed merge leaves an earlier result untouched.
    private static func writeAtomically(_ lines: [Data], to path: String) throws(RuntimeFailure) {
        var contents = Data()
        for line in lines {
            contents.append(line)
            contents.append(UInt8(ascii: "\n"))
        }
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial").path
        guard FileManager.default.createFile(atPath: temporary, contents: contents), rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw RuntimeFailure("Cannot write \(path); check that its folder exists and is writable.")
        }
    }
}
