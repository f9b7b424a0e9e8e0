// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `service disable`: removes what `service enable` wrote — the alias link, and the unit it
/// wrote for a source-tree build — and reloads the user's manager when one answers.
struct ServiceDisableCommand: Command {
    static let spec = CommandSpec(
        name: "disable",
        abstract: Message(.helpServiceDisable),
        discussion: Message(.helpServiceDisableDiscussion))

    init(_ command: ParsedCommand) throws(UsageError) {}

    func run(in context: SessionContext) throws -> Int32 {
        let files = try ServiceCommand.files(in: context)
        let spoken = { ServiceFiles.spoken($0, environment: context.environment) }
        let manager = FileManager.default
        var removed: [String] = []
        do {
            if files.aliasTarget != nil {
                try manager.removeItem(atPath: files.alias)
                removed.append(spoken(files.alias))
            }
            if files.hasWrittenUnit {
                try manager.removeItem(atPath: files.writtenUnit)
                removed.append(spoken(files.writtenUnit))
            }
        } catch {
            throw RuntimeFailure(Message(.serviceCannotRemove, [
                "folder": .text(spoken(files.userUnits)), "reason": .text((error as NSError).localizedDescription),
            ]))
        }
        let console = context.console
        guard !removed.isEmpty else {
            console.print(context.wording(.serviceWasNotEnabled))
            return 0
        }
        console.print(context.wording(.serviceDisabled, ["removed": .text(context.wording.list(removed))]))
        console.print(ServiceCommand.reloadSentence(UserManager(environment: context.environment).reload()))
        return 0
    }
}
