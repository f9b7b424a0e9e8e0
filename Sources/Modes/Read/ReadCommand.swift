// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Options
import Perception

/// `read IMAGE` reads one picture, a page with Tesseract or anything else with the scene engine;
/// `read --video FILE` reads a page filmed by a hand-held camera: guidance until the page is
/// framed, then the page once, from several good frames; bare `read` does the same live on the
/// camera, where `m` switches to awareness. `--short` reads any short text in view instead.
package struct ReadCommand: ModeCommand {
    package static let modes: [Mode] = [.read, .shortText]
    package static let spec = CommandSpec(
        name: "read",
        abstract: Message(.helpRead),
        discussion: Message(.helpReadDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpReadImage), isOptional: true)],
        options: [OutputOptions.jsonSpec] + InputOptions.specs(video: .helpReadVideo) + OutputOptions.specs
            + [ReadingOptions.option("short").spec] + ReadingOptions.languageSpecs + ReadingOptions.pictureSpecs
            + NarrationOptions.specs + DetectionOptions.specs + CameraOptions.specs)

    /// A picture is read whole; the camera and videos read pages (or short text), and the
    /// awareness options are for the camera's awareness mode, except `--return-after`, which
    /// short text uses too (when a sign out of view is new again).
    package static let rules = InputOptions.rules + [
        .refuse(["short"], when: .argument("image"), .usageShortNotPicture),
        .refuse(["engine"], when: !.argument("image"), .usageEngineOnlyPicture),
        .refuse(NarrationOptions.names + DetectionOptions.names, when: InputOptions.hasVideo, .usageAwarenessOnly,
                ["source": .text("video")], exempt: ["return-after": .given("short")]),
        .refuse(NarrationOptions.names + DetectionOptions.names, when: .argument("image"), .usageAwarenessOnly,
                ["source": .text("image")], exempt: ["return-after": .given("short")]),
    ] + CameraOptions.rules

    package let settings: Settings

    package init(_ command: ParsedCommand) throws(UsageError) { settings = try Self.settings(command) }
    package var mode: Mode { settings.reading.shortText ? .shortText : .read }
}
