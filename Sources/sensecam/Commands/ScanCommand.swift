import Foundation
import Perception

/// `scan IMAGE` says every barcode and 2-D code in a picture; `scan --video FILE` and bare
/// `scan` (the camera) guide the aim while a code is only glimpsed, and say each code once.
struct ScanCommand: Command {
    static let showPassword = Flag(
        "show-password", help: "Say a Wi-Fi code's password too (by default only the network and its security are said).")

    static let spec = CommandSpec(
        name: "scan",
        abstract: "Read barcodes and QR codes: product numbers, web links, Wi-Fi networks, contacts, text.",
        discussion: """
            Reads EAN-8, EAN-13, UPC-A, UPC-E, Code 128, Code 39, ITF, QR, Data Matrix, PDF417 and \
            Aztec codes, and says what each holds in words: digits in groups, a web link by its \
            address, a Wi-Fi code by its network and security, a contact by name and phone. On the \
            camera or in a video, while a code is cut off or too small to read, short advice ("Code on \
            the left. Move left.", "Closer.") comes at most every two seconds, with a tick on the speech \
            channel that quickens as the code nears the middle at a good size; each code is said once \
            while it stays in view. A product code is looked up in the products database when there is \
            one (see products import). On the camera, m switches mode and d says the codes in view again.
            """,
        arguments: [ArgumentSpec(name: "image", help: "The image to scan (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera.",
                                 isOptional: true)],
        options: [OutputOptions.json.spec, showPassword.spec, ProductOptions.database.spec]
            + StreamOptions.specs(video: "Scan this video file instead of an image.") + OutputOptions.specs
            + NarrationOptions.specs + DetectionOptions.specs + ReadingOptions.specs + CameraOptions.specs)

    let source: Source
    let settings: PipelineSettings
    /// `--products-db`: a database the user named must exist; the default one is used if it does.
    let productsDatabase: String?

    init(_ command: ParsedCommand) throws(UsageError) {
        let stream = try StreamOptions.parse(command)
        var settings = try PipelineSettings(command)
        settings.scan.revealSecrets = Self.showPassword.isSet(in: command)
        self.settings = settings
        productsDatabase = try ProductOptions.database.value(in: command)
        source = try Source(command, stream: stream)
    }

    func run(in context: CommandContext) throws -> Int32 {
        var settings = settings
        let path = ProductOptions.databasePath(productsDatabase, environment: context.environment)
        if productsDatabase != nil || FileManager.default.fileExists(atPath: path) { settings.scan.productsDatabase = path }
        switch source {
        case .image(let still):
            return try still.run(.scan, settings: settings, in: context)
        case .video(let video, let narration):
            return try narration.run(in: context, settings: settings) {
                try Pipelines.stream(.scanning, from: try VideoFile(path: video.path, limit: video.limit), clock: video.clock, settings: settings)
            }
        case .camera(let live):
            return try live.run(.scan, settings: settings, in: context)
        }
    }
}
