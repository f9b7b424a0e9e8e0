// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// Finds the sheet of paper in camera frames and straightens it for OCR.
///
/// A page is the largest bright, convex, four-sided region, whole or running off the frame
/// (see `CVision_page_finder_find`). One finder per stream: it keeps its working buffers
/// between frames and is never used from two threads at once.
public final class PageFinder {
    /// A twentieth of the frame: a page pushed mostly out of view still shows this much at
    /// the border (enough to say which way to move), and smaller bright patches are more
    /// often lamps or windows than paper.
    public static let defaultMinimumFill = 0.05
    /// Long side of a flattened page: at ~2000 px a letter-size page comes out near 180 dpi,
    /// 12-point text about 30 px tall, in the range Tesseract reads best.
    public static let defaultFlattenedLongSide = 2000

    public let minimumFill: Double
    private let handle: OpaquePointer

    public init(minimumFill: Double = PageFinder.defaultMinimumFill) {
        var handle: OpaquePointer?
        let result = callShim { CVision_page_finder_create(&handle, $0, $1) }
        // Creating only allocates an empty struct; failing here means memory is exhausted.
        guard result.status == CVision_OK, let handle else { fatalError("Page finder: \(result.message)") }
        self.handle = handle
        self.minimumFill = minimumFill
    }

    deinit { CVision_page_finder_destroy(handle) }

    /// The page in `image`, or nil when none is in view. An internal OpenCV failure on one
    /// frame also counts as no page: the next frame tries again.
    public func find(in image: Image) -> PageOutline? {
        var outline = CVision_PageOutline()
        let result = callShim { CVision_page_finder_find(handle, image.handle, minimumFill, &outline, $0, $1) }
        guard result.status == CVision_OK, outline.found != 0 else { return nil }
        let c = withUnsafeBytes(of: outline.corners) { Array($0.bindMemory(to: Float.self)) }
        return PageOutline(corners: (0..<4).map { Point(x: Double(c[2 * $0]), y: Double(c[2 * $0 + 1])) })
    }

    /// Where the text is when no page border is seen (too close, or a page on a light
    /// table): the box around text-line-shaped marks, in the image's pixels; nil without text.
    public func findTextRegion(in image: Image) -> Box? {
        var found: Int32 = 0
        var box = [Float](repeating: 0, count: 4)
        let result = box.withUnsafeMutableBufferPointer { buffer in
            callShim { CVision_find_text_region(image.handle, &found, buffer.baseAddress, $0, $1) }
        }
        guard result.status == CVision_OK, found != 0 else { return nil }
        return Box(x: Double(box[0]), y: Double(box[1]), width: Double(box[2]), height: Double(box[3]))
    }

    /// The page cut out of `image` and warped to an upright rectangle with the paper's
    /// proportions and a long side of `longSide` pixels. Parts of the outline beyond the
    /// frame come out white. Nil only on an internal OpenCV failure.
    public func flatten(_ image: Image, outline: PageOutline, longSide: Int = PageFinder.defaultFlattenedLongSide) -> Image? {
        let aspect = outline.aspectRatio(frameWidth: image.width, frameHeight: image.height)
        let width = max(1, Int((aspect >= 1 ? Double(longSide) : Double(longSide) * aspect).rounded()))
        let height = max(1, Int((aspect >= 1 ? Double(longSide) / aspect : Double(longSide)).rounded()))
        let corners = outline.corners.flatMap { [Float($0.x), Float($0.y)] }
        var page: OpaquePointer?
        let result = corners.withUnsafeBufferPointer { buffer in
            callShim { CVision_flatten_page(image.handle, buffer.baseAddress, Int32(width), Int32(height), &page, $0, $1) }
        }
        guard result.status == CVision_OK, let page else { return nil }
        return Image(handle: page)
    }
}
