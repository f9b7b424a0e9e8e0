import Foundation
import Perception

/// `read IMAGE` reads one picture; `read --video FILE` reads a page filmed by a hand-held
/// camera: guidance until the page is framed, then the page once, from several good frames;
/// bare `read` does the same live on the camera.
enum ReadCommand {
    static let spec = CommandSpec(
        name: "read",
        abstract: "Read the page held up to the camera, or the text in a video or an image, aloud, line by line.",
        discussion: """
            Words Tesseract is unsure of are spoken as "(unclear)" rather than guessed. In a video, \
            short advice ("Top edge is cut off. Move the camera up.", "Hold steady.") is given while the \
            page is not well framed; the page is read once it is steady, sharp and wholly in view, from \
            several frames combined, and not again while it stays in view.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to read (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera.",
                                 isOptional: true)],
        options: [
            CommonOptions.json,
        ] + CommonOptions.streamOptions(video: "Read the page filmed in this video file instead of an image.") + [
            .flag("short", help: "With --video: read any short text that comes into view (signs, labels, screens), each line once, without looking for a page."),
        ] + CommonOptions.readingOptions + CameraOptions.all)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let video = try CommonOptions.videoPath(command)
        if video == nil, command.flag("short") {
            throw UsageError(message: "'--short' applies only to --video.", path: command.path)
        }
        if video == nil, command.argument("image") != nil {
            try CameraOptions.rejectWithoutCamera(command, source: "an image")
            return try StillImageCommand.run(command, console: console)
        }
        let language = try CommonOptions.language(command)
        guard let video else {
            let awareness = {
                AwarenessStage(detector: try ObjectDetector(modelPath: try ModelLocator.locate(explicit: nil)),
                               narrator: AwarenessNarrator(), minConfidence: 0.25)
            }
            return try LiveRun.run(.read, command: command, console: console, aware: awareness,
                                   reader: { DocumentReader(recognizer: try TextRecognizer(language: language)) })
        }
        try CameraOptions.rejectWithoutCamera(command, source: "a video")
        return try CommonOptions.run({
            let recognizer = try TextRecognizer(language: language)
            let stage: any StreamStage = command.flag("short")
                ? ShortTextReader(recognizer: recognizer) : DocumentReader(recognizer: recognizer)
            return StreamEngine(source: try VideoFile(path: video), stage: stage, clock: CommonOptions.clock(command))
        }, command: command, console: console)
    }
}
