// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// CLOCK_MONOTONIC, the clock V4L2 stamps camera buffers with, so a frame's capture time
/// and the moment its narration leaves can be compared directly.
public enum MonotonicClock {
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000)
    }
}
