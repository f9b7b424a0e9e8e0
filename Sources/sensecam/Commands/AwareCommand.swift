import Foundation
import Options
import Perception

/// `aware IMAGE` describes one picture; `aware --video FILE` narrates a recording as it
/// plays: tracked, hedged, each object once; bare `aware` narrates the camera live.
struct AwareCommand: Command {
    static let spec = CommandSpec(
        name: "aware",
        abstract: Message(.helpAware),
        discussion: Message(.helpAwareDiscussion, ["keys": .text(KeyTable.liveKeys(.english))]),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpAwareImage), isOptional: true)],
        options: [OutputOptions.jsonSpec] + InputOptions.specs(video: .helpAwareVideo) + OutputOptions.specs
            + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.languageSpecs + CameraOptions.specs)

    static let rules = InputOptions.rules + CameraOptions.rules

    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        settings = try Settings(command, rules: Self.rules)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try Source(settings).run(.awareness, video: .awareness, camera: .aware, settings: settings.pipeline, in: context)
    }
}

/// What `aware`, `read` and `scan` look at: one image, a recording, or the camera live.
enum Source {
    case image(StillImage)
    case video(StreamNarration)
    case camera(LiveRun)

    init(_ settings: Settings) {
        switch settings.source {
        case .image(let path): self = .image(StillImage(settings, path: path))
        case .video: self = .video(StreamNarration(settings))
        case .camera: self = .camera(LiveRun(settings))
        }
    }

    /// Runs the source through the pipeline for its kind.
    func run(_ still: ImagePipeline, video: StreamPipeline, camera: LiveSession.Mode, settings: PipelineSettings,
             in context: CommandContext) throws -> Int32 {
        switch self {
        case .image(let image): try image.run(still, settings: settings, in: context)
        case .video(let narration): try narration.run(in: context, settings: settings) {
            try Pipelines.stream(video, from: try VideoFile(path: narration.path, limit: narration.limit), clock: narration.clock,
                                 settings: settings)
        }
        case .camera(let live): try live.run(camera, settings: settings, in: context)
        }
    }
}
