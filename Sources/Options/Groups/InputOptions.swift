// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// What a command looks at besides the camera: a recording instead (`--video`, with
/// `--every-frame` and `--captions`), and the largest picture it accepts (`--max-megapixels`,
/// checked in a file's header before decoding: a small file can claim a huge picture and take
/// gigabytes to decode).
public struct InputOptions: OptionGroup {
    public var video: String?
    public var everyFrame = false
    public var captions: String?
    public var maxMegapixels = PixelLimit.standard.megapixels

    public init() {}

    public static let options: [GroupOption<Self>] = [
        // Each command words what it does with the video (`with(help:)`).
        .text(\.video, "video", value: "file", help: Message(.helpVideo)),
        .flag(\.everyFrame, "every-frame", help: Message(.helpEveryFrame)),
        .text(\.captions, "captions", value: "file", help: Message(.helpCaptions), expected: Message(.expectedCaptionFile),
              check: { CaptionTrack.Format(fileName: $0) != nil }),
        .wholeNumber(\.maxMegapixels, "max-megapixels", value: "n", help: Message(.helpMaxMegapixels), in: 1...100_000),
    ]

    /// The video options worded for one command, with `--max-megapixels`, which applies to the
    /// image argument as well as the video.
    public static func specs(video help: MessageID) -> [OptionSpec] {
        [option("video").with(help: Message(help)).spec, option("every-frame").spec, option("captions").spec,
         option("max-megapixels").spec]
    }

    /// `--max-megapixels` for a command that takes only an image (`light`, `colour`).
    public static let imageLimitSpec = option("max-megapixels").with(help: Message(.helpMaxMegapixelsImage)).spec
    /// `--max-megapixels` for `batch`, which records the refusal and goes on.
    public static let batchLimitSpec = option("max-megapixels").with(help: Message(.helpMaxMegapixelsBatch)).spec

    /// `--every-frame` and `--captions` need a video (a video and an image together are
    /// `SourceRules`').
    public static let rules: [OptionRule] = [
        .refuse(["every-frame", "captions"], when: !hasVideo, .usageOnlyWithVideo),
    ]

    /// The command line names a video.
    public static let hasVideo = Condition { $0.declares("video") && $0.text(of: "video") != nil }

    public var limit: PixelLimit { PixelLimit(megapixels: maxMegapixels) }

    /// How a recording is paced: every frame (evaluation) or its own pace (the default).
    public var clock: StreamClock { everyFrame ? .everyFrame : .realTime }
}
