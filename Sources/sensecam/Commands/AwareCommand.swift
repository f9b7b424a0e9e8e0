import Foundation
import Perception

/// `aware IMAGE` describes one picture; `aware --video FILE` narrates a recording as it
/// plays: tracked, hedged, each object once; bare `aware` narrates the camera live.
enum AwareCommand {
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
        options: [
            CommonOptions.json,
        ] + CommonOptions.streamOptions(video: "Narrate this video file instead of describing an image.") + [
            .option("verbosity", value: "level", help: "How much each sentence says. (default: normal, or the profile's)",
                    allowed: Verbosity.allCases.map(\.rawValue)),
            .option("describe-every", value: "seconds", help: "Also summarise everything in view this often."),
            .option("return-after", value: "seconds",
                    help: "Announce an object again only after it was out of view this long.", default: "5"),
        ] + CommonOptions.detectionOptions + CommonOptions.readingOptions + CameraOptions.all)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let video = try CommonOptions.videoPath(command)
        if video == nil, command.argument("image") != nil {
            try CameraOptions.rejectWithoutCamera(command, source: "an image")
            return try StillImageCommand.run(command, console: console)
        }
        if video != nil { try CameraOptions.rejectWithoutCamera(command, source: "a video") }
        var policy = NarrationPolicy()
        policy.verbosity = OutputOptions.verbosity(command)
        policy.horizontalFieldOfView = try command.double("hfov", in: 10...170) ?? 60
        policy.returnAfterSeconds = try command.double("return-after", in: 0...3600) ?? 5
        policy.describeEverySeconds = try command.double("describe-every", in: 1...3600)
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        let language = try CommonOptions.language(command)
        let detector = try CommonOptions.detector(command)
        let makeStage = {
            AwarenessStage(detector: try detector.make(),
                                  narrator: AwarenessNarrator(policy: policy), minConfidence: minConfidence)
        }
        guard let video else {
            return try LiveRun.run(.aware, command: command, console: console, aware: makeStage,
                                   reader: { DocumentReader(recognizer: try TextRecognizer(language: language)) })
        }
        return try CommonOptions.run({
            let clock = CommonOptions.clock(command)
            let source = try CommonOptions.awarenessSource(try VideoFile(path: video), clock: clock, detector: detector,
                                                           minConfidence: minConfidence)
            return StreamEngine(source: source, stage: try makeStage(), clock: clock)
        }, command: command, console: console)
    }
}
