// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Capture
import Narration

/// The JSON of the camera commands: `devices --json` lists the cameras, and `check-camera
/// --output jsonl` writes a line per captured frame (its status sentences are narration
/// events). Fields are described in docs/records.md.
public enum CameraRecords {
    /// `{"cameras": [{"path", "name", "formats": [{"format", "sizes"}], "chosen"}]}`; a camera
    /// that cannot be opened is `{"error"}`. Formats only the conversion library provides are
    /// left out. The error and a range of sizes are worded in `wording`.
    public static func list(_ cameras: [Result<CameraDescription, CaptureError>], wording: Wording) -> JSONValue {
        .object([("cameras", .array(cameras.map { camera($0, wording: wording) }))])
    }

    static func camera(_ camera: Result<CameraDescription, CaptureError>, wording: Wording) -> JSONValue {
        switch camera {
        case .failure(let error):
            return .object([("error", .string(wording(error.message)))])
        case .success(let camera):
            let formats = camera.offers.filter { !$0.format.isEmulated }.map { offer in
                JSONValue.object([("format", .string(offer.format.pixelFormat.description)),
                                  ("sizes", .string(offer.sizes.listed(wording)))])
            }
            return .object([
                ("path", .string(camera.path)), ("name", .string(camera.name)), ("formats", .array(formats)),
                ("chosen", camera.chosen.map { .string("\($0.pixelFormat) \($0.size)") } ?? .null),
            ])
        }
    }

    /// One captured frame: `{"frame", "sequence", "t", "width", "height"}`; `sequence` is the
    /// driver's own count, so a gap shows a frame the driver dropped.
    public static func frame(_ frame: Frame, sequence: UInt32?) -> JSONValue {
        .object([
            ("frame", .integer(frame.index)), ("sequence", .integer(Int(sequence ?? 0))),
            ("t", .number(frame.timestamp.seconds, decimals: NarrationEvent.secondsDecimals)),
            ("width", .integer(frame.image.width)), ("height", .integer(frame.image.height)),
        ])
    }
}
