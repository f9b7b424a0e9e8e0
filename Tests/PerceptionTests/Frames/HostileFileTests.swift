// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import CameraTestSupport
import Foundation
import Glibc
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Files made to hurt: pictures claiming more pixels than anyone needs, named pipes, names
/// that are not UTF-8, videos cut short. Each is refused or reported before it costs memory
/// or time, with its own sentence.
@Suite struct HostileFileTests {
    /// The header's claim is what counts: refused in well under a second, where decoding the
    /// 16000 x 16000 PNG took 14 s and 2.3 GB.
    @Test func decompressionBombIsRefusedFromItsHeader() throws {
        try TestResources.withTemporaryDirectory { folder in
            let bomb = folder.appendingPathComponent("bomb.png")
            let bytes = try flatPNG(width: 16000, height: 16000)
            #expect(bytes.count < 1_000_000, "a flat picture compresses to under 1 MB (\(bytes.count) bytes)")
            try Data(bytes).write(to: bomb)
            let started = MonotonicClock.now()
            #expect(throws: ImageError.tooManyPixels(path: bomb.path, width: 16000, height: 16000, limit: .standard)) {
                try ImageFile.load(bomb.path)
            }
            let seconds = MonotonicClock.now().seconds(since: started)
            #expect(seconds < 1, "refused in \(seconds) s")
        }
    }

    /// Each format's header is read on its own terms: a few bytes that claim a huge picture.
    @Test(arguments: [
        ("PNG", HostileFileTests.pngHeader(width: 20000, height: 20000)),
        ("BMP", HostileFileTests.bmpHeader(width: 20000, height: -20000)),
        ("PNM", Array("P6\n20000 20000\n255\n".utf8) + [UInt8](repeating: 0, count: 64)),
    ])
    func headerClaimsAreRefusedBeforeDecoding(format: String, bytes: [UInt8]) throws {
        #expect(throws: ImageError.tooManyPixels(path: format, width: 20000, height: 20000, limit: .standard)) {
            try Image(encoded: bytes, name: format)
        }
    }

    /// A real JPEG whose frame header is changed to claim 60000 x 60000: TurboJPEG reads the
    /// claim, and nothing is decoded.
    @Test func jpegFrameHeaderClaimIsRefused() throws {
        var bytes = Array(try Data(contentsOf: try TestResources.file("detect/coco-val/images/000000000139.jpg")))
        let frame = try #require(Self.startOfFrame(in: bytes), "the photo has a baseline or progressive frame header")
        for offset in [frame + 5, frame + 7] { (bytes[offset], bytes[offset + 1]) = (0xEA, 0x60) }  // 60000
        #expect(throws: ImageError.tooManyPixels(path: "big.jpg", width: 60000, height: 60000, limit: .standard)) {
            try Image(encoded: bytes, name: "big.jpg")
        }
    }

    /// The limit is inclusive and can be moved: 2000 x 1000 is exactly 2 megapixels.
    @Test func limitIsInclusiveAndAdjustable() throws {
        let bytes = try flatPNG(width: 2000, height: 1000)
        let image = try Image(encoded: bytes, name: "flat.png", limit: PixelLimit(megapixels: 2))
        #expect(image.width == 2000 && image.height == 1000)
        let one = PixelLimit(megapixels: 1)
        #expect(throws: ImageError.tooManyPixels(path: "flat.png", width: 2000, height: 1000, limit: one)) {
            try Image(encoded: bytes, name: "flat.png", limit: one)
        }
        #expect(ImageError.tooManyPixels(path: "flat.png", width: 2000, height: 1000, limit: one).description
            == "flat.png is 2000 by 1000 pixels (2.0 megapixels), over the 1-megapixel limit, so it was not decoded; shrink it, or raise the limit with --max-megapixels.")
    }

    /// A header that does not say the size is not guessed past: the bytes are not decoded.
    @Test(arguments: [[UInt8](repeating: 0x41, count: 100), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]])
    func unreadableHeaderIsUndecodable(bytes: [UInt8]) throws {
        #expect(throws: ImageError.self) { try Image(encoded: bytes, name: "x.png") }
        var width: Int32 = 0, height: Int32 = 0
        let result = bytes.withUnsafeBytes { raw in
            callShim { CVision_image_dimensions(raw.baseAddress, raw.count, &width, &height, $0, $1) }
        }
        #expect(result.status == CVision_ErrorDecode)
        #expect(width == 0 && height == 0)
    }

    /// A named pipe is seen for what it is instead of blocking the read for ever.
    @Test func namedPipeIsNotReadAsAnImage() throws {
        try TestResources.withTemporaryDirectory { folder in
            let pipe = folder.appendingPathComponent("pipe.jpg").path
            #expect(mkfifo(pipe, 0o644) == 0)
            #expect(throws: ImageError.notRegularFile(path: pipe, kind: .namedPipe)) { try ImageFile.load(pipe) }
            #expect(ImageError.notRegularFile(path: pipe, kind: .namedPipe).description
                == "\(pipe) is a named pipe, not an image file; use a regular file.")
        }
    }

    /// A file bigger than any picture under the limit can need is not read into memory.
    @Test func oversizedFileIsNotRead() throws {
        try TestResources.withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("huge.png").path
            let limit = PixelLimit(megapixels: 1)
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(limit.fileBytes + 1)) == 0)  // sparse: costs no disk
            #expect(throws: ImageError.fileTooLarge(path: path, bytes: limit.fileBytes + 1, limit: limit)) {
                try ImageFile.load(path, limit: limit)
            }
        }
    }

    /// A name that is not UTF-8 (Latin-1 "café.png") is opened by its bytes.
    @Test func nameThatIsNotUTF8IsOpenedByItsBytes() throws {
        try TestResources.withTemporaryDirectory { folder in
            let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
            let location = RawPath(folder.path).appending(name)
            let bytes = Array(try Data(contentsOf: try TestResources.file("barcode/ean_13__ean13-1_1.png")))
            let descriptor = location.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            #expect(descriptor >= 0)
            #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
            close(descriptor)
            let image = try ImageFile.load(location, name: location.escaped)
            #expect(image.width == 640 && image.height == 480)
            #expect(location.escaped == folder.path + "/caf\\xe9.png")
        }
    }

    // MARK: - Videos

    /// The first 40 % of a video whose index comes first: FFmpeg stops at the cut with errors
    /// of its own, which become one sentence saying where narration stopped.
    @Test func videoCutShortIsDamagedWhereItStops() throws {
        try TestResources.withTemporaryDirectory { folder in
            let whole = try Data(contentsOf: try TestResources.file("video/car-detection.mp4"))
            let cut = folder.appendingPathComponent("cut.mp4")
            try whole.prefix(whole.count * 4 / 10).write(to: cut)
            let video = try VideoFile(path: cut.path)
            var frames = 0
            var last = 0.0
            do {
                while let frame = try video.nextFrame() {
                    frames += 1
                    last = frame.timestamp.seconds
                }
                Issue.record("the cut video ended without an error after \(frames) frames")
            } catch let error as VideoError {
                #expect(error == .damaged(path: cut.path, seconds: last))
                #expect(frames > 100 && frames < 377, "\(frames) of 377 frames before the cut")
                #expect(error.description.hasPrefix("The video \(cut.path) is damaged after 11."), "\(error)")
                #expect(error.description.hasSuffix(" seconds; narration stopped there."), "\(error)")
            }
        }
    }

    /// A whole video ends plainly: the end of the stream is not damage.
    @Test(.needsTestData("video/car-detection", "video/walk"), arguments: ["video/walk.mkv", "video/car-detection.mp4"])
    func wholeVideoEndsWithoutAnError(name: String) throws {
        let video = try VideoFile(path: try TestResources.file(name).path)
        var frames = 0
        while try video.nextFrame() != nil { frames += 1 }
        #expect(frames == video.frameCount)
    }

    /// A video's frame size, as its container states it, is checked before any frame is decoded.
    @Test func videoLargerThanTheLimitIsRefused() throws {
        let path = try TestResources.file("video/walk.mkv").path
        let limit = PixelLimit(pixels: 640 * 480 - 1)
        #expect(throws: VideoError.tooManyPixels(path: path, width: 640, height: 480, limit: limit)) {
            try VideoFile(path: path, limit: limit)
        }
        _ = try VideoFile(path: path, limit: PixelLimit(pixels: 640 * 480))
    }

    // MARK: - Helpers

    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
            + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
    }

    static func bmpHeader(width: Int32, height: Int32) -> [UInt8] {
        func littleEndian(_ value: Int32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Array("BM".utf8) + littleEndian(1000) + littleEndian(0) + littleEndian(54)
            + littleEndian(40) + littleEndian(width) + littleEndian(height) + [1, 0, 24, 0] + littleEndian(0)
            + [UInt8](repeating: 0, count: 60)
    }

    /// The offset of the JPEG's SOF0 or SOF2 marker; its height follows at +5, its width at +7.
    static func startOfFrame(in bytes: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xC0 || marker == 0xC2 { return offset }
            offset += 2 + Int(bytes[offset + 2]) << 8 + Int(bytes[offset + 3])
        }
        return nil
    }
}

/// The escaping of names that are not UTF-8, written in `source`: readable where the name is
/// valid, reversible everywhere.
@Suite struct RawPathTests {
    static let names: [(bytes: [UInt8], escaped: String)] = [
        (Array("photos/a.jpg".utf8), "photos/a.jpg"),
        (Array("café/日本.png".utf8), "café/日本.png"),
        (Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), "caf\\xe9.jpg"),  // Latin-1 é
        (Array("a\\b.jpg".utf8), "a\\\\b.jpg"),  // a literal backslash is doubled
        (Array("a\\xe9".utf8), "a\\\\xe9"),  // so text that looks like an escape stays itself
        ([0xC0, 0xAF], "\\xc0\\xaf"),  // overlong "/"
        ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "\\xf4\\x90\\x80\\x80"),  // above U+10FFFF
        ([0x61, 0xE2, 0x82], "a\\xe2\\x82"),  // a sequence cut short
        ([0xE2, 0x82, 0xAC], "€"),
        ([0xFF, 0x41], "\\xffA"),
    ]

    @Test(arguments: RawPathTests.names)
    func escapesOnlyWhatIsNotUTF8(bytes: [UInt8], escaped: String) {
        #expect(RawPath(bytes: bytes).escaped == escaped)
        #expect(RawPath.unescaping(escaped) == RawPath(bytes: bytes), "the escaping reverses")
    }

    /// Every byte string survives the round trip (seeded, so a failure repeats).
    @Test func randomNamesRoundTrip() {
        var random = SplitMix(seed: 18)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                [UInt8(ascii: "\\"), UInt8(ascii: "x"), 0xC3, 0xA9, 0xE9, 0x80, UInt8.random(in: 1...255, using: &random)]
                    .randomElement(using: &random)!
            }
            #expect(RawPath.unescaping(RawPath(bytes: bytes).escaped) == RawPath(bytes: bytes), "\(bytes)")
        }
    }

    @Test(arguments: ["a\\", "a\\q", "\\x4", "\\xzz"])
    func textThatEscapingNeverWritesIsRefused(text: String) {
        #expect(RawPath.unescaping(text) == nil)
    }
}
