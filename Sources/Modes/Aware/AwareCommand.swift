// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Options
import Perception

/// `aware IMAGE` describes one picture; `aware --video FILE` narrates a recording as it
/// plays: tracked, hedged, each object once; bare `aware` narrates the camera live.
package struct AwareCommand: ModeCommand {
    package static let modes: [Mode] = [.aware]
    package static let spec = CommandSpec(
        name: "aware",
        abstract: Message(.helpAware),
        // The keys as messages, so help words them in its own language.
        discussion: Message(.helpAwareDiscussion, ["keys": .list(KeyTable.live.compactMap(\.words).map { .message($0) })]),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpAwareImage), isOptional: true)],
        options: [OutputOptions.jsonSpec] + InputOptions.specs(video: .helpAwareVideo) + OutputOptions.specs
            + NarrationOptions.specs + [NarrationOptions.summarySpec] + DetectionOptions.specs + ReadingOptions.languageSpecs
            + CameraOptions.specs)

    package static let rules = InputOptions.rules + CameraOptions.rules + NarrationOptions.rules

    package let settings: Settings

    package init(_ command: ParsedCommand) throws(UsageError) { settings = try Self.settings(command) }
    package var mode: Mode { .aware }
}
