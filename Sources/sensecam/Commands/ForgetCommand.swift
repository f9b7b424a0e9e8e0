// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// `forget NAME`: deletes a thing taught with `teach`. A name nothing is taught as is a
/// runtime failure (exit 1), as a code the products database lacks is, naming those taught.
struct ForgetCommand: Command {
    static let spec = CommandSpec(
        name: "forget",
        abstract: Message(.helpForget),
        discussion: Message(.helpForgetDiscussion),
        arguments: [ArgumentSpec(name: "name", help: Message(.helpForgetName))],
        options: ReadingOptions.languageSpecs)

    let name: String
    /// Only `--language` (else the settings file's, else the locale's): the words of its sentences.
    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        let typed = command.argument("name") ?? ""
        if let mistake = ThingName.mistake(in: typed) {
            throw UsageError(ThingName.message(for: mistake, name: typed), path: command.path)
        }
        name = ThingName.normalized(typed)
        settings = try Settings(command)
    }

    /// Its failures are worded in its language too.
    var narration: Settings? { settings }

    func run(in context: SessionContext) throws -> Int32 {
        let things = TaughtThings(folder: TaughtThings.defaultFolder(environment: context.environment))
        do {
            try things.forget(name: name)
        } catch {
            throw RuntimeFailure(error)
        }
        context.console.print(settings.pipeline.wording(.forgetDone, ["name": .text(name)]))
        return 0
    }
}
