// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Words
import Frames

/// Why `--resume` could not use the output file. One sentence each, with the fix.
public enum ResumeError: WordedError, Equatable {
    case notJSONLines(path: String, line: Int)
    /// `reason` is the errno, worded by SystemReason.
    case unreadable(path: String, reason: Int32)
    case unwritable(path: String, reason: Int32)

    public var message: Message {
        switch self {
        case .notJSONLines(let path, let line):
            Message(.batchResumeNotRecords, ["path": .text(path), "line": .integer(line)])
        case .unreadable(let path, let reason):
            Message(.batchResumeUnreadable, ["path": .text(path), "reason": .message(SystemReason.message(reason))])
        case .unwritable(let path, let reason):
            Message(.batchResumeUnwritable, ["path": .text(path), "reason": .message(SystemReason.message(reason))])
        }
    }
}

/// What an earlier run left in the output file, once `BatchJournal.resume` has repaired it.
public struct ResumeState: Sendable, Equatable {
    /// Inputs (by path) whose records are all in the file: kept, not processed again.
    public var completed: Set<String> = []
    /// What the kept records count: images, videos, frames, failures and `resumed`.
    public var summary = BatchSummary()
    /// Complete lines removed: records of unfinished videos, and repeats of an input.
    public var droppedLines = 0
    /// Whether the file ended in a partial line (a write cut short by a kill), now removed.
    public var droppedPartialLine = false

    /// Nothing kept: a fresh batch.
    public init() {}
}

/// Reads and repairs a batch's JSON Lines output for `--resume`.
///
/// An input is complete when its records are all there: an image has one record (a result or
/// an `error`); a video has its frame records then an end record whose `frames` equals their
/// number and whose `every` equals this run's, or else an `error` record that ended it. A
/// trailing line without its newline is cut off; the records of an incomplete video, and a
/// second copy of an input's records, are removed, so after the resumed run every input is in
/// the file exactly once. Lines about paths that are not inputs of this run are kept as they are.
public enum BatchJournal {
    /// Every record starts like this (`ResultRecord` and `BatchRecord` put "source" first), so
    /// a torn last line can be told from a file that is not a batch's output at all.
    static let recordStart = #"{"source":"#

    public static func resume(_ path: String, inputs: [BatchInput], every: Int) throws(ResumeError) -> ResumeState {
        var state = ResumeState()
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            // Nothing written yet: the whole batch is still to do.
            if !FileManager.default.fileExists(atPath: path) { return state }
            // Data(contentsOf:) carries the errno underneath; short of one, access is what fails.
            throw .unreadable(path: path, reason: SystemReason.code(of: error) ?? EACCES)
        }
        let completeLength = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let lines = bytes[..<completeLength].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast()  // the empty piece after the final newline
            .map { String(decoding: $0, as: UTF8.self) }

        let tail = String(decoding: bytes[completeLength...], as: UTF8.self)
        if !tail.isEmpty {
            guard tail.hasPrefix(recordStart) || recordStart.hasPrefix(tail) else {
                throw .notJSONLines(path: path, line: lines.count + 1)
            }
            state.droppedPartialLine = true
        }

        var records: [Parsed?] = []
        for (number, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { records.append(nil); continue }
            guard let record = Parsed(line) else { throw .notJSONLines(path: path, line: number + 1) }
            records.append(record)
        }

        let keep = decide(records, inputs: inputs, every: every, state: &state)
        state.droppedLines = zip(records, keep).filter { $0 != nil && !$1 }.count
        if keep.contains(false) {
            let kept = zip(lines, keep).filter(\.1).map { $0.0 + "\n" }.joined()
            try rewrite(path, with: Data(kept.utf8))
        } else if state.droppedPartialLine, truncate(path, off_t(completeLength)) != 0 {
            // Only a torn last line: cut the file back to its last newline, in place.
            throw .unwritable(path: path, reason: errno)
        }
        return state
    }

    /// A mode other than `mode` whose image records the file at `path` holds, or nil (none, or
    /// no file): resuming would mix the two, and keep the other's records as if done.
    public static func otherMode(in path: String, than mode: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let record = Parsed(String(decoding: line, as: UTF8.self)), let found = record.mode, found != mode { return found }
        }
        return nil
    }

    /// One complete line, as far as resuming cares.
    struct Parsed {
        enum Kind { case result, failure, frame, end(frames: Int, every: Int) }
        var source: String
        var kind: Kind
        /// The mode that wrote an image record (`RecordMode`).
        var mode: String?

        init?(_ line: String) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let source = object["source"] as? String else { return nil }
            self.source = source
            mode = RecordMode.of(object)
            if object["frame"] != nil {
                kind = .frame
            } else if object["complete"] as? Bool == true {
                kind = .end(frames: object["frames"] as? Int ?? -1, every: object["every"] as? Int ?? -1)
            } else if object["error"] != nil {
                kind = .failure
            } else {
                kind = .result
            }
        }
    }

    /// Which lines to keep (blank ones never), filling in what is complete and what it counts.
    static func decide(_ records: [Parsed?], inputs: [BatchInput], every: Int, state: inout ResumeState) -> [Bool] {
        var keep = records.map { $0 != nil }
        let kinds = Dictionary(inputs.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
        var linesBySource: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if let record, kinds[record.source] != nil { linesBySource[record.source, default: []].append(index) }
        }
        for (source, indices) in linesBySource {
            let complete: ArraySlice<Int>?  // the lines that make up the input's records
            var failed = false, frames = 0
            switch kinds[source] {
            case .image:
                let first = indices.first { index in
                    switch records[index]!.kind {
                    case .result, .failure: true
                    default: false
                    }
                }
                complete = first.map { [$0][...] }
                if let first, case .failure = records[first]!.kind { failed = true }
            case .video:
                complete = videoRecords(indices, records: records, every: every, failed: &failed, frames: &frames)
            case nil:
                continue
            }
            let keptIndices = Set(complete ?? [])
            for index in indices where !keptIndices.contains(index) { keep[index] = false }
            guard complete != nil else { continue }
            state.completed.insert(source)
            state.summary.resumed += 1
            if kinds[source] == .video {
                state.summary.videos += 1
                state.summary.frames += frames
            } else {
                state.summary.images += 1
            }
            if failed { state.summary.failed += 1 }
        }
        return keep
    }

    /// The lines of a complete video: its frame records up to and including the first end
    /// record that counts them all (taken with the same `every`), or the `error` record that
    /// ended it; nil when the video is not complete.
    private static func videoRecords(_ indices: [Int], records: [Parsed?], every: Int,
                                     failed: inout Bool, frames: inout Int) -> ArraySlice<Int>? {
        var count = 0
        for (position, index) in indices.enumerated() {
            switch records[index]!.kind {
            case .frame:
                count += 1
            case .end(let stated, let statedEvery):
                guard stated == count, statedEvery == every else { return nil }
                frames = count
                return indices[...position]
            case .failure:
                failed = true
                frames = count
                return indices[...position]
            case .result:
                return nil  // an image record for a video: written by something else
            }
        }
        return nil
    }

    /// Replaces the file's contents in one step: written beside it, then renamed over it, so
    /// a crash while repairing leaves either the old file or the repaired one.
    private static func rewrite(_ path: String, with data: Data) throws(ResumeError) {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).resume-\(getpid())")
        do {
            try data.write(to: temporary)
            // The repaired file keeps the permissions the user gave the original.
            if let permissions = try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
                try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            if rename(temporary.path, path) != 0 {
                let reason = errno
                try? FileManager.default.removeItem(at: temporary)
                throw ResumeError.unwritable(path: path, reason: reason)
            }
        } catch let error as ResumeError {
            throw error
        } catch {
            throw .unwritable(path: path, reason: SystemReason.code(of: error) ?? EACCES)
        }
    }
}
