// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception

/// The seed corpus, made here rather than copied: small valid inputs of every kind each target
/// takes, so libFuzzer starts from the formats' real structure. Images are drawn and encoded in
/// process (PNG and JPEG through the test hooks; BMP, PPM and TIFF written out by hand, since
/// their headers are a few fixed fields).
extension FuzzTarget {
    /// One seed, and whether the entry point accepts it: a seed the harness wrongly refused
    /// would mean it never reaches the parser, so `FuzzRegressionTests` checks every one.
    public struct Seed: Sendable {
        public var name: String
        public var bytes: [UInt8]
        public var isAccepted = true
    }

    public func seeds() throws -> [Seed] {
        try rawSeeds().map { Seed(name: $0.name, bytes: $0.bytes, isAccepted: !$0.name.contains("cut-short") && !$0.name.contains("refused")) }
    }

    /// By name; a damaged seed says so in its name ("cut-short"), as does one refused on purpose ("refused").
    private func rawSeeds() throws -> [(name: String, bytes: [UInt8])] {
        switch self {
        case .image:
            let picture = try Self.picture(width: 8, height: 6)
            let jpeg = try picture.jpegData(quality: 80)
            let png = try picture.pngData()
            return [("tiny.png", png), ("tiny.jpg", jpeg),
                    ("tiny.bmp", Self.bmp(width: 8, height: 6)), ("tiny.ppm", Self.ppm(width: 8, height: 6)),
                    ("tiny.tif", Self.tiff(width: 8, height: 6)), ("gray-1x1.pgm", Array("P5 1 1 255\n\u{80}".utf8)),
                    // The chunk walk before libpng: ancillary chunks it leaves out, one claiming 2 GiB.
                    ("chunks.png", Self.insert(Self.pngChunk("tEXt", Array("Comment\0seed".utf8)) + Self.pngChunk("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1]),
                                               beforeChunk: "IDAT", in: png)),
                    ("text-chunk-cut-short.png", Self.insert([0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXtComment\0".utf8), beforeChunk: "IDAT", in: png)),
                    // The marker walk before libjpeg: a JPEG's scans counted, and too many refused.
                    ("scans-refused.jpg", Self.repeatingLastScan(of: jpeg, times: Self.mostScans + 1))]
                + (try Self.imageFormats())
        case .mjpeg:
            let frame = try Self.picture(width: 32, height: 16).jpegData(quality: 70)
            return [("frame.jpg", frame), ("frame-no-huffman-tables.jpg", Self.withoutHuffmanTables(frame)),
                    ("frame-cut-short.jpg", Array(frame.prefix(frame.count * 2 / 3)))]
        case .settings:
            return [#"{"profile": "blind", "voice_rate": 20}"#,
                    #"{"language": "de", "verbosity": "terse", "hfov": 62.5, "camera": "/dev/video0"}"#,
                    "{}", "{\"profile\": \"low-vision\",\n \"voice_rate\": -15\n}\n"]
                .enumerated().map { ("settings-\($0.offset).json", Array($0.element.utf8)) }
        case .resume:
            let lines = [#"{"source":"in/a.jpg","width":640,"height":480,"objects":[]}"#,
                         #"{"source":"in/b.png","error":"Cannot read it."}"#,
                         #"{"source":"in/clip.mp4","frame":0,"t":0,"objects":[]}"#,
                         #"{"source":"in/clip.mp4","frame":1,"t":0.033,"objects":[]}"#,
                         #"{"source":"in/clip.mp4","frames":2,"every":1,"complete":true}"#]
            return [("whole.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8)),
                    ("torn-last-line.jsonl", Array((lines.prefix(3).joined(separator: "\n") + "\n{\"source\":\"in/cl").utf8))]
        case .merge:
            let first = #"{"source":"in/b.jpg","width":640}"# + "\n" + #"{"source":"in/clip.mp4","frame":1,"width":640}"# + "\n"
            let second = #"{"source":"in/clip.mp4","frame":2,"width":640}"# + "\n" + #"{"source":"in/clip.mp4","frames":2,"every":1,"complete":true}"# + "\n"
            return [("two-shards.txt", Array((first + "\u{0C}" + second).utf8)), ("one-shard.txt", Array(#"{"source":"in/a.jpg","error":"Cannot read it."}"#.utf8))]
        case .codes:
            let texts: [(CodeFormat, String)] = [
                (.qr, "WIFI:S:Home net;T:WPA;P:pa\\;ss;H:true;;"),
                (.qr, "MECARD:N:Doe,Jane;TEL:+441234567;EMAIL:jane@example.org;;"),
                (.qr, "BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nTEL;TYPE=cell:+44 1234 567\nEND:VCARD"),
                (.qr, "BEGIN:VEVENT\nSUMMARY:Lunch\nDTSTART:20260301T123000Z\nLOCATION:Cafe\nEND:VEVENT"),
                (.qr, "MEBKM:TITLE:Menu;URL:https://example.org/menu?x=1;;"),
                (.qr, "mailto:jane%40example.org?subject=hi"), (.qr, "tel:+441234567"),
                (.dataMatrix, "https://example.org/a/b"), (.ean13, "4006381333931"), (.code128, "ABC-123 x"),
            ]
            return texts.enumerated().map { index, entry in
                let formatByte = UInt8(CodeFormat.allCases.firstIndex(of: entry.0)!)
                return ("code-\(index).txt", [formatByte] + Array(entry.1.utf8))
            }
        case .thing:
            // A view with features (of a picture with corners everywhere) and one with none.
            let detailed = ThingFile.encode([try ThingView(learningFrom: Self.picture(width: 96, height: 96))])
            let plain = ThingFile.encode([try ThingView(learningFrom: Self.flat(width: 32, height: 32))])
            return [("detailed.thing", detailed), ("plain.thing", plain),
                    ("detailed-cut-short.thing", Array(detailed.prefix(detailed.count - 3)))]
        case .products:
            // A database as `products import` makes it (empty of products), and its header cut short.
            let folder = NSTemporaryDirectory() + "/sensecam-fuzz-seed-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/products.sqlite"
            do { _ = try ProductDatabase.forImport(path: path) }  // closed at once: its log is folded back into the file
            let made = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            return [("empty.sqlite", made), ("header-cut-short.sqlite", Array(made.prefix(50)))]
        case .speechReplies:
            // What speech-dispatcher 0.11 sends a client: the first byte is the read size.
            let handshake = "208 OK CLIENT NAME SET\r\n240-7\r\n240 OK CLIENT ID SENT\r\n261 OK NOTIFICATION SET\r\n"
            let speak = "202 OK PRIORITY SET\r\n230 OK RECEIVING DATA\r\n225-41\r\n225 OK MESSAGE QUEUED\r\n"
            let events = "701-41\r\n701-7\r\n701 BEGIN\r\n700-41\r\n700-7\r\n700-mark 1\r\n700 INDEX MARK\r\n702-41\r\n702-7\r\n702 END\r\n"
            let refusal = "410 ERR PARAMETER INVALID\r\n"
            return [("handshake.txt", [0] + Array(handshake.utf8)), ("speak-and-events.txt", [3] + Array((speak + events).utf8)),
                    ("event-inside-reply.txt", [1] + Array("225-41\r\n703-41\r\n703-7\r\n703 CANCELED\r\n225 OK MESSAGE QUEUED\r\n".utf8)),
                    ("refusal.txt", [0] + Array(refusal.utf8)),
                    ("reply-cut-short.txt", [5] + Array("225-41\r\n".utf8))]
        }
    }

    /// One grey, without a single feature.
    static func flat(width: Int, height: Int) throws -> Image {
        try [UInt8](repeating: 128, count: width * height * 3).withUnsafeBytes {
            try Image(bgr: $0, width: width, height: height, rowBytes: width * 3)
        }
    }

    /// A small picture with edges and colour, so encoders produce more than a flat block.
    static func picture(width: Int, height: Int) throws -> Image {
        try bgr(width: width, height: height).withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: width * 3) }
    }

    static func bgr(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let blue = x * 255 / max(width - 1, 1), green = y * 255 / max(height - 1, 1), red = ((x ^ y) & 1) * 200
                pixels += [UInt8(blue), UInt8(green), UInt8(red)]
            }
        }
        return pixels
    }

    /// The same pixels in RGB order, as PPM and TIFF store them.
    static func rgb(width: Int, height: Int) -> [UInt8] {
        var pixels = bgr(width: width, height: height)
        for index in stride(from: 0, to: pixels.count, by: 3) { pixels.swapAt(index, index + 2) }
        return pixels
    }

    /// A 24-bit bottom-up Windows bitmap.
    static func bmp(width: Int, height: Int) -> [UInt8] {
        let rowBytes = (width * 3 + 3) / 4 * 4
        let pixels = bgr(width: width, height: height)
        var body: [UInt8] = []
        for y in (0..<height).reversed() {
            body += pixels[(y * width * 3)..<((y + 1) * width * 3)]
            body += [UInt8](repeating: 0, count: rowBytes - width * 3)
        }
        var file: [UInt8] = Array("BM".utf8)
        for field in [54 + body.count, 0, 54, 40, width, height] { file += le32(field) }
        file += le16(1) + le16(24)
        for field in [0, body.count, 2835, 2835, 0, 0] { file += le32(field) }
        return file + body
    }

    /// A binary PPM (RGB).
    static func ppm(width: Int, height: Int) -> [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8) + rgb(width: width, height: height)
    }

    /// A baseline little-endian TIFF: one uncompressed RGB strip, with a resolution.
    static func tiff(width: Int, height: Int) -> [UInt8] {
        let rgb = rgb(width: width, height: height)
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 3, 1, width), (257, 3, 1, height), (258, 3, 3, 0), (259, 3, 1, 1), (262, 3, 1, 2),
            (273, 4, 1, 0), (277, 3, 1, 3), (278, 3, 1, height), (279, 4, 1, rgb.count),
            (282, 5, 1, 0), (283, 5, 1, 0), (296, 3, 1, 2),
        ]
        let ifdOffset = 8, ifdSize = 2 + entries.count * 12 + 4
        let bitsOffset = ifdOffset + ifdSize, resolutionOffset = bitsOffset + 6, stripOffset = resolutionOffset + 8
        var file: [UInt8] = Array("II".utf8)
        file += le16(42) + le32(ifdOffset) + le16(entries.count)
        for entry in entries {
            let value: Int = switch entry.tag {
            case 258: bitsOffset
            case 273: stripOffset
            case 282, 283: resolutionOffset
            default: entry.value
            }
            file += le16(entry.tag) + le16(entry.type)
            file += le32(entry.count)
            file += entry.type == 3 && entry.count == 1 ? le16(value) + le16(0) : le32(value)
        }
        file += le32(0)  // no next directory
        file += le16(8) + le16(8) + le16(8)  // bits per sample
        file += le32(300) + le32(1)  // 300 pixels per inch
        return file + rgb
    }

    /// The files ImageFormatTests decode (CMYK, progressive and EXIF-oriented JPEG; 16-bit,
    /// grey+alpha, palette+tRNS, interlaced and eXIf PNG), read from the test fixtures.
    static func imageFormats() throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/PerceptionTests/Fixtures/image-formats").standardizedFileURL
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            .map { ("format-" + $0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    /// The most scans the decoder takes (`kMostJpegScans` in the shim).
    static let mostScans = 100

    /// A PNG chunk with its CRC left zero: the walk before libpng does not read it.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        return (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    /// `bytes` put before the PNG's first chunk of `type`.
    static func insert(_ bytes: [UInt8], beforeChunk type: String, in png: [UInt8]) -> [UInt8] {
        guard let at = png.indices.first(where: { png[$0...].starts(with: Array(type.utf8)) }) else { return png }
        return Array(png[..<(at - 4)]) + bytes + Array(png[(at - 4)...])
    }

    /// The JPEG with its last scan repeated `times` more before its end marker.
    static func repeatingLastScan(of jpeg: [UInt8], times: Int) -> [UInt8] {
        guard let last = (0..<(jpeg.count - 1)).last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }) else { return jpeg }
        let end = jpeg.count - 2
        return Array(jpeg[..<end]) + Array(repeating: Array(jpeg[last..<end]), count: times).joined() + [0xFF, 0xD9]
    }

    /// The JPEG with its DHT segments removed, as many USB cameras send MJPEG.
    static func withoutHuffmanTables(_ jpeg: [UInt8]) -> [UInt8] {
        var out = Array(jpeg.prefix(2)), index = 2
        while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
            let marker = jpeg[index + 1]
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            if marker == 0xDA { break }  // start of scan: the rest is entropy-coded data
            if marker != 0xC4 { out += jpeg[index..<min(index + 2 + length, jpeg.count)] }
            index += 2 + length
        }
        return out + jpeg[min(index, jpeg.count)...]
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
}
