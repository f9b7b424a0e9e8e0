import Foundation
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

    func run(in context: CommandContext) throws -> Int32 {
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
            throw RuntimeFailure("Could not remove the service's files from \(spoken(files.userUnits)) (\((error as NSError).localizedDescription)); check that the folder is yours and writable.")
        }
        let console = context.console
        guard !removed.isEmpty else {
            console.print("The service was not enabled for you; nothing changed.")
            return 0
        }
        console.print("Disabled for you: removed \(removed.joined(separator: " and ")). Plugging a camera in no longer starts narration; one running now stops when the camera is unplugged.")
        console.print(ServiceCommand.reloadSentence(UserManager(environment: context.environment).reload()))
        return 0
    }
}
