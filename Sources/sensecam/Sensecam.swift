// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// The tool's command table and dispatch: parse, fill in the settings file, check, run, and
/// map every outcome to one sentence and an exit status (0 success, 1 runtime failure, 64
/// usage error, 69 finished but a channel stopped mid-run, 78 an unusable settings file, 130
/// stopped by Ctrl-C).
enum Sensecam {
    /// Every subcommand, in the order help lists them: the parser's table and the dispatch's;
    /// the modes' first.
    static let commands: [any Command.Type] = ModeList.commands + [
        BatchCommand.self, MergeCommand.self, BenchCommand.self, DevicesCommand.self, CheckCameraCommand.self, ProductsCommand.self,
        TeachCommand.self, ForgetCommand.self,
        ServiceCommand.self, GenerateDocsCommand.self,
    ]

    static let root = CommandSpec(
        name: "sensecam",
        abstract: Message(.helpSensecam),
        subcommands: commands.map { $0.spec })

    static func run(_ arguments: [String], context: SessionContext = SessionContext()) -> Int32 {
        let console = context.console
        let toolWording = LocaleLanguage.forTool(arguments: arguments, environment: context.environment).wording
        do {
            switch try parse(arguments, root: root) {
            case .help(let path):
                console.print(helpText(root: root, path: path, wording: toolWording))
                return 0
            case .version:
                console.print("sensecam \(Version.current)")
                return 0
            case .run(let parsed):
                // A run the systemd unit started speaks even when the settings name no profile.
                let configured = ServiceRun.withFallbackProfile(try withSettings(parsed, environment: context.environment),
                                                                environment: context.environment)
                let (parsed, notice) = LocaleLanguage.applied(to: configured, environment: context.environment)
                if let notice { console.report(Wording.english(notice)) }
                let command = try commandType(for: parsed).init(parsed)
                do {
                    return try command.run(in: context)
                } catch let failure as RuntimeFailure where !failure.alreadySaid {
                    // A listener hears the failure and its fix, not only a screen reader user.
                    let settings = command.narration
                    OutputAssembly.sayFailure(failure, plan: settings?.outputPlan, speech: settings?.speech ?? SpeechSettings(),
                                              wording: settings?.pipeline.wording ?? toolWording, console: console,
                                              factories: context.renderers)
                    return 1
                }
            }
        } catch let error as UsageError {
            if error == .missingSubcommand(path: [root.name]) {
                // Bare `sensecam`: what it is, the commands most used and where the rest are,
                // short enough to hear whole; still a usage error.
                console.report(introduction(toolWording))
            } else if error == .missingSubcommand(path: error.path) {
                // A group without its subcommand (`sensecam products`): its few subcommands.
                console.report(helpText(root: root, path: error.path, wording: toolWording))
            } else {
                console.report(errorReport(error, root: root, wording: toolWording))
            }
            return ExitStatus.usage
        } catch let error as SettingsError {
            console.report(toolWording(error.message))
            return SettingsError.exitCode
        } catch let error as RuntimeFailure {
            if !error.alreadySaid { console.report(toolWording(error.message)) }
            return 1
        } catch {
            console.report("\(error)")
            return 1
        }
    }

    /// Bare `sensecam`'s answer: three lines instead of the whole help.
    static func introduction(_ wording: Wording) -> String {
        [wording(.helpSensecam), wording(.usageIntroCommands), wording(.usageIntroMore)].joined(separator: "\n")
    }

    /// The type of the subcommand a parse reached, found in the table the parser was built from.
    static func commandType(for parsed: ParsedCommand) -> any Command.Type {
        guard parsed.path.count > 1, let type = commands.first(where: { $0.spec.name == parsed.path[1] }) else {
            preconditionFailure("a successful parse names one of the root's subcommands")
        }
        return type
    }

    /// The command with the user's settings file filled in; read only by commands that take
    /// one of its settings, so `devices` works whatever the file holds.
    static func withSettings(_ command: ParsedCommand,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError) -> ParsedCommand {
        guard UserSettings.entries.contains(where: { command.declares($0.option) }) else { return command }
        return try UserSettings.load(path: UserSettings.path(environment: environment)).applied(to: command)
    }
}
