// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Perception

/// Everything a command line (and the settings file, where it is silent) asks of a session,
/// typed and parsed once: the groups a command declares carry what was given, the others
/// their defaults. Commands keep this value and never read the command line again.
public struct Settings: Sendable {
    /// The image argument, for the commands that take one.
    public var image: String?
    public var input = InputOptions()
    public var output = OutputOptions()
    public var detection = DetectionOptions()
    public var narration = NarrationOptions()
    public var reading = ReadingOptions()
    public var camera = CameraOptions()
    public var products = ProductOptions()
    /// Whether the command takes the narration options; one that does not (batch, whose
    /// records are for programs) keeps the default wording whatever the profile.
    public var narrates = false

    public init() {}

    /// The command line's settings after `rules` (the command's refusals, first broken first).
    public init(_ command: ParsedCommand, rules: [OptionRule] = []) throws(UsageError) {
        try rules.check(command)
        image = command.argument("image")
        input = try InputOptions(command)
        output = try OutputOptions(command)
        detection = try DetectionOptions(command)
        narration = try NarrationOptions(command)
        reading = try ReadingOptions(command)
        camera = try CameraOptions(command)
        products = try ProductOptions(command)
        narrates = command.declares("verbosity")
    }

    /// What the stages are built from.
    public var pipeline: SessionSettings {
        var settings = SessionSettings(detection: detection.detection, narration: policy, language: reading.language,
                                        engine: reading.engine, sceneText: SceneTextSettings(model: reading.ocrModel))
        settings.scan.revealSecrets = products.showPassword
        return settings
    }

    /// Narration's rules: the field of view, and for a narrating command the wording's
    /// verbosity (`--verbosity`, else the profile's, else normal) and its timings.
    public var policy: NarrationPolicy {
        var policy = NarrationPolicy()
        policy.horizontalFieldOfView = detection.horizontalFieldOfView
        guard narrates else { return policy }
        policy.verbosity = narration.verbosity ?? output.profile?.verbosity ?? .normal
        policy.returnAfterSeconds = narration.returnAfter
        policy.describeEverySeconds = narration.describeEvery
        policy.summarizesStills = narration.summary
        return policy
    }

    /// The voice: `--voice-rate`, and the language the words are in.
    public var speech: SpeechSettings {
        SpeechSettings(rate: output.voiceRate, language: reading.language.code)
    }

    /// Where narration goes, for standard output and error as they are now.
    public var outputPlan: OutputPlan {
        OutputPlan(profile: output.profile, channels: output.channels,
                   outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorsAreTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// What the command looks at: the image argument, else `--video`, else the camera.
    public var source: Source {
        if let video = input.video { return .video(video) }
        if let image { return .image(image) }
        return .camera
    }

    public enum Source: Sendable, Equatable {
        case image(String)
        case video(String)
        case camera
    }
}

extension Settings {
    /// The narrated session these settings ask for: `mode` over the image, the video or the
    /// camera, its words where the output options send them.
    public func session(_ mode: Mode, modes: [Mode] = [], pipeline: SessionSettings? = nil, isService: Bool = false,
                        context: SessionContext) -> Session {
        let input: Session.Input = switch source {
        case .image(let path): .image(path)
        case .video(let path): .video(path, clock: self.input.clock, captions: self.input.captions)
        case .camera: .camera(camera.request)
        }
        var output = Session.Output(plan: outputPlan, speech: speech, printsRecord: self.output.json,
                                    printsStatistics: camera.stats, isService: isService)
        output.brailleGrade = self.output.brailleGrade
        return Session(mode: mode, modes: modes, input: input, settings: pipeline ?? self.pipeline, limit: self.input.limit, output: output,
                       context: context)
    }
}
