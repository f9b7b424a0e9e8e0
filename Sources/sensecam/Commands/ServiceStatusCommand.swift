// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `service status`: whether the service is enabled for the current user, where the unit and
/// the udev rule are installed, and, when the user's manager answers, what is running.
struct ServiceStatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: Message(.helpServiceStatus))

    init(_ command: ParsedCommand) throws(UsageError) {}

    func run(in context: SessionContext) throws -> Int32 {
        let files = try ServiceCommand.files(in: context)
        let spoken = { ServiceFiles.spoken($0, environment: context.environment) }
        let console = context.console
        let wording = context.wording
        if files.isEnabled {
            console.print(wording(.serviceStatusEnabled))
        } else if files.aliasTarget != nil {
            console.print(wording(.serviceStatusDangling, ["alias": .text(spoken(files.alias))]))
        } else {
            console.print(wording(.serviceStatusDisabled))
        }
        if files.hasWrittenUnit {
            console.print(wording(.serviceStatusWrittenUnit, ["unit": .text(spoken(files.writtenUnit))]))
        } else if let system = files.systemUnit {
            console.print(wording(.serviceStatusInstalledUnit, ["unit": .text(system)]))
        } else {
            console.print(wording(.serviceStatusNoUnit, ["folder": .text(files.systemUnits[0])]))
        }
        if let rule = files.rule {
            console.print(wording(.serviceStatusRule, ["rule": .text(rule)]))
        } else {
            console.print(ServiceCommand.ruleMissingSentence)
        }
        switch UserManager(environment: context.environment).runningCameras() {
        case nil: console.print(wording(.serviceStatusUnknown))
        case let cameras? where cameras.isEmpty: console.print(wording(.serviceStatusNotRunning))
        case let cameras?: console.print(wording(.serviceStatusRunning, ["cameras": .text(wording.list(cameras))]))
        }
        return 0
    }
}
