// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import CVision
import CVisionTestHooks
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// The shim's fast DNN layers against OpenCV 4.6's own: each layer on random and on real
/// tensors, then the whole detector on real images. Every check also asserts that the fast
/// layer really computed its result (rather than handing the case to OpenCV's layer), so a
/// silent fallback cannot pass for agreement.
@Suite("DetectorLayers") struct DetectorLayersTests {
    /// Stated bounds. Sigmoid: the fast exp is within 2e-7 of the exact value and OpenCV's
    /// expf-based Sigmoid within 6e-8, so they differ by at most 3e-7 absolute (1.2e-7 measured,
    /// here and over every 1.4e-4 step of [-120, 120]). SiLU, x / (1 + e^-x) against OpenCV's
    /// x · Sigmoid(x): at most 3e-7 · max(1, |x|) (2.0e-7 measured). Slice, Permute and
    /// element-wise sum, product and max copy or round exactly as OpenCV does: 0.
    static let sigmoidBound = 3e-7
    static let siluScaledBound = 3e-7
    /// Convolution: the same float32 sum b + Σ w·x as OpenCV's in another order (and with fused
    /// multiply-adds), so |fast - stock| <= 2·(n + 1)·2^-24 · (|b| + Σ|w·x|) for n terms (at most
    /// 2304 here: 3e-4 in theory, the rounding errors being far from all aligned). Stated bound:
    /// 1e-5 of |b| + Σ|w·x|. With a Sigmoid after it (fused by OpenCV, a separate layer after the
    /// fast convolution): |Δ| <= |Δconv| / 4 + sigmoidBound, asserted absolute at 1e-5.
    static let convolutionScaledBound = 1e-5
    static let convolutionSigmoidBound = 1e-5

    /// Every build of the kernels: the CPU's best (AVX-512 where present), AVX2+FMA and portable.
    static let kernels: [CVision_LayerKernels] = [CVision_LayerKernelsBest, CVision_LayerKernelsAVX2,
                                                  CVision_LayerKernelsPortable]

    /// Shapes with odd sizes, a 1-D one, tiny ones and one big enough to run on several threads.
    static let shapes: [[Int]] = [[1], [1, 1, 1, 1], [1, 3, 7, 5], [2, 5, 9, 11], [1, 16, 13, 13], [1, 8, 33, 47],
                                  [100_003], [1, 64, 52, 52]]

    // MARK: Random inputs

    @Test(arguments: shapes, kernels)
    func sigmoidMatchesOpenCVOnRandomValues(shape: [Int], kernels: CVision_LayerKernels) throws {
        var random = SplitMix(seed: UInt64(shape.reduce(7, *)))
        let values = random.floats(count: shape.reduce(1, *), in: -20...20)
        let result = try LayerCheck.sigmoid(values, shape: shape, kernels: kernels)
        #expect(result.ran_fast == 1)
        #expect(result.max_difference <= Self.sigmoidBound, "Sigmoid differs by \(result.max_difference)")
    }

    @Test(arguments: kernels)
    func sigmoidMatchesOpenCVAtTheExtremes(kernels: CVision_LayerKernels) throws {
        // Far past the exp's clamp on both sides, and the exact points where it clamps.
        var values: [Float] = [-1000, -200, -100, -88, -87, -20, -1e-6, 0, 1e-6, 20, 87, 88, 100, 200, 1000]
        values += stride(from: Float(-120), through: 120, by: 0.01).map { $0 }
        let result = try LayerCheck.sigmoid(values, shape: [values.count], kernels: kernels)
        #expect(result.ran_fast == 1)
        #expect(result.max_difference <= Self.sigmoidBound, "Sigmoid differs by \(result.max_difference)")
    }

    @Test(arguments: shapes, kernels)
    func fusedSiLUMatchesOpenCVsSigmoidAndMul(shape: [Int], kernels: CVision_LayerKernels) throws {
        var random = SplitMix(seed: UInt64(shape.reduce(11, *)))
        let values = random.floats(count: shape.reduce(1, *), in: -20...20)
        let result = try LayerCheck.silu(values, shape: shape, kernels: kernels)
        #expect(result.ran_fast == 1, "the Sigmoid and Mul were not fused")
        #expect(result.max_difference <= Self.siluScaledBound, "SiLU differs by \(result.max_difference) · max(1, |x|)")
    }

    @Test(arguments: [CVision_EltwiseSum, CVision_EltwiseProduct, CVision_EltwiseMax], kernels)
    func eltwiseIsExactlyOpenCVs(operation: CVision_EltwiseOperation, kernels: CVision_LayerKernels) throws {
        for shape in Self.shapes {
            var random = SplitMix(seed: UInt64(shape.reduce(13, *)))
            let count = shape.reduce(1, *)
            let a = random.floats(count: count, in: -50...50), b = random.floats(count: count, in: -50...50)
            let result = try LayerCheck.eltwise(operation, a, b, shape: shape, kernels: kernels)
            #expect(result.ran_fast == 1)
            #expect(result.max_difference == 0, "shape \(shape): differs by \(result.max_difference)")
        }
    }

    /// Slices as OpenCV's ONNX importer passes them: begin, end and steps along leading axes.
    struct SliceCase: Sendable, CustomStringConvertible {
        var shape: [Int]
        var begin: [Int32], end: [Int32], steps: [Int32]
        var expected: [Int]
        var description: String { "\(shape) [\(begin) ..< \(end) by \(steps)]" }
    }

    static let maxEnd = Int32.max
    static let sliceCases: [SliceCase] = [
        // The Focus stem's four slices (rows, then columns, each from 0 or 1 by 2), odd sizes too.
        SliceCase(shape: [1, 3, 416, 416], begin: [0, 0, 0], end: [maxEnd, maxEnd, maxEnd], steps: [1, 1, 2], expected: [1, 3, 208, 416]),
        SliceCase(shape: [1, 3, 208, 416], begin: [0, 0, 0, 1], end: [maxEnd, maxEnd, maxEnd, maxEnd], steps: [1, 1, 1, 2], expected: [1, 3, 208, 208]),
        SliceCase(shape: [1, 3, 33, 17], begin: [0, 0, 1], end: [maxEnd, maxEnd, maxEnd], steps: [1, 1, 2], expected: [1, 3, 16, 17]),
        SliceCase(shape: [1, 3, 33, 17], begin: [0, 0, 0, 0], end: [maxEnd, maxEnd, maxEnd, maxEnd], steps: [1, 1, 1, 2], expected: [1, 3, 33, 9]),
        // Plain ranges, negative ends counted from the back, steps of 3, a channel slice.
        SliceCase(shape: [2, 5, 9, 11], begin: [0, 1, 2, 3], end: [2, 4, -1, -2], steps: [1, 1, 3, 2], expected: [2, 3, 2, 3]),
        SliceCase(shape: [1, 85, 52, 52], begin: [0, 4], end: [maxEnd, 5], steps: [1, 1], expected: [1, 1, 52, 52]),
        SliceCase(shape: [1, 7, 13], begin: [0, -5, 2], end: [1, maxEnd, 100], steps: [1, 2, 5], expected: [1, 3, 3]),
    ]

    @Test(arguments: sliceCases)
    func sliceIsExactlyOpenCVs(slice: SliceCase) throws {
        var random = SplitMix(seed: 17)
        let values = random.floats(count: slice.shape.reduce(1, *), in: -100...100)
        let (result, outputShape) = try LayerCheck.slice(values, shape: slice.shape, begin: slice.begin, end: slice.end,
                                                        steps: slice.steps)
        #expect(outputShape == slice.expected)
        #expect(result.ran_fast == 1)
        #expect(result.max_difference == 0)
    }

    @Test(arguments: [([1, 85, 3549], [0, 2, 1]), ([2, 3, 5, 7], [0, 3, 1, 2]), ([4, 33, 17], [2, 0, 1]),
                      ([3, 5], [1, 0]), ([2, 3, 4], [0, 1, 2])])
    func permuteIsExactlyOpenCVs(shape: [Int], order: [Int32]) throws {
        var random = SplitMix(seed: 19)
        let values = random.floats(count: shape.reduce(1, *), in: -100...100)
        let result = try LayerCheck.permute(values, shape: shape, order: order)
        #expect(result.ran_fast == 1)
        #expect(result.max_difference == 0)
    }

    @Test(arguments: [([1, 256, 13, 13], 5, 2), ([1, 256, 13, 13], 13, 6), ([2, 3, 17, 9], 9, 4), ([1, 4, 20, 31], 3, 0),
                      ([1, 2, 6, 5], 7, 3)])
    func maxPoolIsExactlyOpenCVs(shape: [Int], kernel: Int32, pad: Int32) throws {
        var random = SplitMix(seed: 23)
        let values = random.floats(count: shape.reduce(1, *), in: -100...100)
        let (result, outputShape) = try LayerCheck.maxPool(values, shape: shape, kernel: kernel, pad: pad)
        let side = { (size: Int) in size + 2 * Int(pad) - Int(kernel) + 1 }
        #expect(outputShape == [shape[0], shape[1], side(shape[2]), side(shape[3])])
        #expect(result.ran_fast == 1)
        #expect(result.max_difference == 0)
    }

    /// YOLOX's neck upsamples 13x13 and 26x26 maps by 2; other whole factors and odd sizes too.
    @Test(arguments: [([1, 128, 13, 13], 2, 2), ([1, 64, 26, 26], 2, 2), ([2, 3, 5, 7], 3, 2), ([1, 2, 1, 1], 1, 4)])
    func nearestUpsamplingIsExactlyOpenCVs(shape: [Int], factorY: Int32, factorX: Int32) throws {
        var random = SplitMix(seed: 31)
        let values = random.floats(count: shape.reduce(1, *), in: -100...100)
        let (result, outputShape) = try LayerCheck.upsample(values, shape: shape, factorY: factorY, factorX: factorX)
        #expect(outputShape == [shape[0], shape[1], shape[2] * Int(factorY), shape[3] * Int(factorX)])
        #expect(result.ran_fast == 1)
        #expect(result.max_difference == 0)
    }

    /// Convolutions as YOLOX-Nano has them (1x1 pointwise, the dense 3x3 stem, depthwise 3x3 at
    /// strides 1 and 2) and others (1x1 at stride 2, 3x3 at stride 2, 5x5, a grouped one), odd sizes.
    struct ConvolutionCase: Sendable, CustomStringConvertible {
        var shape: [Int]
        var outChannels: Int, kernel: Int, stride: Int, pad: Int, group: Int = 1
        var bias = true, sigmoid = false
        /// The fast layer takes group 1, and depthwise 3x3 at stride 1.
        var fast: Bool { group == 1 || (group == shape[1] && outChannels == group && kernel == 3 && stride == 1) }
        var expected: [Int] {
            let side = { (size: Int) in (size + 2 * pad - kernel) / stride + 1 }
            return [shape[0], outChannels, side(shape[2]), side(shape[3])]
        }
        var description: String {
            "\(shape) -> \(outChannels) k\(kernel) s\(stride) p\(pad) g\(group)\(bias ? "" : " no bias")\(sigmoid ? " + sigmoid" : "")"
        }
    }

    static let convolutionCases: [ConvolutionCase] = [
        ConvolutionCase(shape: [1, 16, 13, 13], outChannels: 32, kernel: 1, stride: 1, pad: 0),
        ConvolutionCase(shape: [1, 32, 9, 11], outChannels: 16, kernel: 1, stride: 1, pad: 0, bias: false),
        ConvolutionCase(shape: [2, 5, 7, 3], outChannels: 7, kernel: 1, stride: 1, pad: 0),
        ConvolutionCase(shape: [1, 64, 52, 52], outChannels: 64, kernel: 1, stride: 1, pad: 0),
        ConvolutionCase(shape: [1, 256, 13, 13], outChannels: 256, kernel: 1, stride: 1, pad: 0),
        ConvolutionCase(shape: [1, 64, 26, 26], outChannels: 80, kernel: 1, stride: 1, pad: 0, sigmoid: true),
        ConvolutionCase(shape: [1, 64, 13, 13], outChannels: 1, kernel: 1, stride: 1, pad: 0, sigmoid: true),
        ConvolutionCase(shape: [1, 8, 17, 15], outChannels: 9, kernel: 1, stride: 2, pad: 0),
        ConvolutionCase(shape: [1, 12, 33, 47], outChannels: 16, kernel: 3, stride: 1, pad: 1),
        ConvolutionCase(shape: [1, 12, 33, 47], outChannels: 16, kernel: 3, stride: 1, pad: 1, bias: false),
        ConvolutionCase(shape: [2, 3, 19, 21], outChannels: 5, kernel: 3, stride: 2, pad: 1),
        ConvolutionCase(shape: [1, 4, 11, 10], outChannels: 6, kernel: 5, stride: 1, pad: 2),
        ConvolutionCase(shape: [1, 256, 7, 5], outChannels: 3, kernel: 3, stride: 1, pad: 0),
        // Read in place at stride 1: two images, rows longer than one block, and a padded 1x1.
        ConvolutionCase(shape: [2, 6, 10, 70], outChannels: 11, kernel: 3, stride: 1, pad: 1),
        ConvolutionCase(shape: [1, 5, 6, 9], outChannels: 4, kernel: 1, stride: 1, pad: 1),
        ConvolutionCase(shape: [1, 16, 13, 11], outChannels: 16, kernel: 3, stride: 1, pad: 1, group: 16),
        ConvolutionCase(shape: [2, 5, 9, 1], outChannels: 5, kernel: 3, stride: 1, pad: 1, group: 5, bias: false),
        ConvolutionCase(shape: [1, 3, 6, 7], outChannels: 3, kernel: 3, stride: 1, pad: 0, group: 3),
        ConvolutionCase(shape: [1, 64, 52, 52], outChannels: 64, kernel: 3, stride: 1, pad: 1, group: 64),
        // Handed to OpenCV: depthwise at stride 2 and other grouped convolutions.
        ConvolutionCase(shape: [1, 16, 13, 11], outChannels: 16, kernel: 3, stride: 2, pad: 1, group: 16),
        ConvolutionCase(shape: [1, 8, 9, 9], outChannels: 8, kernel: 1, stride: 1, pad: 0, group: 2),
    ]

    @Test(arguments: convolutionCases, kernels)
    func convolutionMatchesOpenCV(convolution: ConvolutionCase, kernels: CVision_LayerKernels) throws {
        let c = convolution
        var random = SplitMix(seed: UInt64(c.shape.reduce(29, *) + c.kernel))
        let input = random.floats(count: c.shape.reduce(1, *), in: -3...3)
        let (result, outputShape) = try LayerCheck.convolution(input, shape: c.shape, random: &random,
                                                               outChannels: c.outChannels, kernel: c.kernel,
                                                               stride: c.stride, pad: c.pad, group: c.group,
                                                               bias: c.bias, sigmoid: c.sigmoid, kernels: kernels)
        #expect(outputShape == c.expected)
        if c.fast {
            #expect(result.ran_fast == 1)
            let bound = c.sigmoid ? Self.convolutionSigmoidBound : Self.convolutionScaledBound
            #expect(result.max_difference <= bound, "\(c): differs by \(result.max_difference)")
        } else {
            #expect(result.ran_fast == 0, "this grouped convolution should stay OpenCV's")
            #expect(result.max_difference == 0)
        }
    }

    // MARK: Real inputs: the tensors the network feeds these layers for a real picture

    static let realImage = "detect/coco-val/images/000000000139.jpg"

    @Test func layersMatchOpenCVOnTheNetworksOwnTensors() throws {
        let image = try ImageFile.load(try TestResources.file(Self.realImage).path)
        let stock = try ObjectDetector(modelPath: try TestResources.modelPath(), layers: .stock)

        // The Focus stem: rows from the input, then columns from the rows.
        let input = try stock.tensor("", for: image)
        #expect(input.shape == [1, 3, 416, 416])
        for begin: Int32 in [0, 1] {
            let rows = try LayerCheck.slice(input.values, shape: input.shape, begin: [0, 0, begin],
                                            end: [Self.maxEnd, Self.maxEnd, Self.maxEnd], steps: [1, 1, 2])
            #expect(rows.outputShape == [1, 3, 208, 416])
            #expect(rows.result.ran_fast == 1 && rows.result.max_difference == 0)
        }
        let evenRows = try stock.tensor("onnx_node!Slice_4", for: image)
        for begin: Int32 in [0, 1] {
            let columns = try LayerCheck.slice(evenRows.values, shape: evenRows.shape, begin: [0, 0, 0, begin],
                                               end: [Self.maxEnd, Self.maxEnd, Self.maxEnd, Self.maxEnd], steps: [1, 1, 1, 2])
            #expect(columns.outputShape == [1, 3, 208, 208])
            #expect(columns.result.ran_fast == 1 && columns.result.max_difference == 0)
        }

        // SiLU inputs (convolution outputs before their Sigmoid) at three scales.
        for (layer, shape) in [("onnx_node!Conv_41", [1, 16, 208, 208]), ("onnx_node!Conv_296", [1, 256, 13, 13]),
                               ("onnx_node!Conv_381", [1, 64, 13, 13])] {
            let x = try stock.tensor(layer, for: image)
            #expect(x.shape == shape)
            #expect(x.values.contains { $0 < -1 } && x.values.contains { $0 > 1 }, "\(layer) gave no pre-activation values")
            for kernels in Self.kernels {
                let result = try LayerCheck.silu(x.values, shape: x.shape, kernels: kernels)
                #expect(result.ran_fast == 1)
                #expect(result.max_difference <= Self.siluScaledBound, "\(layer): \(result.max_difference)")
            }
        }

        // The head's Sigmoids (objectness and class logits), fused into their convolutions.
        for layer in ["onnx_node!Conv_328", "onnx_node!Conv_314"] {
            let logits = try stock.tensor(layer, for: image)
            #expect(logits.values.contains { $0 < 0 }, "\(layer) gave probabilities, not logits")
            for kernels in Self.kernels {
                let result = try LayerCheck.sigmoid(logits.values, shape: logits.shape, kernels: kernels)
                #expect(result.ran_fast == 1)
                #expect(result.max_difference <= Self.sigmoidBound, "\(layer): \(result.max_difference)")
            }
        }

        // The SPP block's three max pools on its real input.
        let spp = try stock.tensor("onnx_node!Mul_170", for: image)
        #expect(spp.shape == [1, 128, 13, 13])
        for (kernel, pad): (Int32, Int32) in [(5, 2), (9, 4), (13, 6)] {
            let pooled = try LayerCheck.maxPool(spp.values, shape: spp.shape, kernel: kernel, pad: pad)
            #expect(pooled.outputShape == spp.shape)
            #expect(pooled.result.ran_fast == 1 && pooled.result.max_difference == 0)
        }

        // Convolutions on the tensors that feed them (random weights of the layer's shape): the
        // stem's 3x3 on the Focus output, pointwise ones at 104² and 13², the head's class and
        // objectness convolutions with their Sigmoids, a depthwise 3x3 at 104².
        for (layer, shape, outChannels, kernel, pad, group, sigmoid) in [
            ("onnx_node!Concat_40", [1, 12, 208, 208], 16, 3, 1, 1, false), ("onnx_node!Mul_46", [1, 16, 104, 104], 32, 1, 0, 1, false),
            ("onnx_node!Concat_295", [1, 256, 13, 13], 256, 1, 0, 1, false), ("onnx_node!Mul_313", [1, 64, 52, 52], 80, 1, 0, 1, true),
            ("onnx_node!Mul_326", [1, 64, 52, 52], 1, 1, 0, 1, true), ("onnx_node!Mul_58", [1, 16, 104, 104], 16, 3, 1, 16, false),
        ] {
            let x = try stock.tensor(layer, for: image)
            #expect(x.shape == shape)
            for kernels in Self.kernels {
                var random = SplitMix(seed: 31)
                let (result, outputShape) = try LayerCheck.convolution(x.values, shape: x.shape, random: &random,
                                                                       outChannels: outChannels, kernel: kernel, stride: 1,
                                                                       pad: pad, group: group,
                                                                       bias: true, sigmoid: sigmoid,
                                                                       kernels: kernels)
                #expect(outputShape == [1, outChannels, shape[2], shape[3]])
                #expect(result.ran_fast == 1)
                let bound = sigmoid ? Self.convolutionSigmoidBound : Self.convolutionScaledBound
                #expect(result.max_difference <= bound, "\(layer): \(result.max_difference)")
            }
        }

        // A residual Add, and the head's transpose of 85 x 3549 values.
        let a = try stock.tensor("onnx_node!Mul_64", for: image), b = try stock.tensor("onnx_node!Mul_52", for: image)
        #expect(a.shape == [1, 16, 104, 104] && b.shape == a.shape)
        let sum = try LayerCheck.eltwise(CVision_EltwiseSum, a.values, b.values, shape: a.shape, kernels: CVision_LayerKernelsBest)
        #expect(sum.ran_fast == 1 && sum.max_difference == 0)
        let head = try stock.tensor("onnx_node!Concat_422", for: image)
        #expect(head.shape == [1, 85, 3549])
        let transposed = try LayerCheck.permute(head.values, shape: head.shape, order: [0, 2, 1])
        #expect(transposed.ran_fast == 1 && transposed.max_difference == 0)
    }

    // MARK: The whole detector

    static let images = ["000000000139.jpg", "000000000632.jpg", "000000000776.jpg", "000000000802.jpg",
                         "000000000885.jpg", "000000001268.jpg"]

    @Test(.needsTestData("detect/coco-val"), arguments: [ObjectDetector.Layers.fast, .portable])
    func fastDetectorFindsWhatTheStockOneFinds(layers: ObjectDetector.Layers) throws {
        let model = try TestResources.modelPath()
        let stock = try ObjectDetector(modelPath: model, layers: .stock)
        let fast = try ObjectDetector(modelPath: model, layers: layers)
        #expect(stock.fastLayerCounts.layers == 0 && stock.fastLayerCounts.fusedSiLU == 0)
        // 342 fast layers: 107 convolutions (all but the 6 depthwise ones at stride 2), the 2
        // upsamplings, and 104 Mul layers computing whole SiLUs.
        #expect(fast.fastLayerCounts.layers >= 340 && fast.fastLayerCounts.fusedSiLU >= 100,
                "only \(fast.fastLayerCounts) fast layers")

        var compared = 0
        for name in Self.images {
            let image = try ImageFile.load(try TestResources.file("detect/coco-val/images/\(name)").path)
            // Both at a lower threshold, so a detection near 0.25 cannot fall out on one side only.
            let expected = try stock.detect(in: image, minConfidence: 0.2)
            var found = try fast.detect(in: image, minConfidence: 0.2)
            for detection in expected where detection.confidence >= 0.2501 {
                let match = found.firstIndex {
                    $0.classIndex == detection.classIndex && abs($0.confidence - detection.confidence) <= 1e-4
                        && Self.boxDistance($0.box, detection.box) <= 0.5
                }
                #expect(match != nil, "\(name): the fast detector lost \(detection)")
                if let match { found.remove(at: match) }
                compared += 1
            }
            let extra = found.filter { $0.confidence >= 0.2501 }
            #expect(extra.isEmpty, "\(name): the fast detector also found \(extra)")
        }
        #expect(compared >= 10, "too few detections to compare")
    }

    static func boxDistance(_ a: Box, _ b: Box) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.x + a.width - b.x - b.width), abs(a.y + a.height - b.y - b.height))
    }
}
