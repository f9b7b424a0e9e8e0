// SPDX-License-Identifier: GPL-3.0-or-later
/// A moment on a stream's own monotonic clock, in microseconds: the video's presentation
/// time or the camera buffer's time. Never wall-clock time, never a bare Double.
public struct Timestamp: Sendable, Hashable, Comparable {
    public var microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    public init(seconds: Double) {
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    public static let zero = Timestamp(microseconds: 0)

    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Seconds from `earlier` to this moment (negative if `earlier` is later).
    public func seconds(since earlier: Timestamp) -> Double {
        Double(microseconds - earlier.microseconds) / 1_000_000
    }

    public func adding(seconds: Double) -> Timestamp {
        Timestamp(microseconds: microseconds + Int64((seconds * 1_000_000).rounded()))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }
}
