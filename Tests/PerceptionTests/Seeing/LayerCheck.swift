// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import CVision
import CVisionTestHooks
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages

/// Swift faces of the shim's layer checks (CVisionLayerCheck.h).
enum LayerCheck {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func sigmoid(_ values: [Float], shape: [Int], kernels: CVision_LayerKernels) throws -> CVision_LayerCheckResult {
        try withTensor(values, shape) { pointer, shapePointer, dims, result, message, capacity in
            CVision_layer_check_sigmoid(pointer, shapePointer, dims, kernels, result, message, capacity)
        }
    }

    static func silu(_ values: [Float], shape: [Int], kernels: CVision_LayerKernels) throws -> CVision_LayerCheckResult {
        try withTensor(values, shape) { pointer, shapePointer, dims, result, message, capacity in
            CVision_layer_check_silu(pointer, shapePointer, dims, kernels, result, message, capacity)
        }
    }

    static func eltwise(_ operation: CVision_EltwiseOperation, _ a: [Float], _ b: [Float], shape: [Int],
                        kernels: CVision_LayerKernels) throws -> CVision_LayerCheckResult {
        try b.withUnsafeBufferPointer { second in
            try withTensor(a, shape) { first, shapePointer, dims, result, message, capacity in
                CVision_layer_check_eltwise(operation, first, second.baseAddress, shapePointer, dims, kernels, result,
                                            message, capacity)
            }
        }
    }

    static func slice(_ values: [Float], shape: [Int], begin: [Int32], end: [Int32],
                      steps: [Int32]) throws -> (result: CVision_LayerCheckResult, outputShape: [Int]) {
        var outputShape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        let result = try outputShape.withUnsafeMutableBufferPointer { output in
            try withTensor(values, shape) { pointer, shapePointer, dims, result, message, capacity in
                CVision_layer_check_slice(pointer, shapePointer, dims, begin, end, steps, Int32(begin.count), result,
                                          output.baseAddress, message, capacity)
            }
        }
        return (result, outputShape.prefix(shape.count).map { Int($0) })
    }

    static func maxPool(_ values: [Float], shape: [Int], kernel: Int32,
                        pad: Int32) throws -> (result: CVision_LayerCheckResult, outputShape: [Int]) {
        var outputShape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        let result = try outputShape.withUnsafeMutableBufferPointer { output in
            try withTensor(values, shape) { pointer, shapePointer, dims, result, message, capacity in
                CVision_layer_check_max_pool(pointer, shapePointer, dims, kernel, pad, result, output.baseAddress,
                                             message, capacity)
            }
        }
        return (result, outputShape.prefix(shape.count).map { Int($0) })
    }

    static func upsample(_ values: [Float], shape: [Int], factorY: Int32,
                         factorX: Int32) throws -> (result: CVision_LayerCheckResult, outputShape: [Int]) {
        var outputShape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        let result = try outputShape.withUnsafeMutableBufferPointer { output in
            try withTensor(values, shape) { pointer, shapePointer, _, result, message, capacity in
                CVision_layer_check_upsample(pointer, shapePointer, factorY, factorX, result, output.baseAddress,
                                             message, capacity)
            }
        }
        return (result, outputShape.prefix(4).map { Int($0) })
    }

    static func permute(_ values: [Float], shape: [Int], order: [Int32]) throws -> CVision_LayerCheckResult {
        try withTensor(values, shape) { pointer, shapePointer, dims, result, message, capacity in
            CVision_layer_check_permute(pointer, shapePointer, dims, order, result, message, capacity)
        }
    }

    /// A convolution of `values` with weights and bias drawn from `random` (uniform, scaled by
    /// 1 / √(terms) as a trained layer's roughly are).
    static func convolution(_ values: [Float], shape: [Int], random: inout SplitMix, outChannels: Int, kernel: Int,
                            stride: Int, pad: Int, group: Int, bias: Bool, sigmoid: Bool,
                            kernels: CVision_LayerKernels) throws -> (result: CVision_LayerCheckResult, outputShape: [Int]) {
        let terms = shape[1] / group * kernel * kernel
        let scale = Float(1 / Double(terms).squareRoot())
        let weights = random.floats(count: outChannels * terms, in: -scale...scale)
        let biases = bias ? random.floats(count: outChannels, in: -1...1) : []
        var outputShape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        let result = try outputShape.withUnsafeMutableBufferPointer { output in
            try weights.withUnsafeBufferPointer { w in
                try biases.withUnsafeBufferPointer { b in
                    try withTensor(values, shape) { pointer, shapePointer, _, result, message, capacity in
                        CVision_layer_check_convolution(pointer, shapePointer, w.baseAddress, Int32(outChannels),
                                                        Int32(kernel), Int32(stride), Int32(pad), Int32(group),
                                                        bias ? b.baseAddress : nil, sigmoid ? 1 : 0, kernels, result,
                                                        output.baseAddress, message, capacity)
                    }
                }
            }
        }
        return (result, outputShape.prefix(4).map { Int($0) })
    }

    static func eltwisePerPlane(_ operation: CVision_EltwiseOperation, _ a: [Float], shape: [Int], values: [Float],
                                kernels: CVision_LayerKernels) throws -> CVision_LayerCheckResult {
        precondition(values.count == shape[0] * shape[1])
        return try values.withUnsafeBufferPointer { planeValues in
            try withTensor(a, shape) { first, shapePointer, _, result, message, capacity in
                CVision_layer_check_eltwise_per_plane(operation, first, shapePointer, planeValues.baseAddress, kernels,
                                                      result, message, capacity)
            }
        }
    }

    static func globalAveragePool(_ values: [Float], shape: [Int],
                                  kernels: CVision_LayerKernels) throws -> CVision_LayerCheckResult {
        try withTensor(values, shape) { pointer, shapePointer, _, result, message, capacity in
            CVision_layer_check_global_average_pool(pointer, shapePointer, kernels, result, message, capacity)
        }
    }

    /// A transposed convolution of `values` with weights and bias drawn from `random` (scaled
    /// by 1 / √(channels), as a trained layer's roughly are).
    static func deconvolution(_ values: [Float], shape: [Int], random: inout SplitMix, outChannels: Int, kernel: Int,
                              stride: Int, bias: Bool, relu: Bool,
                              kernels: CVision_LayerKernels) throws -> (result: CVision_LayerCheckResult, outputShape: [Int]) {
        let scale = Float(1 / Double(shape[1]).squareRoot())
        let weights = random.floats(count: shape[1] * outChannels * kernel * kernel, in: -scale...scale)
        let biases = bias ? random.floats(count: outChannels, in: -1...1) : []
        var outputShape = [Int32](repeating: 0, count: Int(CVision_TensorMaxDims))
        let result = try outputShape.withUnsafeMutableBufferPointer { output in
            try weights.withUnsafeBufferPointer { w in
                try biases.withUnsafeBufferPointer { b in
                    try withTensor(values, shape) { pointer, shapePointer, _, result, message, capacity in
                        CVision_layer_check_deconvolution(pointer, shapePointer, w.baseAddress, Int32(outChannels),
                                                          Int32(kernel), Int32(stride), bias ? b.baseAddress : nil,
                                                          relu ? 1 : 0, kernels, result, output.baseAddress, message,
                                                          capacity)
                    }
                }
            }
        }
        return (result, outputShape.prefix(4).map { Int($0) })
    }

    private static func withTensor(
        _ values: [Float], _ shape: [Int],
        _ body: (UnsafePointer<Float>?, UnsafePointer<Int32>?, Int32, UnsafeMutablePointer<CVision_LayerCheckResult>,
                 UnsafeMutablePointer<CChar>, Int) -> CVision_Status
    ) throws -> CVision_LayerCheckResult {
        precondition(values.count == shape.reduce(1, *))
        let dims = shape.map { Int32($0) }
        var result = CVision_LayerCheckResult(max_difference: .infinity, ran_fast: 0)
        let status = values.withUnsafeBufferPointer { pointer in
            dims.withUnsafeBufferPointer { shapePointer in
                callShim { body(pointer.baseAddress, shapePointer.baseAddress, Int32(dims.count), &result, $0, $1) }
            }
        }
        guard status.status == CVision_OK else { throw Failed(description: status.message) }
        return result
    }
}

extension SplitMix {
    mutating func floats(count: Int, in range: ClosedRange<Float>) -> [Float] {
        (0..<count).map { _ in Float.random(in: range, using: &self) }
    }
}
