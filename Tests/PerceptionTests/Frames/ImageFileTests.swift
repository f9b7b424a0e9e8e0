// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

// MARK: - Fixtures

/// The bytes of the COCO photo 000000000139.jpg (640 × 426).
private func cocoJPEG() throws -> [UInt8] {
    Array(try Data(contentsOf: try TestResources.file("detect/coco-val/images/000000000139.jpg")))
}

private func write(_ bytes: [UInt8], to url: URL) throws {
    try Data(bytes).write(to: url)
}

/// PNG bytes of a `width` × `height` image in a plain colour.
private func pngBytes(width: Int, height: Int) throws -> [UInt8] {
    let rowBytes = width * 3
    var pixels = [UInt8](repeating: 0, count: rowBytes * height)
    for index in stride(from: 0, to: pixels.count, by: 3) {
        pixels[index] = 200; pixels[index + 1] = 120; pixels[index + 2] = 40
    }
    let image = try pixels.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: rowBytes) }
    return try image.pngData()
}

/// The error `ImageFile.load` throws, or nil (with an issue recorded) if it loads.
private func loadError(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImageError? {
    do throws(ImageError) {
        let image = try ImageFile.load(path)
        Issue.record("\(path) loaded as \(image.width)x\(image.height) but should have failed",
                     sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// One sentence a screen reader can speak: ends with a full stop, no line break, no second
/// sentence, and names the file.
private func expectOneSentence(_ text: String, naming path: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
    #expect(!text.contains("\n") && !text.contains("\r"), "\(text)", sourceLocation: sourceLocation)
    #expect(text.contains(path), "\(text)", sourceLocation: sourceLocation)
    let rest = text.replacingOccurrences(of: path, with: "FILE").dropLast()
    #expect(!rest.contains(". "), "more than one sentence: \(text)", sourceLocation: sourceLocation)
}

// MARK: - ImageFile.load

@Suite struct ImageFileLoadTests {
    @Test func missingPathIsNotFound() throws {
        try TestResources.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("no such photo.jpg").path
            let error = loadError(path)
            #expect(error == .notFound(path: path))
            expectOneSentence(error?.description ?? "", naming: path)
        }
    }

    @Test func directoryIsDirectory() throws {
        try TestResources.withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("photos.jpg")  // an image-looking name
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let error = loadError(folder.path)
            #expect(error == .isDirectory(path: folder.path))
            expectOneSentence(error?.description ?? "", naming: folder.path)
        }
    }

    @Test func emptyFileIsEmpty() throws {
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("empty.jpg")
            try write([], to: file)
            let error = loadError(file.path)
            #expect(error == .empty(path: file.path))
            expectOneSentence(error?.description ?? "", naming: file.path)
        }
    }

    @Test func textNamedPNGIsUndecodable() throws {
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("notes.png")
            try write(Array("These are not pixels.\n".utf8), to: file)
            let error = loadError(file.path)
            guard case .undecodable(let path, _) = error else {
                Issue.record("expected .undecodable, got \(String(describing: error))")
                return
            }
            #expect(path == file.path)
            expectOneSentence(error?.description ?? "", naming: file.path)
        }
    }

    /// Both sides must reach `ImageFile.minimumSide` (16).
    @Test(arguments: [(1, 1), (15, 40), (40, 15), (15, 15)])
    func tinyImageIsTooSmall(width: Int, height: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("tiny.png")
            try write(try pngBytes(width: width, height: height), to: file)
            let error = loadError(file.path)
            #expect(error == .tooSmall(path: file.path, width: width, height: height))
            expectOneSentence(error?.description ?? "", naming: file.path)
        }
    }

    @Test(arguments: [(16, 16), (16, 300), (300, 16)])
    func imageAtTheMinimumSizeLoads(width: Int, height: Int) throws {
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("small.png")
            try write(try pngBytes(width: width, height: height), to: file)
            let image = try ImageFile.load(file.path)
            #expect(image.width == width)
            #expect(image.height == height)
        }
    }

    @Test func truncatedJPEGIsTruncated() throws {
        let bytes = try cocoJPEG()
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("cut.jpg")
            try write(Array(bytes.prefix(bytes.count * 6 / 10)), to: file)
            let error = loadError(file.path)
            #expect(error == .truncated(path: file.path))
            expectOneSentence(error?.description ?? "", naming: file.path)
        }
    }

    @Test func completeJPEGLoadsAtItsSize() throws {
        let bytes = try cocoJPEG()
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("000000000139.jpg")
            try write(bytes, to: file)
            let image = try ImageFile.load(file.path)
            #expect(image.width == 640)
            #expect(image.height == 426)
        }
    }

    @Test func jpegWithBytesAfterTheEndLoads() throws {
        let bytes = try cocoJPEG()
        try TestResources.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("trailer.jpg")
            try write(bytes + Array(repeating: 0, count: 100), to: file)
            let image = try ImageFile.load(file.path)
            #expect(image.width == 640)
            #expect(image.height == 426)
        }
    }
}

// MARK: - Damaged JPEGs

/// libjpeg decodes damaged JPEGs "successfully" into partly grey pictures; the decoder must
/// refuse them instead, naming how they are damaged.
@Suite struct DamagedJPEGTests {
    private func decodeError(_ bytes: [UInt8]) -> ImageError? {
        do {
            _ = try Image(encoded: bytes, name: "photo.jpg")
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return .undecodable(path: "photo.jpg", reason: "unexpected \(error)")
        }
    }

    @Test(.needsTestData("detect/coco-val"), arguments: [0.3, 0.6, 0.95])
    func cutShortIsTruncated(fraction: Double) throws {
        let bytes = try cocoJPEG()
        #expect(decodeError(Array(bytes.prefix(Int(Double(bytes.count) * fraction)))) == .truncated(path: "photo.jpg"))
    }

    @Test func missingOnlyItsEndMarkerIsTruncated() throws {
        let bytes = try cocoJPEG()
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
        #expect(decodeError(Array(bytes.dropLast(2))) == .truncated(path: "photo.jpg"))
    }

    @Test func corruptDataInTheMiddleIsDamaged() throws {
        var bytes = try cocoJPEG()
        let start = bytes.count * 4 / 10
        for index in start..<(start + 1000) { bytes[index] = 0x55 }
        guard case .damaged(let path, let reason) = decodeError(bytes) else {
            Issue.record("expected .damaged, got \(String(describing: decodeError(bytes)))")
            return
        }
        #expect(path == "photo.jpg")
        #expect(!reason.isEmpty)
    }

    /// Phones append data after the picture's end marker (a motion photo's MP4, vendor
    /// trailers), which may even hold marker-like bytes; the picture is still whole.
    @Test(.needsTestData("detect/coco-val"), arguments: [[UInt8](repeating: 0, count: 64), Array("trailing text\n".utf8),
                      [0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0xFF, 0xDA, 0x12, 0x34]])
    func bytesAfterTheEndAreHarmless(trailer: [UInt8]) throws {
        let image = try Image(encoded: try cocoJPEG() + trailer, name: "motion.jpg")
        #expect(image.width == 640 && image.height == 426)
    }

    /// A camera JPEG carries an EXIF thumbnail with its own end-of-image marker before the
    /// main image; cutting the main image short is still reported as cut short.
    @Test func thumbnailDoesNotHideATruncatedMainImage() throws {
        let original = try cocoJPEG()
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x04, 0x01, 0x02,
                                  0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9]
        let payload = Array("Exif\0\0".utf8) + thumbnail
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        let withThumbnail = Array(original.prefix(2)) + app1 + Array(original.dropFirst(2))

        try TestResources.withTemporaryDirectory { directory in
            let whole = directory.appendingPathComponent("camera.jpg")
            try write(withThumbnail, to: whole)
            let image = try ImageFile.load(whole.path)
            #expect(image.width == 640 && image.height == 426)
            let partial = directory.appendingPathComponent("camera-cut.jpg")
            try write(Array(withThumbnail.prefix(withThumbnail.count * 6 / 10)), to: partial)
            #expect(loadError(partial.path) == .truncated(path: partial.path))
        }
    }

    @Test func truncatedPNGIsUndecodable() throws {
        let png = try pngBytes(width: 64, height: 64)
        guard case .undecodable = decodeError(Array(png.prefix(png.count / 2))) else {
            Issue.record("a PNG cut in half must not decode")
            return
        }
    }
}

// MARK: - ImageError wording

@Suite struct ImageErrorDescriptionTests {
    static let path = "/home/sam/Pictures/holiday photo.jpg"

    static let errors: [ImageError] = [
        .notFound(path: path),
        .isDirectory(path: path),
        .unreadable(path: path, reason: EACCES),
        .empty(path: path),
        .truncated(path: path),
        .damaged(path: path, reason: "Corrupt JPEG data: bad Huffman code"),
        .undecodable(path: path, reason: "imdecode returned an empty matrix"),
        .tooSmall(path: path, width: 1, height: 1),
    ]

    @Test(arguments: errors)
    func descriptionIsOneSentenceNamingThePath(_ error: ImageError) {
        expectOneSentence(error.description, naming: Self.path)
    }

    /// Each kind of entry that is not a regular file is named as what it is.
    @Test(arguments: [(FileKind.directory, "a folder"), (.symbolicLink, "a symbolic link"), (.namedPipe, "a named pipe"),
                      (.socket, "a socket"), (.device, "a device")])
    func notARegularFileSaysWhatItIs(kind: FileKind, named: String) {
        #expect(ImageError.notRegularFile(path: Self.path, kind: kind).description
            == "\(Self.path) is \(named), not an image file; use a regular file.")
    }

    @Test func tooSmallNamesTheSizeAndTheMinimum() {
        let text = ImageError.tooSmall(path: Self.path, width: 12, height: 9).description
        #expect(text.contains("12 by 9 pixels"))
        #expect(text.contains("at least \(ImageFile.minimumSide) pixels"))
    }
}
