// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception
#if canImport(Glibc)
import Glibc
#endif

/// `merge FILE... --out ALL`: joins the JSON Lines files of a sharded batch into the one file
/// a single full run would have written, checking every line on the way.
struct MergeCommand: Command {
    struct MergeOptions: OptionGroup {
        var out: String?

        init() {}

        static let options: [GroupOption<Self>] = [.text(\.out, "out", value: "file", help: Message(.helpMergeOut), required: true)]
    }

    static let spec = CommandSpec(
        name: "merge",
        abstract: Message(.helpMerge),
        discussion: Message(.helpMergeDiscussion),
        arguments: [ArgumentSpec(name: "file", help: Message(.helpMergeFile), isRepeating: true)],
        options: MergeOptions.specs)

    let files: [String]
    let outPath: String

    init(_ command: ParsedCommand) throws(UsageError) {
        files = command.arguments("file")
        // Required, so the parser has made sure it is there.
        outPath = try MergeOptions(command).out ?? ""
    }

    func run(in context: SessionContext) throws -> Int32 {
        let merged = try Self.merge(files)
        try Self.writeAtomically(merged.lines, to: outPath)
        context.console.report(context.wording(.mergeDone, [
            "files": .integer(files.count), "records": .integer(merged.lines.count), "duplicates": .integer(merged.duplicates),
        ]))
        return 0
    }

    /// Reads the files in turn into a `BatchMerge`, which checks and orders their records.
    static func merge(_ files: [String]) throws(RuntimeFailure) -> BatchMerge.Merged {
        var merge = BatchMerge()
        do {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw RuntimeFailure(Message(.failureCannotRead, ["path": .text(file)]))
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
            throw RuntimeFailure(Message(.failureCannotWrite, ["path": .text(path)]))
        }
    }
}
