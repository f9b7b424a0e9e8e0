// SPDX-License-Identifier: GPL-3.0-or-later
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

/// The parts inside a PNG or JPEG that make a decoder allocate or loop before any pixel:
/// chunk lengths and scans. Each is judged from the file's own structure before libpng or
/// libjpeg runs.
@Suite struct HostileChunkTests {
    static let folder = TestResources.packageRoot.appendingPathComponent("Tests/PerceptionTests/Fixtures/image-formats")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The offset of the first chunk of `type` (its length field), in a PNG.
    static func chunk(_ type: String, in png: [UInt8]) -> Int? {
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self) == type { return at }
            at += 12 + length
        }
        return nil
    }

    /// A tEXt chunk that claims 0x7FFFFFF0 bytes in a file of a few hundred: libpng allocated the
    /// claim before reading (2.1 GB and 15 s in every command). Refused at once, before the
    /// pixels (where libpng reads it first) or after them (where OpenCV reads it at the end).
    @Test(arguments: ["IDAT", "IEND"])
    func chunkClaimingMoreThanTheFileIsRefusedAtOnce(before type: String) throws {
        let png = try Self.fixture("interlaced.png")
        let at = try #require(Self.chunk(type, in: png))
        let hostile = Array(png[..<at]) + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXtComment\0lies".utf8)
        let started = MonotonicClock.now()
        #expect(throws: ImageError.undecodable(path: "text.png", reason: "its tEXt chunk claims 2147483632 bytes, more than the file holds")) {
            try Image(encoded: hostile, name: "text.png")
        }
        let seconds = MonotonicClock.now().seconds(since: started)
        #expect(seconds < 1, "refused after \(seconds) s")
    }

    /// Chunks decoding has no use for (text, an ICC profile, a private chunk) are left out
    /// before libpng sees them; the picture is the same without them.
    @Test func ancillaryChunksDoNotChangeThePicture() throws {
        let png = try Self.fixture("palette-transparency.png")
        let at = try #require(Self.chunk("IDAT", in: png))
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let length = UInt32(data.count)
            return (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        // Wrong CRCs too: nothing here should ever be read.
        let extra = chunk("tEXt", Array("Comment\0hello".utf8)) + chunk("iCCP", Array("icc\0\0".utf8) + [0x78, 0x9C])
            + chunk("prVt", [UInt8](repeating: 7, count: 40))
        let plain = try Image(encoded: png, name: "plain.png").sample(maxWidth: 48, maxHeight: 24)
        let padded = try Image(encoded: Array(png[..<at]) + extra + Array(png[at...]), name: "padded.png")
        #expect(try padded.sample(maxWidth: 48, maxHeight: 24).bgr == plain.bgr)
    }

    /// A progressive JPEG of thousands of scans (libjpeg walks every block in each) is refused
    /// from its markers, as damaged, before libjpeg decodes one.
    @Test func jpegWithAbsurdlyManyScansIsRefused() throws {
        let jpeg = try Self.fixture("progressive.jpg")
        // The last scan (a refinement) repeated up to the end-of-image marker.
        var scans: [Int] = []
        for index in 0..<(jpeg.count - 1) where jpeg[index] == 0xFF && jpeg[index + 1] == 0xDA { scans.append(index) }
        let last = try #require(scans.last)
        let end = jpeg.count - 2
        #expect(Array(jpeg[end...]) == [0xFF, 0xD9])
        let repeated = Array(jpeg[..<end]) + Array(repeating: Array(jpeg[last..<end]), count: 2000).joined() + [0xFF, 0xD9]
        #expect(throws: ImageError.damaged(path: "scans.jpg", reason: "more than 100 scans")) {
            try Image(encoded: repeated, name: "scans.jpg")
        }
        // The same file with its own few scans decodes.
        #expect(scans.count < 100)
        _ = try Image(encoded: jpeg, name: "progressive.jpg")
    }
}
