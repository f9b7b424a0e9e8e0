// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The kernel's own account of a process's confinement, from `/proc/self/status` (or another
/// task's): what a test, or `--stats`, shows as proof rather than what the code meant to do.
public struct ProcessStatus: Sendable, Equatable {
    /// `Threads:`, the tasks in the process.
    public var threads: Int
    /// `Seccomp:`, 0 none, 1 strict, 2 a filter.
    public var seccompMode: Int
    /// `Seccomp_filters:`, how many filters are stacked.
    public var seccompFilters: Int
    /// `NoNewPrivs:`, 1 when set-user-ID programs can no longer raise privileges.
    public var noNewPrivileges: Bool

    /// Parses the `Key:\tvalue` lines of a status file; a missing field reads as 0.
    public init(parsing text: String) {
        var fields: [Substring: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        threads = fields["Threads"] ?? 0
        seccompMode = fields["Seccomp"] ?? 0
        seccompFilters = fields["Seccomp_filters"] ?? 0
        noNewPrivileges = fields["NoNewPrivs"] == 1
    }

    /// The status of `path` (a `/proc/PID/status` or `/proc/PID/task/TID/status`), nil if unreadable.
    public static func read(_ path: String) -> ProcessStatus? {
        (try? String(contentsOfFile: path, encoding: .utf8)).map(ProcessStatus.init(parsing:))
    }

    /// This process's status now.
    public static func current() -> ProcessStatus {
        read("/proc/self/status") ?? ProcessStatus(parsing: "")
    }
}
