// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization

/// Where the tool's words go. Each call writes whole lines in one system call, so lines
/// from worker threads never interleave and a reader never sees half a record.
public final class Console: Sendable {
    private let lock = Mutex(())
    private let output: FileHandle
    private let errors: FileHandle

    public init(output: FileHandle = .standardOutput, errors: FileHandle = Console.standardError) {
        self.output = output
        self.errors = errors
    }

    /// Standard error through a descriptor of our own: the image decoders' quietening points
    /// descriptor 2 at /dev/null while a worker decodes, and a sentence written meanwhile
    /// from another thread (progress, a camera status) would be lost with their complaints.
    public static let standardError: FileHandle = {
        let own = dup(STDERR_FILENO)
        return own >= 0 ? FileHandle(fileDescriptor: own, closeOnDealloc: true) : .standardError
    }()

    /// A line of results (sentences or JSON) on standard output.
    public func print(_ line: String) { write(line, to: output) }

    /// A sentence about the run itself (errors, summaries) on standard error.
    public func report(_ line: String) { write(line, to: errors) }

    /// Text on standard error with no line end: a progress line redrawn in place.
    public func redraw(_ text: String) { write(text, to: errors, lineEnd: "") }

    private func write(_ line: String, to handle: FileHandle, lineEnd: String = "\n") {
        let data = Data((line + lineEnd).utf8)
        lock.withLock { _ in handle.write(data) }
    }
}
