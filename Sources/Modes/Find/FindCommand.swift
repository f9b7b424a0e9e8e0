// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Options
import Perception

/// `find KIND IMAGE` says where a kind of object is in a picture; `find KIND --video FILE` and
/// bare `find KIND` (the camera) say where it is once seen, then guide the camera to it with a
/// tick. The name is checked before anything loads: one that names nothing it can find is a
/// usage error of one sentence, a guess when the name is very likely a slip for one it knows,
/// else how to teach it. The kinds it finds are listed in the help.
package struct FindCommand: ModeCommand {
    package static let modes: [Mode] = [.find]
    package static let spec = CommandSpec(
        name: "find",
        abstract: Message(.helpFind),
        discussion: Message(.helpFindDiscussion, ["kinds": FindTarget.kindNouns]),
        arguments: [ArgumentSpec(name: "thing", help: Message(.helpFindThing)),
                    ArgumentSpec(name: "image", help: Message(.helpFindImage), isOptional: true)],
        options: [OutputOptions.jsonSpec] + InputOptions.specs(video: .helpFindVideo) + OutputOptions.specs
            + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.languageSpecs + CameraOptions.specs)

    package static let rules = InputOptions.rules + CameraOptions.rules

    package let settings: Settings
    let target: FindTarget
    /// A thing taught under the kind's name before `teach` refused such names, set aside for it.
    let setAside: String?

    package init(_ command: ParsedCommand) throws(UsageError) {
        settings = try Self.settings(command)
        let name = command.argument("thing") ?? ""
        let taught = TaughtThings(folder: TaughtThings.defaultFolder())
        target = try Self.target(name, language: settings.reading.language, taught: taught, path: command.path)
        setAside = target.taughtName == nil ? taught.taughtName(name) : nil
    }

    /// The target a typed name means (a kind before a thing the user taught), or the usage
    /// error: the name very likely meant, else how to teach it.
    static func target(_ name: String, language: Language, taught: TaughtThings, path: [String]) throws(UsageError) -> FindTarget {
        if let target = FindTarget.resolve(name: name, language: language, taught: taught) { return target }
        let own = taught.names()
        if let guess = FindTarget.guess(name, language: language, taught: own) {
            throw UsageError(Message(.usageFindUnknownKindGuess, ["name": .text(name), "suggestion": .text(guess)]), path: path)
        }
        throw UsageError(Message(.usageFindNotAKind, ["name": .text(EchoedText.shown(name)), "teach": .text(ShellWord.quoted(name)),
                                                      "count": .integer(own.count), "taught": TaughtThingsError.listed(own)]),
                         path: path)
    }

    /// Looking for the target, in find's place in the `m` cycle.
    package var mode: Mode { .finding(target) }

    package func run(in context: SessionContext) throws -> Int32 {
        if let setAside {
            context.console.report(settings.pipeline.wording(.findTaughtUnderKindName, ["name": .text(setAside), "kinds": FindTarget.severalOf(target.label)]))
        }
        return try runSession(in: context)
    }
}
