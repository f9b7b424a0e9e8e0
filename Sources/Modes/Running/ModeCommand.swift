// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// A command that runs one mode on an image, a video or the camera: it parses its command line
/// into `Settings` under its rules, once, and starts the session with every mode there is for
/// `m` to cycle through (`ModeList.all`). Everything else is Perception's.
package protocol ModeCommand: Command {
    /// The modes it starts, the first the default; in help's order, they make `ModeList.all`.
    static var modes: [Mode] { get }
    /// Refusals between its options, checked before anything loads.
    static var rules: [OptionRule] { get }
    var settings: Settings { get }
    /// The mode this command line asks for.
    var mode: Mode { get }
    /// What the stages are built from; the settings' own unless the run's environment adds to them.
    func pipeline(in context: SessionContext) -> SessionSettings
}

extension ModeCommand {
    package static var rules: [OptionRule] { [] }

    /// The command line as settings under the command's rules; what it is pointed at and how
    /// it prints are checked first, for every mode.
    package static func settings(_ command: ParsedCommand) throws(UsageError) -> Settings {
        try Settings(command, rules: SourceRules.all(batches: modes[0].batches) + OutputOptions.rules + rules)
    }

    package var narration: Settings? { settings }

    package func pipeline(in context: SessionContext) -> SessionSettings { settings.pipeline }

    package func run(in context: SessionContext) throws -> Int32 {
        try runSession(in: context)
    }

    /// The mode's session, with every mode there is for `m` to cycle through.
    package func runSession(in context: SessionContext) throws -> Int32 {
        let session = settings.session(mode, modes: ModeList.all, pipeline: pipeline(in: context),
                                       isService: ServiceRun.isService(context.environment), context: context)
        return ExitStatus.of(try session.run())
    }
}
