import Foundation
import Perception

/// `read IMAGE` reads one picture, a page with Tesseract or anything else with the scene engine;
/// `read --video FILE` reads a page filmed by a hand-held camera: guidance until the page is
/// framed, then the page once, from several good frames; bare `read` does the same live on the
/// camera, where `m` switches to awareness. `--short` reads any short text in view instead.
struct ReadCommand: Command {
    static let short = Flag(
        "short", help: "On the camera or with --video: read any short text that comes into view (signs, labels, screens), each line once while it stays in view, without looking for a page.")

    static let spec = CommandSpec(
        name: "read",
        abstract: "Read the page held up to the camera, or the text in a video or an image, aloud, a sentence at a time.",
        discussion: """
            A picture is read by Tesseract when it is a page (many regular lines) and by the scene \
            engine otherwise (--engine chooses). Words the engine is unsure of are spoken as \
            "(unclear)" rather than guessed. In a video, \
            short advice ("Top edge is cut off. Move the camera up.", "Hold steady.") is given while the \
            page is not well framed; the page is read once it is steady, sharp and wholly in view, from \
            several frames combined, and not again while it stays in view. On the camera, m switches to \
            awareness, which the detection and narration options set up as they do for aware.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to read (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera.",
                                 isOptional: true)],
        options: [OutputOptions.json.spec]
            + StreamOptions.specs(video: "Read the page filmed in this video file instead of an image.") + OutputOptions.specs
            + [short.spec] + ReadingOptions.specs + ReadingOptions.pictureSpecs + NarrationOptions.specs + DetectionOptions.specs + CameraOptions.specs)

    let source: Source
    let settings: PipelineSettings
    let readsShortText: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        let stream = try StreamOptions.parse(command)
        readsShortText = Self.short.isSet(in: command)
        let image = command.argument("image") != nil
        if image, readsShortText {
            throw UsageError(message: "'--short' applies to the camera and --video; a picture is read whole.", path: command.path)
        }
        if !image, ReadingOptions.engine.isGiven(in: command) {
            throw UsageError(message: "'--engine' applies only to a picture; the camera and videos read pages, or short text with --short.",
                             path: command.path)
        }
        // --return-after is short text's too: when a sign out of view is new again.
        let returnAfterIsShortText = readsShortText && NarrationOptions.firstGiven(in: command) == NarrationOptions.returnAfter.long
        if stream != nil || image, !returnAfterIsShortText,
           let name = NarrationOptions.firstGiven(in: command) ?? DetectionOptions.firstGiven(in: command) {
            throw UsageError(message: "'--\(name)' applies only to the camera's awareness mode (the m key), not to \(stream == nil ? "an image" : "a video").",
                             path: command.path)
        }
        settings = try PipelineSettings(command)
        source = try Source(command, stream: stream)
    }

    func run(in context: CommandContext) throws -> Int32 {
        switch source {
        case .image(let still):
            return try still.run(.reading, settings: settings, in: context)
        case .video(let video, let narration):
            return try narration.run(in: context, settings: settings) {
                try Pipelines.stream(readsShortText ? .shortText : .pageReading, from: try VideoFile(path: video.path, limit: video.limit),
                                     clock: video.clock, settings: settings)
            }
        case .camera(let live):
            return try live.run(readsShortText ? .shortText : .read, settings: settings, in: context)
        }
    }
}
