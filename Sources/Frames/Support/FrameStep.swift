// SPDX-License-Identifier: GPL-3.0-or-later
/// Work that needs one frame alone — detecting the objects in it — done on an engine of its
/// own (a network) that is never used by two threads at once. Needing no other frame, it can
/// run on several frames at once, one step per worker.
public protocol FrameStep: AnyObject {
    associatedtype Output: Sendable
    /// The step's result for `frame`, and where its time went (for detection: preprocess,
    /// inference and postprocess; the other steps nil).
    func run(on frame: Frame) throws -> (output: Output, timings: StageTimings)
}
