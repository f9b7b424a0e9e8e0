// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words

/// Why the JSON Lines files of a sharded batch could not be merged: one sentence with the fix.
public struct BatchMergeError: WordedError, Equatable {
    public var message: Message
    init(_ id: MessageID, _ arguments: [String: MessageArgument]) { message = Message(id, arguments) }
}

/// Joins the JSON Lines files of a sharded batch into the one file a single full run would have
/// written, checking every line on the way (`sensecam merge`). Files are added one at a time, as
/// read, so a bad line stops the merge before the next file is opened.
public struct BatchMerge {
    /// What a record is about: the same key in two files means the same input was processed twice.
    public struct Key: Hashable, Comparable, Sendable {
        public var source: String
        public var frame: Int?

        public init(source: String, frame: Int? = nil) {
            self.source = source
            self.frame = frame
        }

        /// Swift's string order, the one `ImageFolder` sorts a folder with; a video's frames in
        /// order, then its one record without a frame (the end record, or the error that ended
        /// it), as `BatchRunner` writes them. A still image has only that one record.
        public static func < (a: Key, b: Key) -> Bool {
            guard a.source == b.source else { return a.source < b.source }
            switch (a.frame, b.frame) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            default: return false
            }
        }

        /// The input, and its frame when it has one ("a.mp4 frame 30").
        var spoken: MessageArgument {
            frame.map { .message(Message(.mergeFrameOf, ["source": .text(source), "frame": .integer($0)])) } ?? .text(source)
        }
    }

    public struct Merged: Sendable {
        /// Each record's line exactly as read, in order: merging never rewrites a record.
        public var lines: [Data]
        public var duplicates: Int
    }

    private var found: [Key: (line: Data, file: String, number: Int)] = [:]
    private var duplicates = 0

    public init() {}

    /// One file's contents; `file` names it in errors.
    public mutating func add(_ data: Data, file: String) throws(BatchMergeError) {
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {  // the end of the last line, or a blank line: nothing to merge
            let line = Data(line)
            let key = try Self.key(of: line, file: file, number: index + 1)
            if let earlier = found[key] {
                guard earlier.line == line else {
                    throw BatchMergeError(.mergeDifferentRecords, ["earlierFile": .text(earlier.file), "earlierLine": .integer(earlier.number),
                                                                   "file": .text(file), "line": .integer(index + 1), "record": key.spoken])
                }
                duplicates += 1
            } else {
                found[key] = (line, file, index + 1)
            }
        }
    }

    /// The records in a single run's order, once every file is added.
    public func finish() throws(BatchMergeError) -> Merged {
        // A killed batch that was not resumed leaves a video's frames without its end record.
        if let frame = found.keys.filter({ $0.frame != nil && found[Key(source: $0.source)] == nil }).min() {
            throw BatchMergeError(.mergeVideoUnfinished, ["file": .text(found[frame]!.file), "source": .text(frame.source)])
        }
        return Merged(lines: found.keys.sorted().map { found[$0]!.line }, duplicates: duplicates)
    }

    private static func key(of line: Data, file: String, number: Int) throws(BatchMergeError) -> Key {
        guard let parsed = try? JSONSerialization.jsonObject(with: line) else {
            throw BatchMergeError(.mergeNotJSON, ["file": .text(file), "line": .integer(number)])
        }
        guard let record = parsed as? [String: Any], let source = record["source"] as? String else {
            throw BatchMergeError(.mergeNoSource, ["file": .text(file), "line": .integer(number)])
        }
        guard let frame = record["frame"] else { return Key(source: source) }
        guard let index = frame as? Int else {
            throw BatchMergeError(.mergeFrameNotWhole, ["file": .text(file), "line": .integer(number)])
        }
        return Key(source: source, frame: index)
    }
}
