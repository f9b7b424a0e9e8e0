// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// The process's CPU time so far and its peak resident memory: what a benchmark divides by
/// the wall-clock time, and the most memory the run ever needed.
public struct ProcessUsage: Sendable, Equatable {
    public var userSeconds: Double
    public var systemSeconds: Double
    public var peakResidentMiB: Double

    public init(userSeconds: Double, systemSeconds: Double, peakResidentMiB: Double) {
        self.userSeconds = userSeconds
        self.systemSeconds = systemSeconds
        self.peakResidentMiB = peakResidentMiB
    }

    /// Now, from getrusage; the peak from /proc's VmHWM (the process's high-water mark of
    /// resident memory), else ru_maxrss.
    public static func current() -> ProcessUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        let kibibytes = line.flatMap { Double($0.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") } ?? Double(usage.ru_maxrss)
        return ProcessUsage(userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
                            peakResidentMiB: kibibytes / 1024)
    }

    /// CPU spent since `earlier`, with this (later) peak: the run's own share.
    public func since(_ earlier: ProcessUsage) -> ProcessUsage {
        ProcessUsage(userSeconds: userSeconds - earlier.userSeconds, systemSeconds: systemSeconds - earlier.systemSeconds,
                     peakResidentMiB: peakResidentMiB)
    }
}
