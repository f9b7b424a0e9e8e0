// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// PP-OCR's DB text detector: where the lines of text are in a picture.
///
/// Not thread-safe: one detector per worker thread.
public final class SceneTextDetector {
    private let handle: OpaquePointer
    let settings: CVision_TextDetectorSettings

    public init(modelPath: String, model: SceneTextModel, longerSideLimit: Int, layers: CVision_TextLayers = CVision_TextLayersFast)
        throws(SceneTextError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_text_detector_create(modelPath, layers, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw .unreadable(path: modelPath, reason: result.message) }
        self.handle = handle
        // The reference pipeline's settings (the models card), but for the cap on large photos.
        settings = CVision_TextDetectorSettings(
            shorter_side: 736, longer_side_limit: Int32(longerSideLimit), binarize_at: 0.2,
            minimum_box_score: model.minimumBoxScore, unclip_ratio: 1.4, max_candidates: 1000)
    }

    deinit { CVision_text_detector_destroy(handle) }

    /// The text regions, in the detector's order.
    public func detect(_ image: Image) throws(SceneTextError) -> [TextQuad] {
        var count: Int32 = 0
        var settings = self.settings
        let result = callShim { CVision_text_detector_run(handle, image.handle, &settings, &count, $0, $1) }
        guard result.status == CVision_OK else { throw .failed(reason: result.message) }
        return (0..<count).map { index in
            var box = CVision_TextBox()
            CVision_text_detector_box(handle, index, &box)
            let xs = withUnsafeBytes(of: box.x) { Array($0.bindMemory(to: Float.self)) }
            let ys = withUnsafeBytes(of: box.y) { Array($0.bindMemory(to: Float.self)) }
            return TextQuad(corners: (0..<4).map { Point(x: Double(xs[$0]), y: Double(ys[$0])) }, score: Double(box.score))
        }
    }

    /// The last detection's seconds in preparing the input, the forward pass and finding boxes.
    public var lastTimings: (preprocess: Double, forward: Double, postprocess: Double) {
        var pre = 0.0, forward = 0.0, post = 0.0
        CVision_text_detector_last_timings(handle, &pre, &forward, &post)
        return (pre, forward, post)
    }
}

extension Image {
    /// The region cut out with its perspective removed, upright (vertical lines turned to run across).
    func cutLine(_ quad: TextQuad) throws(SceneTextError) -> Image {
        var xs = quad.corners.map { Float($0.x) }, ys = quad.corners.map { Float($0.y) }
        var line: OpaquePointer?
        let result = callShim { CVision_text_line_cut(handle, &xs, &ys, &line, $0, $1) }
        guard result.status == CVision_OK, let line else { throw .failed(reason: result.message) }
        return Image(handle: line)
    }

    /// A copy turned half a turn.
    func turnedHalfway() throws(SceneTextError) -> Image {
        var turned: OpaquePointer?
        let result = callShim { CVision_image_rotate_half_turn(handle, &turned, $0, $1) }
        guard result.status == CVision_OK, let turned else { throw .failed(reason: result.message) }
        return Image(handle: turned)
    }
}
