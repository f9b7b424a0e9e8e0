import Foundation
import Synchronization

/// Where the tool's words go. Each call writes whole lines in one system call, so lines
/// from worker threads never interleave and a reader never sees half a record.
final class Console: Sendable {
    private let lock = Mutex(())
    private let output: FileHandle
    private let errors: FileHandle

    init(output: FileHandle = .standardOutput, errors: FileHandle = .standardError) {
        self.output = output
        self.errors = errors
    }

    /// A line of results (sentences or JSON) on standard output.
    func print(_ line: String) { write(line, to: output) }

    /// A sentence about the run itself (errors, summaries) on standard error.
    func report(_ line: String) { write(line, to: errors) }

    private func write(_ line: String, to handle: FileHandle) {
        let data = Data((line + "\n").utf8)
        lock.withLock { _ in handle.write(data) }
    }
}
