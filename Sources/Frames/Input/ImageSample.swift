// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words

/// A small copy of an image's pixels, area-averaged: what light and colour read. A thumbnail
/// keeps the work per frame to a few thousand pixels, and averaging removes sensor noise.
public struct ImageSample: Sendable {
    public let width: Int
    public let height: Int
    /// Tightly packed 8-bit BGR, row after row.
    public let bgr: [UInt8]

    public init(width: Int, height: Int, bgr: [UInt8]) {
        precondition(bgr.count == width * height * 3, "a sample holds three bytes a pixel")
        self.width = width
        self.height = height
        self.bgr = bgr
    }

    /// A rectangle of the sample's pixels.
    public struct Region: Sendable, Equatable {
        public var columns: Range<Int>
        public var rows: Range<Int>

        public func contains(x: Int, y: Int) -> Bool { columns.contains(x) && rows.contains(y) }
    }

    /// The middle of the sample, `share` of its width and of its height, centred.
    public func centre(share: Double) -> Region {
        func middle(_ length: Int) -> Range<Int> {
            let span = max(1, Int((Double(length) * share).rounded()))
            let start = (length - span) / 2
            return start..<(start + span)
        }
        return Region(columns: middle(width), rows: middle(height))
    }

    /// The 8-bit red, green and blue of the pixel at column `x`, row `y`.
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (bgr[offset + 2], bgr[offset + 1], bgr[offset])
    }

    /// The pixel at column `x`, row `y` in linear light.
    public func linear(x: Int, y: Int) -> LinearRGB {
        let offset = (y * width + x) * 3
        return LinearRGB(srgbRed: bgr[offset + 2], green: bgr[offset + 1], blue: bgr[offset])
    }
}

extension Image {
    /// The image shrunk to fit within `maxWidth` x `maxHeight`, keeping its shape (never grown).
    public func sample(maxWidth: Int, maxHeight: Int) throws -> ImageSample {
        let scale = min(1, Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        let sampleWidth = max(1, Int((Double(width) * scale).rounded()))
        let sampleHeight = max(1, Int((Double(height) * scale).rounded()))
        var bytes = [UInt8](repeating: 0, count: sampleWidth * sampleHeight * 3)
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
            callShim { CVision_image_sample_bgr(handle, Int32(sampleWidth), Int32(sampleHeight), buffer.baseAddress,
                                                buffer.count, $0, $1) }
        }
        guard result.status == CVision_OK else { throw SamplingFailure(detail: result.message) }
        return ImageSample(width: sampleWidth, height: sampleHeight, bgr: bytes)
    }
}

/// The shim could not shrink a picture it had already decoded: out of memory, in practice.
public struct SamplingFailure: WordedError {
    /// The shim's or OpenCV's own text, for a developer; never said.
    public var detail: String
    public var message: Message { Message(.imageNotMeasured) }
}
