// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// `colour IMAGE` (or `color IMAGE`): the colour of what is at the centre of the picture.
package struct ColourCommand: ModeCommand {
    package static let modes: [Mode] = [.colour]
    package static let spec = CommandSpec(
        name: "colour",
        aliases: ["color"],
        abstract: Message(.helpColour),
        discussion: Message(.helpColourDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage))],
        options: [OutputOptions.jsonSpec, InputOptions.imageLimitSpec] + OutputOptions.specs + ReadingOptions.languageSpecs)

    package let settings: Settings

    package init(_ command: ParsedCommand) throws(UsageError) { settings = try Self.settings(command) }
    package var mode: Mode { .colour }
}
