// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// PP-OCR's text-line orientation classifier.
public final class LineOrientation {
    private let handle: OpaquePointer

    public init(modelPath: String, layers: CVision_TextLayers = CVision_TextLayersFast) throws(SceneTextError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_text_orientation_create(modelPath, layers, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw .unreadable(path: modelPath, reason: result.message) }
        self.handle = handle
    }

    deinit { CVision_text_orientation_destroy(handle) }

    /// The probability that the line is upside down.
    public func upsideDown(_ line: Image) throws(SceneTextError) -> Double {
        var probability: Float = 0
        let result = callShim { CVision_text_orientation_run(handle, line.handle, &probability, $0, $1) }
        guard result.status == CVision_OK else { throw .failed(reason: result.message) }
        return Double(probability)
    }
}
