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
    /// The errno when the system refused (`cannotOpen`, `other`), worded by SystemReason.
    public var code: Int32 = 0
    /// zlib's own text, for a developer; never said.
    public var detail = ""

    public var message: Message {
        switch kind {
        case .cannotOpen: Message(.storeFileCannotOpen, ["path": .text(path), "reason": .message(SystemReason.message(code))])
        case .truncated: Message(.storeFileTruncated, ["path": .text(path)])
        case .corrupt: Message(.storeFileCorrupt, ["path": .text(path)])
        case .other: Message(.storeFileUnreadable, ["path": .text(path), "reason": .message(SystemReason.message(code))])
        }
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
        var code: Int32 = 0
        guard CVision_gzip_create(path, &opened, &code) == CVision_OK, let opened else {
            throw FileReadError(kind: .cannotOpen, path: path, code: code)
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

    private func error(_ status: CVision_Status, _ detail: String) -> FileReadError {
        let kind: FileReadError.Kind = switch status {
        case CVision_ErrorTruncated: .truncated
        case CVision_ErrorCorrupt: .corrupt
        default: .other
        }
        return FileReadError(kind: kind, path: path, code: CVision_gzip_error_number(handle), detail: detail)
    }
}
