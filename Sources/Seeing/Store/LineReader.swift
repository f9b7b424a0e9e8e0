// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Lines of a streamed file, each with the byte offset just after it: a resume point that is
/// always at a line boundary. Memory stays at one read buffer plus the longest line.
final class LineReader {
    /// One line (without its newline), valid until the next call, and where the next line starts.
    enum Line {
        case text(UnsafeBufferPointer<UInt8>, end: Int64)
        /// A line longer than `maximumLineBytes`, skipped whole.
        case overlong(end: Int64)
    }

    /// Bytes asked of the file at a time: large enough that a read costs little per line.
    static let readBytes = 1 << 20
    /// Open Food Facts' largest JSON products are a few megabytes; a longer line is damage,
    /// and keeping it would break the import's 100 MB memory bound.
    static let maximumLineBytes = 32 << 20

    private let file: CompressedFileReader
    private var buffer: UnsafeMutableRawBufferPointer
    /// Bytes [start, filled) of the buffer are unread; newlines were looked for up to `scanned`.
    private var start = 0, scanned = 0, filled = 0
    /// Where buffer[0] is in the uncompressed data.
    private var bufferOffset: Int64 = 0
    private var atEnd = false
    /// Inside an overlong line: its bytes are dropped until its newline.
    private var discarding = false

    init(_ file: CompressedFileReader) {
        self.file = file
        buffer = .allocate(byteCount: Self.readBytes, alignment: 1)
    }

    deinit { buffer.deallocate() }

    /// Continues with the line starting at `offset` (one an earlier `Line` ended at).
    func seek(to offset: Int64) throws(FileReadError) {
        try file.seek(to: offset)
        (start, scanned, filled, bufferOffset, atEnd, discarding) = (0, 0, 0, offset, false, false)
    }

    /// The next line, or nil at the end of the file. A last line without a newline counts.
    func next() throws(FileReadError) -> Line? {
        while true {
            if let newline = findNewline() {
                let line = lineBytes(upTo: newline)
                start = newline + 1
                scanned = start
                let end = bufferOffset + Int64(start)
                if discarding {
                    discarding = false
                    return .overlong(end: end)
                }
                return .text(line, end: end)
            }
            scanned = filled
            if atEnd {
                guard start < filled || discarding else { return nil }
                let line = lineBytes(upTo: filled)
                start = filled
                if discarding {
                    discarding = false
                    return .overlong(end: bufferOffset + Int64(filled))
                }
                return .text(line, end: bufferOffset + Int64(filled))
            }
            try fill()
        }
    }

    private func findNewline() -> Int? {
        guard scanned < filled, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + scanned, Int32(UInt8(ascii: "\n")), filled - scanned) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private func lineBytes(upTo end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer.baseAddress!.advanced(by: start).assumingMemoryBound(to: UInt8.self),
                            count: end - start)
    }

    /// Moves the unread bytes to the front, makes room (growing the buffer for a long line, or
    /// dropping an overlong one) and reads more.
    private func fill() throws(FileReadError) {
        if start > 0 {
            let unread = filled - start
            if unread > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, unread) }
            bufferOffset += Int64(start)
            (start, scanned, filled) = (0, unread, unread)
        }
        if filled == buffer.count {
            if buffer.count >= Self.maximumLineBytes {
                discarding = true
                bufferOffset += Int64(filled)
                (scanned, filled) = (0, 0)
            } else {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(buffer.count * 2, Self.maximumLineBytes), alignment: 1)
                larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                buffer.deallocate()
                buffer = larger
            }
        }
        let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        if count == 0 { atEnd = true }
        filled += count
    }
}
