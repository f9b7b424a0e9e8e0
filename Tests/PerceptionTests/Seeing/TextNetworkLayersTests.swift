// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import CVision
import CVisionTestHooks
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Rendering

/// The fast layers the PP-OCR text networks brought (per-channel gates, global average
/// pooling, the DB head's deconvolution) against OpenCV 4.6's own, on random tensors in the
/// networks' shapes and on odd ones. As in the detector's checks, each also asserts that the
/// fast layer computed its result itself, so a silent fallback cannot pass for agreement.
@Suite("TextNetworkLayers") struct TextNetworkLayersTests {
    /// Stated bounds. A tensor times or plus one value per plane rounds once, as OpenCV does: 0.
    /// Global average pooling: a float32 sum of n values in another order than OpenCV's, so the
    /// means differ by at most about n·2^-24 · mean |x| (6e-3 for the largest plane here, far
    /// less in practice as the roundings do not align); asserted at 1e-5 of mean |x|.
    /// Deconvolution: as a convolution, 1e-5 of |b| + Σ|w·x|.
    static let averageScaledBound = 1e-5
    static let deconvolutionScaledBound = 1e-5

    static let kernels = DetectorLayersTests.kernels

    /// The text detector's gate shapes (scaled down), one big enough to run on several threads,
    /// odd ones, one plane of one value.
    static let planeShapes: [[Int]] = [[1, 96, 46, 82], [1, 48, 92, 164], [2, 5, 9, 11], [1, 3, 1, 7], [1, 1, 1, 1]]

    @Test(arguments: [CVision_EltwiseProduct, CVision_EltwiseSum], kernels)
    func perPlaneGateIsExactlyOpenCVs(operation: CVision_EltwiseOperation, kernels: CVision_LayerKernels) throws {
        for shape in Self.planeShapes {
            var random = SplitMix(seed: UInt64(shape.reduce(37, *)))
            let a = random.floats(count: shape.reduce(1, *), in: -50...50)
            let values = random.floats(count: shape[0] * shape[1], in: 0...1)
            let result = try LayerCheck.eltwisePerPlane(operation, a, shape: shape, values: values, kernels: kernels)
            #expect(result.ran_fast == 1, "shape \(shape): handed to OpenCV")
            #expect(result.max_difference == 0, "shape \(shape): differs by \(result.max_difference)")
        }
    }

    @Test func perPlaneMaximumStaysOpenCVs() throws {
        var random = SplitMix(seed: 41)
        let shape = [1, 4, 5, 6]
        let a = random.floats(count: shape.reduce(1, *), in: -1...1), values = random.floats(count: 4, in: -1...1)
        let result = try LayerCheck.eltwisePerPlane(CVision_EltwiseMax, a, shape: shape, values: values,
                                                    kernels: CVision_LayerKernelsBest)
        #expect(result.ran_fast == 0)
        #expect(result.max_difference == 0)
    }

    @Test(arguments: kernels)
    func globalAveragePoolingMatchesOpenCV(kernels: CVision_LayerKernels) throws {
        // The detector's largest plane (184 x 328), an offset that makes cancellation matter, odd sizes.
        for (shape, offset) in [([1, 8, 184, 328], Float(0)), ([1, 4, 92, 164], 40), ([2, 3, 7, 5], 0), ([1, 2, 1, 1], 0),
                                ([1, 5, 1, 17], -3)] {
            var random = SplitMix(seed: UInt64(shape.reduce(43, *)))
            let values = random.floats(count: shape.reduce(1, *), in: -5...5).map { $0 + offset }
            let result = try LayerCheck.globalAveragePool(values, shape: shape, kernels: kernels)
            #expect(result.ran_fast == 1, "shape \(shape): handed to OpenCV")
            #expect(result.max_difference <= Self.averageScaledBound, "shape \(shape): differs by \(result.max_difference)")
        }
    }

    struct DeconvolutionCase: Sendable, CustomStringConvertible {
        var shape: [Int]
        var outChannels: Int, kernel: Int, stride: Int
        var bias = true, relu = false
        /// The fast layer takes kernel = stride.
        var fast: Bool { kernel == stride }
        var expected: [Int] {
            [shape[0], outChannels, (shape[2] - 1) * stride + kernel, (shape[3] - 1) * stride + kernel]
        }
        var description: String {
            "\(shape) -> \(outChannels) k\(kernel) s\(stride)\(bias ? "" : " no bias")\(relu ? " + relu" : "")"
        }
    }

    static let deconvolutionCases: [DeconvolutionCase] = [
        // The DB head's two, scaled down: 24 to 24 channels then to 1, each 2x2 at stride 2.
        DeconvolutionCase(shape: [1, 24, 46, 82], outChannels: 24, kernel: 2, stride: 2, relu: true),
        DeconvolutionCase(shape: [1, 24, 40, 70], outChannels: 1, kernel: 2, stride: 2),
        // Rows longer than one block and an odd tail, two images, 3x3 at stride 3, no bias.
        DeconvolutionCase(shape: [2, 5, 3, 61], outChannels: 7, kernel: 2, stride: 2, bias: false),
        DeconvolutionCase(shape: [1, 3, 5, 4], outChannels: 2, kernel: 3, stride: 3, relu: true),
        DeconvolutionCase(shape: [1, 4, 1, 1], outChannels: 3, kernel: 1, stride: 1),
        // Handed to OpenCV: overlapping windows.
        DeconvolutionCase(shape: [1, 4, 6, 5], outChannels: 3, kernel: 3, stride: 2),
    ]

    @Test(arguments: deconvolutionCases, kernels)
    func deconvolutionMatchesOpenCV(deconvolution: DeconvolutionCase, kernels: CVision_LayerKernels) throws {
        let d = deconvolution
        var random = SplitMix(seed: UInt64(d.shape.reduce(47, *) + d.kernel))
        let input = random.floats(count: d.shape.reduce(1, *), in: -3...3)
        let (result, outputShape) = try LayerCheck.deconvolution(input, shape: d.shape, random: &random,
                                                                 outChannels: d.outChannels, kernel: d.kernel,
                                                                 stride: d.stride, bias: d.bias, relu: d.relu,
                                                                 kernels: kernels)
        #expect(outputShape == d.expected)
        if d.fast {
            #expect(result.ran_fast == 1, "\(d): handed to OpenCV\(d.relu ? ", or the ReLU not taken in" : "")")
            #expect(result.max_difference <= Self.deconvolutionScaledBound, "\(d): differs by \(result.max_difference)")
        } else {
            #expect(result.ran_fast == 0, "overlapping windows should stay OpenCV's")
            #expect(result.max_difference == 0)
        }
    }
}
