// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What to ask a camera for.
public struct CaptureRequest: Sendable, Equatable {
    /// Nil: the first camera that captures.
    public var path: String?
    public var size: FrameSize
    public var frameRate: Double

    public static let defaultSize = FrameSize(width: 1280, height: 720)
    public static let defaultFrameRate = 30.0

    public init(path: String? = nil, size: FrameSize = CaptureRequest.defaultSize, frameRate: Double = CaptureRequest.defaultFrameRate) {
        self.path = path
        self.size = size
        self.frameRate = frameRate
    }
}

/// A format a camera offers with the sizes it offers it in.
public struct FormatOffer: Sendable, Equatable {
    public var format: FormatDescription
    public var sizes: FrameSizes

    public init(format: FormatDescription, sizes: FrameSizes) {
        self.format = format
        self.sizes = sizes
    }
}

/// The format and size to capture in.
public struct CaptureMode: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    public var size: FrameSize
}

/// Picks the capture mode without asking the user: the requested size in MJPEG if the
/// camera offers it (small buffers, full resolution), else in YUYV, else a format libv4l2
/// converts to BGR; a size the camera does not offer gives way to the nearest it does.
public enum CaptureModeChooser {
    /// Lower is better; nil for formats the decoder cannot take.
    static func rank(_ format: FormatDescription) -> Int? {
        switch format.pixelFormat {
        case .mjpeg, .jpeg: format.isEmulated ? nil : 0
        case .yuyv: format.isEmulated ? nil : 1
        case .bgr24: 2
        default: nil
        }
    }

    public static func choose(from offers: [FormatOffer], wanted: FrameSize) -> CaptureMode? {
        var best: (key: (Int, Int, Double), mode: CaptureMode)?
        for offer in offers {
            guard let rank = rank(offer.format), let size = nearest(in: offer.sizes, to: wanted) else { continue }
            let key = (size == wanted ? 0 : 1, rank, distance(size, wanted))
            if best == nil || key < best!.key {
                best = (key, CaptureMode(pixelFormat: offer.format.pixelFormat, size: size))
            }
        }
        return best?.mode
    }

    /// The rate asked for if offered, else the fastest offered below it (a camera asked for
    /// more than it can give at this size), else its slowest; as asked when none are listed.
    public static func frameRate(_ wanted: Double, offered: [Double]) -> Double {
        guard let slowest = offered.min() else { return wanted }
        return offered.filter { $0 <= wanted + 0.01 }.max() ?? slowest
    }

    /// The offered size closest to `wanted` in area and shape.
    static func nearest(in sizes: FrameSizes, to wanted: FrameSize) -> FrameSize? {
        switch sizes {
        case .discrete(let list):
            return list.min { distance($0, wanted) < distance($1, wanted) }
        case .stepwise(let minimum, let maximum, let step):
            func fit(_ value: Int, _ low: Int, _ high: Int, _ step: Int) -> Int {
                let clamped = min(max(value, low), high)
                return low + (clamped - low) / step * step
            }
            return FrameSize(width: fit(wanted.width, minimum.width, maximum.width, step.width),
                             height: fit(wanted.height, minimum.height, maximum.height, step.height))
        }
    }

    /// How far apart two sizes are: area ratio and aspect ratio, both on a log scale, so
    /// 640x480 is as far below 1280x960 as 2560x1920 is above it.
    static func distance(_ a: FrameSize, _ b: FrameSize) -> Double {
        guard a.area > 0, b.area > 0 else { return .infinity }
        let area = abs(log(Double(a.area) / Double(b.area)))
        let aspect = abs(log((Double(a.width) / Double(a.height)) / (Double(b.width) / Double(b.height))))
        return area + 2 * aspect
    }
}
