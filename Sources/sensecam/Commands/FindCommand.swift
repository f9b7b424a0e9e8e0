// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Options
import Perception

/// `find KIND IMAGE` says where a kind of object is in a picture; `find KIND --video FILE` and
/// bare `find KIND` (the camera) say where it is once seen, then guide the camera to it with a
/// tick. The name is checked before anything loads: one the detector cannot see is a usage
/// error that lists the kinds it can.
struct FindCommand: Command {
    static let spec = CommandSpec(
        name: "find",
        abstract: Message(.helpFind),
        discussion: Message(.helpFindDiscussion),
        arguments: [ArgumentSpec(name: "thing", help: Message(.helpFindThing)),
                    ArgumentSpec(name: "image", help: Message(.helpFindImage), isOptional: true)],
        options: [OutputOptions.jsonSpec] + InputOptions.specs(video: .helpFindVideo) + OutputOptions.specs
            + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.languageSpecs + CameraOptions.specs)

    static let rules = InputOptions.rules + CameraOptions.rules

    let settings: Settings
    let target: FindTarget

    init(_ command: ParsedCommand) throws(UsageError) {
        settings = try Settings(command, rules: SourceRules.all + OutputOptions.rules + Self.rules)
        target = try Self.target(command.argument("thing") ?? "", language: settings.reading.language,
                                 taught: TaughtThings(folder: TaughtThings.defaultFolder()), path: command.path)
    }

    /// The target a typed name means (a thing the user taught by that name first), or the usage
    /// error naming what it can find instead.
    static func target(_ name: String, language: Language, taught: TaughtThings, path: [String]) throws(UsageError) -> FindTarget {
        if let target = FindTarget.resolve(name: name, language: language, taught: taught) { return target }
        let typed = FindTarget.folded(name)
        // A guess only a letter or so away for each three typed: "keys" is two letters from
        // "beds", which no one typing keys meant.
        let names = FindTarget.guessNames(in: language)
        if let guess = closestMatch(to: typed, among: names.keys.sorted()), editDistance(typed, guess) <= max(1, typed.count / 3) {
            throw UsageError(Message(.usageFindUnknownKindGuess, ["name": .text(name), "suggestion": .text(names[guess] ?? guess)]),
                             path: path)
        }
        let own = taught.names()
        guard !own.isEmpty else {
            throw UsageError(Message(.usageFindUnknownKind, ["name": .text(name), "kinds": .text(FindTarget.kindList(in: language))]),
                             path: path)
        }
        throw UsageError(Message(.usageFindUnknownKindOrTaught, ["name": .text(name), "kinds": .text(FindTarget.kindList(in: language)),
                                                                 "taught": .text(own.joined(separator: ", "))]),
                         path: path)
    }

    var narration: Settings? { settings }

    func run(in context: SessionContext) throws -> Int32 {
        var pipeline = settings.pipeline
        pipeline.find = target
        let session = settings.session(.find, pipeline: pipeline, isService: ServiceRun.isService(context.environment), context: context)
        return Sensecam.exitStatus(try session.run())
    }
}
