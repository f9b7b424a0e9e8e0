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
        ] + CommonOptions.streamOptions(video: "Read the page filmed in this video file instead of an image.")
          + CommonOptions.readingOptions)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        guard let video = try CommonOptions.videoPath(command) else {
            return try StillImageCommand.run(command, console: console)
        }
        let language = try CommonOptions.language(command)
        return try CommonOptions.run({
            StreamEngine(source: try VideoFile(path: video), stage: DocumentReader(recognizer: try TextRecognizer(language: language)),
                         clock: CommonOptions.clock(command))
        }, command: command, console: console)
    }
}
