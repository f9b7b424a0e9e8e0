// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Options
import Perception

/// `scan IMAGE` says every barcode and 2-D code in a picture; `scan --video FILE` and bare
/// `scan` (the camera) guide the aim while a code is only glimpsed, and say each code once.
package struct ScanCommand: ModeCommand {
    package static let modes: [Mode] = [.scan]
    package static let spec = CommandSpec(
        name: "scan",
        abstract: Message(.helpScan),
        discussion: Message(.helpScanDiscussion),
        arguments: [ArgumentSpec(name: "image", help: Message(.helpScanImage), isOptional: true)],
        options: [OutputOptions.jsonSpec, ProductOptions.option("show-password").spec, ProductOptions.option("products-db").spec]
            + InputOptions.specs(video: .helpScanVideo)
            + OutputOptions.specs + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.languageSpecs
            + CameraOptions.specs)

    package static let rules = InputOptions.rules + CameraOptions.rules

    package let settings: Settings

    package init(_ command: ParsedCommand) throws(UsageError) { settings = try Self.settings(command) }
    package var mode: Mode { .scan }

    /// A database the user named must exist; the default one is used if it does.
    package func pipeline(in context: SessionContext) -> SessionSettings {
        var pipeline = settings.pipeline
        let path = settings.products.databasePath(environment: context.environment)
        if settings.products.database != nil || FileManager.default.fileExists(atPath: path) { pipeline.scan.productsDatabase = path }
        return pipeline
    }
}
