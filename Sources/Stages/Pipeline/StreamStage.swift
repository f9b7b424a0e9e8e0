// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Narration

/// What a stream engine runs on every processed frame: everything between the frame and
/// the narration events (detection and tracking and narration, or page finding and reading).
/// Created once per stream, never called concurrently.
public protocol StreamStage: AnyObject {
    func observe(_ frame: Frame) throws -> [NarrationEvent]
    /// The stream ended after `frame`.
    func finish(at time: Timestamp, frame: Int) -> [NarrationEvent]
    /// Carries out a command the user gave during a live session, on the newest frame (nil
    /// before the first one: a switch of mode needs no picture, a description does).
    func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent]
    /// The commands `perform` answers: the keys that act, so the others are neither offered
    /// nor met with silence.
    var commands: Set<LiveCommand> { get }
    /// Where the last `observe` spent its time, for benchmarks; steps it does not time are nil.
    var lastTimings: StageTimings { get }
}

extension StreamStage {
    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] { [] }
    public var commands: Set<LiveCommand> { [] }
    public var lastTimings: StageTimings { StageTimings() }
}

extension NarrationEvent {
    /// The answer to a key that needs a picture (describe, read) before the first frame.
    public static func noPictureYet(_ wording: Wording) -> NarrationEvent {
        .status(.sessionNoPictureYet, wording, at: nil)
    }
}
