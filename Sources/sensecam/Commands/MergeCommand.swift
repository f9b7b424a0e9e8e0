import Foundation
import Perception
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

    func run(in context: CommandContext) throws -> Int32 {
        let merged = try Self.merge(files)
        try Self.writeAtomically(merged.lines, to: outPath)
        let dropped = merged.duplicates == 0 ? ""
            : ", \(merged.duplicates) \(merged.duplicates == 1 ? "duplicate" : "duplicates") dropped"
        context.console.report("Merged \(files.count) \(files.count == 1 ? "file" : "files"): \(merged.lines.count) \(merged.lines.count == 1 ? "record" : "records")\(dropped).")
        return 0
    }

    /// Reads the files in turn into a `BatchMerge`, which checks and orders their records.
    static func merge(_ files: [String]) throws(RuntimeFailure) -> BatchMerge.Merged {
        var merge = BatchMerge()
        do {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw RuntimeFailure("Cannot read \(file); check that it exists and is a file.")
                }
                try merge.add(data, file: file)
            }
            return try merge.finish()
        } catch let failure as RuntimeFailure {
            throw failure
        } catch {
            throw RuntimeFailure(error)
        }
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
