// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// The largest picture an image or video may hold, checked against its header before any
/// pixel is decoded: a 730 KB PNG can claim 16000 x 16000 pixels, which took 2.3 GB and 14 s
/// to decode into nothing readable. `--max-megapixels` raises or lowers it.
public struct PixelLimit: Sendable, Equatable {
    public let pixels: Int

    public init(megapixels: Int) {
        precondition(megapixels >= 1, "a pixel limit is at least one megapixel")
        pixels = megapixels * 1_000_000
    }

    /// Any number of pixels: for tests, which refuse small pictures to stay fast.
    init(pixels: Int) { self.pixels = pixels }

    /// The limit in whole megapixels, as `--max-megapixels` takes it.
    public var megapixels: Int { pixels / 1_000_000 }

    /// 50 megapixels: above every phone and most cameras' photos (a 48-megapixel phone photo is
    /// 8000 x 6000), and 150 MB once decoded, which the pipelines still handle.
    public static let standard = PixelLimit(megapixels: 50)

    /// The largest file an image under the limit can need: 8 bytes a pixel (16-bit RGBA, the
    /// most any of the formats read stores uncompressed) plus 1 MB of headers and metadata.
    /// A bigger file is refused before it is read into memory.
    public var fileBytes: Int { pixels * 8 + 1_000_000 }

    public func admits(width: Int, height: Int) -> Bool { width * height <= pixels }

    /// "16000 by 16000 pixels (256 megapixels)", "2000 by 1000 pixels (2.0 megapixels)", for
    /// the sentences refusing a picture: whole megapixels from 10, tenths below.
    static func size(width: Int, height: Int) -> Message {
        let megapixels = Double(width * height) / 1_000_000
        if megapixels >= 10 {
            return Message(.imagePixels, ["width": .integer(width), "height": .integer(height),
                                          "megapixels": .integer(Int(megapixels.rounded()))])
        }
        let tenths = Int((megapixels * 10).rounded())
        return Message(.imagePixelsTenths, ["width": .integer(width), "height": .integer(height),
                                            "whole": .integer(tenths / 10), "tenth": .integer(tenths % 10)])
    }
}
