import Foundation
import Perception

/// `aware IMAGE` describes one picture; `aware --video FILE` narrates a recording as it
/// plays: tracked, hedged, each object once.
enum AwareCommand {
    static let spec = CommandSpec(
        name: "aware",
        abstract: "Describe the objects in an image, or narrate a video, in hedged sentences.",
        discussion: """
            Says only what the detector is reasonably sure of: "Probably" from 70 percent confidence, \
            "Possibly" from 45 percent; less certain objects are not spoken. In a video each object is \
            announced once, when it has been seen in several frames, with its clock direction; again only \
            after it was gone for a while. Objects of several kinds that appear together share one \
            utterance, and a person or vehicle coming closer is announced first.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to describe (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM).",
                                 isOptional: true)],
        options: [
            CommonOptions.json,
        ] + CommonOptions.streamOptions(video: "Narrate this video file instead of describing an image.") + [
            .option("verbosity", value: "level", help: "How much each sentence says.", default: "normal",
                    allowed: Verbosity.allCases.map(\.rawValue)),
            .option("describe-every", value: "seconds", help: "Also summarise everything in view this often."),
            .option("return-after", value: "seconds",
                    help: "Announce an object again only after it was out of view this long.", default: "5"),
        ] + CommonOptions.detectionOptions)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        guard let video = try CommonOptions.videoPath(command) else {
            return try StillImageCommand.run(command, console: console)
        }
        var policy = NarrationPolicy()
        policy.verbosity = Verbosity(rawValue: command.value("verbosity") ?? "normal") ?? .normal
        policy.horizontalFieldOfView = try command.double("hfov", in: 10...170) ?? 60
        policy.returnAfterSeconds = try command.double("return-after", in: 0...3600) ?? 5
        policy.describeEverySeconds = try command.double("describe-every", in: 1...3600)
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        return try CommonOptions.run({
            let modelPath = try ModelLocator.locate(explicit: command.value("model"))
            let stage = AwarenessStage(detector: try ObjectDetector(modelPath: modelPath),
                                       narrator: AwarenessNarrator(policy: policy), minConfidence: minConfidence)
            return StreamEngine(source: try VideoFile(path: video), stage: stage, clock: CommonOptions.clock(command))
        }, command: command, console: console)
    }
}
