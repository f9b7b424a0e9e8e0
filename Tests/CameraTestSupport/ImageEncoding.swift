// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import CVisionTestHooks
import Perception

/// Images back into bytes through the test hooks: PNG files for image and batch tests, and the
/// JPEG and YUYV frames the injected camera serves.
extension Image {
    /// PNG bytes of this image.
    public func pngData() throws -> [UInt8] {
        try encoded { CVision_image_encode_png(handle, $0, $1, $2, $3) }
    }

    /// JPEG bytes of this image.
    public func jpegData(quality: Int = 85) throws -> [UInt8] {
        try encoded { CVision_image_encode_jpeg(handle, Int32(quality), $0, $1, $2, $3) }
    }

    /// Packed YUYV bytes (two per pixel, width rounded down to even).
    public func yuyvData() throws -> [UInt8] {
        try encoded { CVision_image_encode_yuyv(handle, $0, $1, $2, $3) }
    }

    /// Bytes a shim encoder wrote into a buffer of its own, copied out and freed.
    private func encoded(
        _ body: (UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> CVision_Status
    ) throws -> [UInt8] {
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let result = callShim { body(&bytes, &length, $0, $1) }
        guard result.status == CVision_OK, let bytes else { throw ImageError.undecodable(path: "(pixels)", reason: result.message) }
        defer { CVision_buffer_destroy(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
}

/// A PNG of one flat grey at any size, written without holding the picture: a 16000 x 16000
/// one is under 1 MB, the decompression bomb the pixel limit must refuse.
public func flatPNG(width: Int, height: Int, grey: UInt8 = 128) throws -> [UInt8] {
    var bytes: UnsafeMutableRawPointer?
    var length = 0
    let result = callShim { CVision_png_flat(Int32(width), Int32(height), grey, &bytes, &length, $0, $1) }
    guard result.status == CVision_OK, let bytes else { throw ImageError.undecodable(path: "(flat PNG)", reason: result.message) }
    defer { CVision_buffer_destroy(bytes) }
    return Array(UnsafeRawBufferPointer(start: bytes, count: length))
}
