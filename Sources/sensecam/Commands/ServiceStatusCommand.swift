import Foundation
import Options
import Perception

/// `service status`: whether the service is enabled for the current user, where the unit and
/// the udev rule are installed, and, when the user's manager answers, what is running.
struct ServiceStatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: Message(.helpServiceStatus))

    init(_ command: ParsedCommand) throws(UsageError) {}

    func run(in context: CommandContext) throws -> Int32 {
        let files = try ServiceCommand.files(in: context)
        let spoken = { ServiceFiles.spoken($0, environment: context.environment) }
        let console = context.console
        if files.isEnabled {
            console.print("Enabled for you: plugging a USB camera in starts narration.")
        } else if files.aliasTarget != nil {
            console.print("Disabled: \(spoken(files.alias)) points to a unit that is gone; run 'sensecam service enable' again.")
        } else {
            console.print("Disabled for you: plugging a camera in starts nothing; 'sensecam service enable' sets it up.")
        }
        if files.hasWrittenUnit {
            console.print("The unit is \(spoken(files.writtenUnit)), written for a build run from its source tree.")
        } else if let system = files.systemUnit {
            console.print("The unit is installed at \(system).")
        } else {
            console.print("No unit is installed: the package puts one in \(files.systemUnits[0]), and 'sensecam service enable' writes one for a build run from its source tree.")
        }
        if let rule = files.rule {
            console.print("The udev rule is installed at \(rule).")
        } else {
            console.print(ServiceCommand.ruleMissingSentence)
        }
        switch UserManager(environment: context.environment).runningCameras() {
        case nil: console.print("No systemd user manager answered, so whether narration is running is not known.")
        case let cameras? where cameras.isEmpty: console.print("No narration is running.")
        case let cameras?: console.print("Narration is running for \(cameras.joined(separator: " and ")).")
        }
        return 0
    }
}
