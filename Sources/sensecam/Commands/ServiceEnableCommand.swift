// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `service enable`: links the alias the udev rule asks for to the unit — the package's, or
/// one written for this build when it runs from its source tree — and reloads the user's
/// manager when one answers.
struct ServiceEnableCommand: Command {
    static let spec = CommandSpec(
        name: "enable",
        abstract: Message(.helpServiceEnable),
        discussion: Message(.helpServiceEnableDiscussion))

    init(_ command: ParsedCommand) throws(UsageError) {}

    func run(in context: SessionContext) throws -> Int32 {
        let files = try ServiceCommand.files(in: context)
        let spoken = { ServiceFiles.spoken($0, environment: context.environment) }
        let manager = FileManager.default
        var did: Message
        let target: String
        do {
            try manager.createDirectory(atPath: files.userUnits, withIntermediateDirectories: true)
            if let system = files.systemUnit {
                // A copy written earlier for a build would hide the package's unit.
                if files.hasWrittenUnit { try manager.removeItem(atPath: files.writtenUnit) }
                target = system
                did = Message(.serviceLinked, ["alias": .text(spoken(files.alias)), "unit": .text(spoken(system))])
            } else {
                let executable = Self.executable()
                if !manager.fileExists(atPath: files.writtenUnit) || files.hasWrittenUnit {
                    let text = ServiceUnit.text(executable: executable, marker: ServiceUnit.writtenMarker + executable)
                    try text.write(toFile: files.writtenUnit, atomically: true, encoding: .utf8)
                    did = Message(.serviceWroteAndLinked, [
                        "unit": .text(spoken(files.writtenUnit)), "executable": .text(executable), "alias": .text(ServiceUnit.enabledAlias),
                    ])
                } else {
                    did = Message(.serviceLinkedToYours, ["alias": .text(spoken(files.alias)), "unit": .text(spoken(files.writtenUnit))])
                }
                target = files.writtenUnit
            }
            if files.aliasTarget != nil || manager.fileExists(atPath: files.alias) { try manager.removeItem(atPath: files.alias) }
            try manager.createSymbolicLink(atPath: files.alias, withDestinationPath: target)
        } catch {
            throw RuntimeFailure(Message(.serviceCannotSetUp, [
                "folder": .text(spoken(files.userUnits)), "reason": .text((error as NSError).localizedDescription),
            ]))
        }
        let console = context.console
        console.print(context.wording(.serviceEnabled, ["did": .message(did)]))
        console.print(ServiceCommand.reloadSentence(UserManager(environment: context.environment).reload()))
        if files.rule == nil { console.print(ServiceCommand.ruleMissingSentence) }
        return 0
    }

    /// This binary's absolute path, for the unit a source-tree build gets.
    static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ServiceUnit.packagedExecutable).standardized.path
    }
}
