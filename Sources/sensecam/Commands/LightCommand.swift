// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// `light IMAGE`: how much light is in the picture and where it mostly comes from.
struct LightCommand: ModeCommand {
    static let spec = CommandSpec(
        name: "light",
        abstract: Message(.helpLight),
        discussion: Message(.helpLightDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage))],
        options: [OutputOptions.jsonSpec, InputOptions.imageLimitSpec] + OutputOptions.specs + ReadingOptions.languageSpecs)

    let settings: Settings
    var mode: Mode { .light }
}
