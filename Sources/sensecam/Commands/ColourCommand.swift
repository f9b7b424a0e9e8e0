// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// `colour IMAGE` (or `color IMAGE`): the colour of what is at the centre of the picture.
struct ColourCommand: ModeCommand {
    static let spec = CommandSpec(
        name: "colour",
        aliases: ["color"],
        abstract: Message(.helpColour),
        discussion: Message(.helpColourDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage))],
        options: [OutputOptions.jsonSpec, InputOptions.imageLimitSpec] + OutputOptions.specs + ReadingOptions.languageSpecs)

    let settings: Settings
    var mode: Mode { .colour }
}
