import Foundation
import Perception

/// `read IMAGE` reads one picture; `read --video FILE` reads a page filmed by a hand-held
/// camera: guidance until the page is framed, then the page once, from several good frames.
enum ReadCommand {
    static let spec = CommandSpec(
        name: "read",
        abstract: "Read the text in an image, or a page filmed in a video, aloud, line by line.",
        discussion: """
            Words Tesseract is unsure of are spoken as "(unclear)" rather than guessed. In a video, \
            short advice ("Top edge is cut off. Move the camera up.", "Hold steady.") is given while the \
            page is not well framed; the page is read once it is steady, sharp and wholly in view, from \
            several frames combined, and not again while it stays in view.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to read (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM).",
                                 isOptional: true)],
        options: [
            CommonOptions.json,
        ] + CommonOptions.streamOptions(video: "Read the page filmed in this video file instead of an image.") + [
            .flag("short", help: "With --video: read any short text that comes into view (signs, labels, screens), each line once, without looking for a page."),
        ] + CommonOptions.readingOptions)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        guard let video = try CommonOptions.videoPath(command) else {
            if command.flag("short") {
                throw UsageError(message: "'--short' applies only to --video.", path: command.path)
            }
            return try StillImageCommand.run(command, console: console)
        }
        let language = try CommonOptions.language(command)
        return try CommonOptions.run({
            let recognizer = try TextRecognizer(language: language)
            let stage: any StreamStage = command.flag("short")
                ? ShortTextReader(recognizer: recognizer) : DocumentReader(recognizer: recognizer)
            return StreamEngine(source: try VideoFile(path: video), stage: stage, clock: CommonOptions.clock(command))
        }, command: command, console: console)
    }
}
