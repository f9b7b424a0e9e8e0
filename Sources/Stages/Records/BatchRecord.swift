// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// The records only a batch writes: one per processed video frame, and the end-of-video
/// record that tells `--resume` a video is complete. Still images use `ResultRecord` as is.
public enum BatchRecord {
    /// A frame's record: the image record with the frame's index and presentation time
    /// (seconds, 3 decimals) after "source": `{"source", "frame", "t", "width", …}`.
    public static func frame(_ record: JSONValue, index: Int, seconds: Double) -> JSONValue {
        var members: [(String, JSONValue)]
        if case .object(let existing) = record { members = existing } else { members = [("record", record)] }
        let at = members.first?.0 == "source" ? 1 : 0
        members.insert(contentsOf: [("frame", .integer(index)), ("t", .number(seconds, decimals: 3))], at: at)
        return .object(members)
    }

    /// A frame the analyzer could not process: `{"source", "frame", "t", "error"}`; the video goes on.
    public static func frameFailure(source: String, index: Int, seconds: Double, error: String) -> JSONValue {
        .object([("source", .string(source)), ("frame", .integer(index)), ("t", .number(seconds, decimals: 3)),
                 ("error", .string(error))])
    }

    /// Written after a video's last frame record: `{"source", "frames", "every", "complete": true}`.
    /// `frames` is how many frame records precede it, `every` the `--every` they were taken with.
    public static func videoEnd(source: String, frames: Int, every: Int) -> JSONValue {
        .object([("source", .string(source)), ("frames", .integer(frames)), ("every", .integer(every)),
                 ("complete", .bool(true))])
    }
}
