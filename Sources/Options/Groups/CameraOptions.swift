// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// The options that choose and set up a camera, for `aware`, `read`, `scan` and `check-camera`.
public struct CameraOptions: OptionGroup {
    public var camera: String?
    public var size = CaptureRequest.defaultSize
    public var fps = CaptureRequest.defaultFrameRate
    public var stats = false

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .text(\.camera, "camera", value: "device", help: Message(.helpCamera), expected: Message(.expectedDevicePath),
              check: { $0.hasPrefix("/") }).defaulting(to: Message(.helpCameraDefault)),
        .value(\.size, "size", value: "WxH", help: Message(.helpSize), expected: Message(.expectedFrameSize),
               shown: CaptureRequest.defaultSize.description, parse: frameSize(_:)),
        .number(\.fps, "fps", value: "rate", help: Message(.helpFps), in: 1...240),
        .flag(\.stats, "stats", help: Message(.helpStats)),
    ]

    /// "1280x720" (either case of x), each side from 16 to 8192 pixels.
    @Sendable public static func frameSize(_ text: String) -> FrameSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (16...8192).contains(width), (16...8192).contains(height) else { return nil }
        return FrameSize(width: width, height: height)
    }

    /// The camera request the options describe.
    public var request: CaptureRequest {
        CaptureRequest(path: camera, size: size, frameRate: fps)
    }

    /// Camera options make no sense beside an image or a video; saying so beats ignoring them.
    /// Only the command line counts: a camera in the settings file is for when one is used.
    public static let rules: [OptionRule] = [
        .refuse(names, when: .argument("image"), .usageCameraOnly, ["source": .text("image")]),
        .refuse(names, when: .given("video"), .usageCameraOnly, ["source": .text("video")]),
    ]
}
