import Foundation
import Perception

/// `aware IMAGE` describes one picture; `aware --video FILE` narrates a recording as it
/// plays: tracked, hedged, each object once; bare `aware` narrates the camera live.
struct AwareCommand: Command {
    static let spec = CommandSpec(
        name: "aware",
        abstract: "Narrate the objects the camera sees, or those in a video or an image, in hedged sentences.",
        discussion: """
            Says only what the detector is reasonably sure of: "Probably" from 70 percent confidence, \
            "Possibly" from 45 percent; less certain objects are not spoken. In a video each object is \
            announced once, when it has been seen in several frames, with its clock direction; again only \
            after it was gone for a while. Objects of several kinds that appear together share one \
            utterance, and a person or vehicle coming closer is announced first. With no image and no \
            video, the camera is narrated live; keys: space repeat, d describe, r read, m switch mode, \
            plus or minus verbosity, p pause, q quit.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to describe (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera.",
                                 isOptional: true)],
        options: [OutputOptions.json.spec]
            + StreamOptions.specs(video: "Narrate this video file instead of describing an image.") + OutputOptions.specs
            + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.specs + CameraOptions.specs)

    let source: Source
    let settings: PipelineSettings

    init(_ command: ParsedCommand) throws(UsageError) {
        let stream = try StreamOptions.parse(command)
        settings = try PipelineSettings(command)
        source = try Source(command, stream: stream)
    }

    func run(in context: CommandContext) throws -> Int32 {
        switch source {
        case .image(let still):
            return try still.run(.awareness, settings: settings, in: context)
        case .video(let video, let narration):
            return try narration.run(in: context, settings: settings) {
                try Pipelines.stream(.awareness, from: try VideoFile(path: video.path, limit: video.limit), clock: video.clock, settings: settings)
            }
        case .camera(let live):
            return try live.run(.aware, settings: settings, in: context)
        }
    }
}

/// What `aware` and `read` look at: one image, a recording, or the camera live.
enum Source {
    case image(StillImage)
    case video(StreamOptions, StreamNarration)
    case camera(LiveRun)

    /// Camera options are refused beside an image or a video; the stream options beside an image.
    init(_ command: ParsedCommand, stream: StreamOptions?) throws(UsageError) {
        if let stream {
            try CameraOptions.rejectWithoutCamera(command, source: "a video")
            self = .video(stream, try StreamNarration(command, captions: stream.captions))
        } else if let image = command.argument("image") {
            try CameraOptions.rejectWithoutCamera(command, source: "an image")
            self = .image(try StillImage(command, path: image))
        } else {
            self = .camera(try LiveRun(command))
        }
    }
}
