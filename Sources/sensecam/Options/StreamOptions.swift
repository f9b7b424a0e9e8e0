import Perception

/// A recording instead of an image or the camera: `--video`, `--every-frame` and `--captions`,
/// for `aware` and `read`.
struct StreamOptions {
    /// Each command words what it does with the video (`with(help:)`).
    static let video: Option<String?> = .text("video", value: "file", help: "The video file to use instead of an image.")
    static let everyFrame = Flag(
        "every-frame",
        help: "Process every frame, however long it takes, instead of keeping up with the video's own pace (for evaluation).")
    static let captions: Option<String?> = .text(
        "captions", value: "file", help: "Also write the narration as a timed caption track (.vtt or .srt) in the video's time.",
        expected: "a file name ending in .vtt or .srt", check: { CaptionTrack.Format(fileName: $0) != nil })

    /// With `--max-megapixels`, which applies to the image argument as well as the video.
    static func specs(video help: String) -> [OptionSpec] {
        [video.with(help: help).spec, everyFrame.spec, captions.spec, PixelLimitOption.maxMegapixels.spec]
    }

    var path: String
    var clock: StreamClock
    var captions: String?
    var limit: PixelLimit

    /// The video the command line names, checked against an image argument (exactly one of
    /// the two), or nil when it names none; `--every-frame` and `--captions` need a video.
    static func parse(_ command: ParsedCommand) throws(UsageError) -> StreamOptions? {
        guard let path = try video.value(in: command) else {
            for name in [everyFrame.long, captions.long] where command.isGiven(name) {
                throw UsageError(message: "'--\(name)' applies only to --video.", path: command.path)
            }
            return nil
        }
        let captions = try captions.value(in: command)
        if let image = command.argument("image") { throw .unexpectedArgument(image, path: command.path) }
        return StreamOptions(path: path, clock: everyFrame.isSet(in: command) ? .everyFrame : .realTime, captions: captions,
                             limit: try PixelLimitOption.limit(command))
    }
}
