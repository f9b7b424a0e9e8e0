// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// `light IMAGE`: how much light is in the picture and where it mostly comes from.
package struct LightCommand: ModeCommand {
    package static let modes: [Mode] = [.light]
    package static let spec = CommandSpec(
        name: "light",
        abstract: Message(.helpLight),
        discussion: Message(.helpLightDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage))],
        options: [OutputOptions.jsonSpec, InputOptions.imageLimitSpec] + OutputOptions.specs + ReadingOptions.languageSpecs)

    package let settings: Settings

    package init(_ command: ParsedCommand) throws(UsageError) { settings = try Self.settings(command) }
    package var mode: Mode { .light }
}
