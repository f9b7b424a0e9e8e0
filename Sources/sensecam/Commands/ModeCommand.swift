// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// A command that runs one mode — `aware`, `read`, `scan`, `light`, `colour` — on an image, a
/// video or the camera: it parses its command line into `Settings` under its rules, once, and
/// starts the session. Everything else is Perception's.
protocol ModeCommand: Command {
    /// Refusals between its options, checked before anything loads.
    static var rules: [OptionRule] { get }
    var settings: Settings { get }
    init(settings: Settings)
    /// The mode this command line asks for.
    var mode: Mode { get }
    /// What the stages are built from; the settings' own unless the run's environment adds to them.
    func pipeline(in context: SessionContext) -> SessionSettings
}

extension ModeCommand {
    static var rules: [OptionRule] { [] }

    /// What the command is pointed at and how it prints are checked first, for every mode.
    init(_ command: ParsedCommand) throws(UsageError) {
        self.init(settings: try Settings(command, rules: SourceRules.all + OutputOptions.rules + Self.rules))
    }

    var narration: Settings? { settings }

    func pipeline(in context: SessionContext) -> SessionSettings { settings.pipeline }

    func run(in context: SessionContext) throws -> Int32 {
        let session = settings.session(mode, pipeline: pipeline(in: context), isService: ServiceRun.isService(context.environment),
                                       context: context)
        return Sensecam.exitStatus(try session.run())
    }
}
