import Foundation

/// The tool's command table and dispatch: parse, validate, run, and map every outcome to
/// one sentence and an exit status (0 success, 1 runtime failure, 64 usage error).
enum Sensecam {
    static let root = CommandSpec(
        name: "sensecam",
        abstract: "Hear what a camera sees: hedged descriptions of objects, and text read aloud.",
        subcommands: [AwareCommand.spec, ReadCommand.spec, BatchCommand.spec, MergeCommand.spec, BenchCommand.spec, DevicesCommand.spec, CheckCameraCommand.spec])

    static let usageExitCode: Int32 = 64

    static func run(_ arguments: [String], console: Console = Console()) -> Int32 {
        do {
            switch try parse(arguments, root: root) {
            case .help(let path):
                console.print(helpText(root: root, path: path))
                return 0
            case .version:
                console.print("sensecam \(Version.current)")
                return 0
            case .run(let parsed):
                let command = try withSettings(parsed)
                do {
                    return try dispatch(command, console: console)
                } catch let failure as RuntimeFailure where !failure.alreadySaid {
                    // A listener hears the failure and its fix, not only a screen reader user.
                    OutputAssembly.sayFailure(failure.description, command: command, console: console)
                    return 1
                }
            }
        } catch let error as UsageError {
            if error == .missingSubcommand(path: error.path) {
                // Bare `sensecam`: the help is the most useful answer, but still a usage error.
                console.report(helpText(root: root, path: error.path))
            } else {
                console.report(errorReport(error, root: root))
            }
            return usageExitCode
        } catch let error as SettingsError {
            console.report(error.description)
            return SettingsError.exitCode
        } catch let error as RuntimeFailure {
            if !error.alreadySaid { console.report(error.description) }
            return 1
        } catch {
            console.report("\(error)")
            return 1
        }
    }

    static func dispatch(_ command: ParsedCommand, console: Console) throws -> Int32 {
        switch command.path.last {
        case "aware": try AwareCommand.run(command, console: console)
        case "read": try ReadCommand.run(command, console: console)
        case "batch": try BatchCommand.run(command, console: console)
        case "merge": try MergeCommand.run(command, console: console)
        case "bench": try BenchCommand.run(command, console: console)
        case "devices": DevicesCommand.run(command, console: console)
        case "check-camera": try CheckCameraCommand.run(command, console: console)
        default: preconditionFailure("command table and dispatch disagree")
        }
    }

    /// The command with the user's settings file filled in; read only by commands that take
    /// one of its settings, so `devices` works whatever the file holds.
    static func withSettings(_ command: ParsedCommand,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError) -> ParsedCommand {
        guard UserSettings.options.contains(where: { command.declares($0.value) }) else { return command }
        return try UserSettings.load(path: UserSettings.path(environment: environment)).applied(to: command)
    }
}
