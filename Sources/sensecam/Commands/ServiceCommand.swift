// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `service enable|disable|status`: narration that starts when a USB camera is plugged in and
/// stops when it is unplugged, set up for the current user. The three are a `CommandGroup`.
struct ServiceCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [ServiceEnableCommand.self, ServiceDisableCommand.self, ServiceStatusCommand.self]

    static let spec = CommandSpec(
        name: "service",
        abstract: Message(.helpService),
        discussion: Message(.helpServiceDiscussion),
        subcommands: subcommands.map { $0.spec })

    let command: any Command

    init(running command: any Command) {
        self.command = command
    }

    /// The user's service files, or the one sentence saying why there is no folder for them.
    static func files(in context: SessionContext) throws -> ServiceFiles {
        guard let files = ServiceFiles(environment: context.environment) else {
            throw RuntimeFailure(Message(.serviceNoFolder))
        }
        return files
    }

    /// What a reload of the user's manager came to, in one sentence.
    static func reloadSentence(_ reloaded: Bool) -> String {
        Wording.english(reloaded ? .serviceReloaded : .serviceNoManager)
    }

    /// Said when no udev rule is installed: nothing would start the service.
    static let ruleMissingSentence = Wording.english(.serviceRuleMissing, ["rule": .text(ServiceFiles.ruleInSourceTree)])
}
