// SPDX-License-Identifier: GPL-3.0-or-later
import CVision

/// OpenCV's thread pool is one per process: it runs a network's forward pass, decoding and
/// colour conversion. Live use gives it every core; batch workers each get their share.
public enum OpenCVThreads {
    public static func limit(to threads: Int) { CVision_set_thread_count(Int32(max(1, threads))) }
    public static var current: Int { Int(CVision_thread_count()) }
}
