// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// `teach NAME IMAGE…`: learns a thing of the user's own from a few photos of it, for
/// `find NAME`. A photo that cannot be read or shows too little detail gets its sentence and
/// is left out; the others still teach. A name that already means a kind `find` knows (in any
/// catalog language) is refused: `find` would look for the kind, and the thing would be lost.
struct TeachCommand: Command {
    static let spec = CommandSpec(
        name: "teach",
        abstract: Message(.helpTeach),
        discussion: Message(.helpTeachDiscussion),
        arguments: [ArgumentSpec(name: "name", help: Message(.helpTeachName)),
                    ArgumentSpec(name: "image", help: Message(.helpTeachImages), isRepeating: true)],
        // `--max-megapixels`: a photo over the limit is refused with advice to raise it.
        options: [InputOptions.imageLimitSpec] + ReadingOptions.languageSpecs)

    let name: String
    let images: [String]
    /// `--language` (else the settings file's, else the locale's): the words of its sentences;
    /// `--max-megapixels`: the largest photo it decodes.
    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        let typed = command.argument("name") ?? ""
        if let mistake = ThingName.mistake(in: typed) {
            throw UsageError(ThingName.message(for: mistake, name: typed), path: command.path)
        }
        name = ThingName.normalized(typed)
        settings = try Settings(command)
        if let kind = FindTarget.kind(named: name, language: settings.reading.language) {
            throw UsageError(Message(.usageTeachKindName, ["name": .text(name), "kinds": FindTarget.severalOf(kind)]),
                             path: command.path)
        }
        images = command.arguments("image")
    }

    /// Its failures are worded in its language too.
    var narration: Settings? { settings }

    func run(in context: SessionContext) throws -> Int32 {
        let wording = settings.pipeline.wording
        var loaded: [(path: String, image: Image)] = []
        for path in images {
            do {
                // Kept at the size it is learned at: a few phone photos at full size are gigabytes.
                loaded.append((path, try ImageFile.load(path, limit: settings.input.limit).fitting(side: ThingView.maximumSide)))
            } catch {
                context.console.report(wording(error.message))
            }
        }
        let things = TaughtThings(folder: TaughtThings.defaultFolder(environment: context.environment))
        let taught: TaughtThings.Taught
        do {
            taught = try things.teach(name: name, images: loaded.map(\.image))
        } catch {
            throw RuntimeFailure(error)
        }
        for index in taught.featureless {
            context.console.report(wording(.teachPhotoFeatureless, ["path": .text(loaded[index].path)]))
        }
        context.console.print(wording(.teachDone, ["name": .text(name), "photos": .integer(taught.photosUsed),
                                                   "replaced": .text(taught.replacedEarlier ? "yes" : "no")]))
        return 0
    }
}
