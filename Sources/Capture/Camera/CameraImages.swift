// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// Turning camera buffers into images (the injected test camera's way back is in CameraTestSupport).
extension Image {
    /// Decodes one MJPEG camera frame; a damaged or cut-short frame throws.
    public convenience init(mjpeg bytes: UnsafeRawBufferPointer) throws(ImageError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_image_decode_mjpeg(bytes.baseAddress, bytes.count, &handle, $0, $1) }
        switch result.status {
        case CVision_OK where handle != nil: self.init(handle: handle!)
        case CVision_ErrorTruncated: throw .truncated(path: "(camera frame)")
        default: throw .damaged(path: "(camera frame)", reason: result.message)
        }
    }

    /// Converts one packed YUYV 4:2:2 frame.
    public convenience init(yuyv bytes: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int) throws(ImageError) {
        guard bytes.count >= rowBytes * height else { throw .truncated(path: "(camera frame)") }
        var handle: OpaquePointer?
        let result = callShim { CVision_image_create_yuyv(bytes.baseAddress, Int32(width), Int32(height), rowBytes, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw .damaged(path: "(camera frame)", reason: result.message) }
        self.init(handle: handle)
    }

    /// A copy scaled to `size`.
    public func resized(to size: FrameSize) throws -> Image {
        var resized: OpaquePointer?
        let result = callShim { CVision_image_resize(handle, Int32(size.width), Int32(size.height), &resized, $0, $1) }
        guard result.status == CVision_OK, let resized else { throw ImageError.undecodable(path: "(pixels)", reason: result.message) }
        return Image(handle: resized)
    }
}
