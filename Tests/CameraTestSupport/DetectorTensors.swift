// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import CVisionTestHooks
import Perception

extension ObjectDetector {
    /// One tensor of the network for `image` (letterboxed as `detect` does): the input blob when
    /// `layer` is empty, else that layer's output; row-major values and their shape. For the
    /// layer checks, through the test hooks.
    public func tensor(_ layer: String, for image: Image) throws(ModelError) -> (values: [Float], shape: [Int]) {
        var values: UnsafeMutablePointer<Float>?
        var shape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        var dims: Int32 = 0
        let result = shape.withUnsafeMutableBufferPointer { shapeBuffer in
            callShim { CVision_detector_tensor(handle, image.handle, layer, &values, shapeBuffer.baseAddress, &dims, $0, $1) }
        }
        guard result.status == CVision_OK, let values else {
            throw .unexpectedOutput(path: modelPath, detail: result.message)
        }
        defer { CVision_buffer_destroy(values) }
        let sizes = shape.prefix(Int(dims)).map { Int($0) }
        return (Array(UnsafeBufferPointer(start: values, count: sizes.reduce(1, *))), sizes)
    }
}
