// SPDX-License-Identifier: GPL-3.0-or-later
import CVision

/// A decoded 8-bit BGR image owned by the shim.
///
/// `@unchecked Sendable`: the pixels are never mutated after creation, so sharing the
/// handle across threads is safe.
public final class Image: @unchecked Sendable {
    /// The shim's image: for the targets that pass it to the shim, and the test hooks' encoders.
    package let handle: OpaquePointer

    package init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// For the test hooks' drawing (CameraTestSupport): takes ownership of a shim image.
    package convenience init(testHandle: OpaquePointer) {
        self.init(handle: testHandle)
    }

    deinit { CVision_image_destroy(handle) }

    public var width: Int { Int(CVision_image_width(handle)) }
    public var height: Int { Int(CVision_image_height(handle)) }

    /// Copies caller-owned BGR pixels (`rowBytes` per row) into a new image.
    public convenience init(bgr pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int) throws {
        precondition(pixels.count >= rowBytes * height, "pixel buffer is smaller than its rows")
        var handle: OpaquePointer?
        let result = callShim { CVision_image_create_bgr(pixels.baseAddress, Int32(width), Int32(height), rowBytes, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else {
            throw ImageError.undecodable(path: "(pixels)", reason: result.message)
        }
        self.init(handle: handle)
    }

    /// This picture, or a copy scaled down so its longer side is `side` pixels: what a caller that
    /// keeps pictures for a while holds instead of a phone's 50 megapixels.
    public func fitting(side: Int) throws(ImageError) -> Image {
        let longer = max(width, height)
        guard longer > side else { return self }
        let scale = Double(side) / Double(longer)
        let newWidth = max(1, Int((Double(width) * scale).rounded())), newHeight = max(1, Int((Double(height) * scale).rounded()))
        var resized: OpaquePointer?
        let result = callShim { CVision_image_resize(handle, Int32(newWidth), Int32(newHeight), &resized, $0, $1) }
        guard result.status == CVision_OK, let resized else { throw .undecodable(path: "(pixels)", reason: result.message) }
        return Image(handle: resized)
    }

    /// Decodes encoded bytes (JPEG, PNG, TIFF, BMP, WebP, PNM). A picture whose header claims
    /// more pixels than `limit` is refused before anything is decoded; a JPEG that is cut short
    /// or corrupt is refused rather than decoded into a partly grey picture. `name` is only for errors.
    public convenience init(encoded bytes: [UInt8], name: String, limit: PixelLimit = .standard) throws {
        var handle: OpaquePointer?
        var width: Int32 = 0, height: Int32 = 0
        let result = bytes.withUnsafeBytes { raw in
            let header = callShim { CVision_image_dimensions(raw.baseAddress, raw.count, &width, &height, $0, $1) }
            guard header.status == CVision_OK, limit.admits(width: Int(width), height: Int(height)) else { return header }
            return callShim { CVision_image_decode(raw.baseAddress, raw.count, limit.pixels, &handle, $0, $1) }
        }
        switch result.status {
        case CVision_OK where handle != nil: self.init(handle: handle!)
        case CVision_OK, CVision_ErrorTooLarge:
            throw ImageError.tooManyPixels(path: name, width: Int(width), height: Int(height), limit: limit)
        case CVision_ErrorTruncated: throw ImageError.truncated(path: name)
        case CVision_ErrorCorrupt: throw ImageError.damaged(path: name, reason: result.message)
        default: throw ImageError.undecodable(path: name, reason: result.message)
        }
    }
}
