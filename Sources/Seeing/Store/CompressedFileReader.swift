// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words
import Frames

/// Why a file being streamed could not be read on: its compressed data is damaged or stops
/// early, or the system refused.
public struct FileReadError: WordedError, Sendable {
    public enum Kind: Sendable { case cannotOpen, truncated, corrupt, other }
    public var kind: Kind
    public var path: String
    /// zlib's or the system's words.
    public var reason: String

    public var message: Message {
        let id: MessageID = switch kind {
        case .cannotOpen: .storeFileCannotOpen
        case .truncated: .storeFileTruncated
        case .corrupt: .storeFileCorrupt
        case .other: .storeFileUnreadable
        }
        return Message(id, ["path": .text(path), "reason": .text(reason)])
    }
}

/// A file read as a stream of bytes, gzip-compressed or plain (zlib passes a plain file
/// through), so an export of many gigabytes is never held in memory.
final class CompressedFileReader {
    let path: String
    private let handle: OpaquePointer

    init(path: String) throws(FileReadError) {
        self.path = path
        var opened: OpaquePointer?
        let result = callShim { CVision_gzip_create(path, &opened, $0, $1) }
        guard result.status == CVision_OK, let opened else {
            throw FileReadError(kind: .cannotOpen, path: path, reason: result.message)
        }
        handle = opened
    }

    deinit { CVision_gzip_destroy(handle) }

    /// Up to `buffer.count` uncompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileReadError) -> Int {
        var count = 0
        let result = callShim { CVision_gzip_read(handle, buffer.baseAddress, buffer.count, &count, $0, $1) }
        guard result.status == CVision_OK else { throw error(result.status, result.message) }
        return count
    }

    /// Continues from `offset` bytes into the uncompressed data.
    func seek(to offset: Int64) throws(FileReadError) {
        let result = callShim { CVision_gzip_seek(handle, offset, $0, $1) }
        guard result.status == CVision_OK else { throw error(result.status, result.message) }
    }

    /// How much of the file itself (compressed bytes) has been read: for progress.
    var fileOffset: Int64 { CVision_gzip_file_offset(handle) }

    private func error(_ status: CVision_Status, _ reason: String) -> FileReadError {
        let kind: FileReadError.Kind = switch status {
        case CVision_ErrorTruncated: .truncated
        case CVision_ErrorCorrupt: .corrupt
        default: .other
        }
        return FileReadError(kind: kind, path: path, reason: reason)
    }
}
