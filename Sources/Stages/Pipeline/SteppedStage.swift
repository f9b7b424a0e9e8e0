// SPDX-License-Identifier: GPL-3.0-or-later
import Frames
import Narration

/// A stage whose work starts with a `FrameStep` and goes on with what needs the frames in
/// order (tracking, narration). Frames taken one at a time (a camera, a key press) go
/// through its own `step`; on a recording processed every frame, the stream engine runs the
/// `workerSteps` ahead on several frames at once and hands each result to
/// `observe(_:after:timings:)` in frame order, so the stage sees exactly what it would have
/// seen one frame at a time.
public protocol SteppedStage: StreamStage {
    associatedtype Step: FrameStep
    /// For frames taken one at a time.
    var step: Step { get }
    /// For running ahead, one per worker thread (each kept to its thread); empty when the
    /// stage runs one frame at a time.
    var workerSteps: [Step] { get }
    /// The rest of the stage's work on `frame`, given its step's result and timings.
    func observe(_ frame: Frame, after output: Step.Output, timings: StageTimings) throws -> [NarrationEvent]
}

extension SteppedStage {
    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let (output, timings) = try step.run(on: frame)
        return try observe(frame, after: output, timings: timings)
    }
}
