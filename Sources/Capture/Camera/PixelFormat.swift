// SPDX-License-Identifier: GPL-3.0-or-later
/// A V4L2 pixel format, named by its four-character code.
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The kernel's `v4l2_fourcc(a, b, c, d)`.
    public init(fourCC: StaticString) {
        precondition(fourCC.utf8CodeUnitCount == 4, "a four-character code has four characters")
        let bytes = UnsafeBufferPointer(start: fourCC.utf8Start, count: 4)
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// Motion JPEG: what most USB cameras send at high resolution. The corresponding V4L2
    /// constant is `V4L2_PIX_FMT_MJPEG`.
    public static let mjpeg = PixelFormat(fourCC: "MJPG")
    /// Plain JPEG frames, as some older cameras label them (`V4L2_PIX_FMT_JPEG`).
    public static let jpeg = PixelFormat(fourCC: "JPEG")
    /// Packed YUV 4:2:2, every USB camera's uncompressed format (`V4L2_PIX_FMT_YUYV`).
    public static let yuyv = PixelFormat(fourCC: "YUYV")
    /// 8-bit BGR, what libv4l2 converts other formats into (`V4L2_PIX_FMT_BGR24`).
    public static let bgr24 = PixelFormat(fourCC: "BGR3")

    /// The four characters, e.g. "MJPG".
    public var fourCC: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        return String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces
    }

    /// What a listener hears: "MJPEG", "YUYV".
    public var description: String {
        switch self {
        case .mjpeg: "MJPEG"
        case .jpeg: "JPEG"
        case .bgr24: "BGR"
        default: fourCC
        }
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " || result.last == "\0" { result.removeLast() }
        return result
    }
}
