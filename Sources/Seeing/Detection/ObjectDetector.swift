// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// YOLOX-Nano through OpenCV DNN: one network, created once, reused for every image.
///
/// Not thread-safe: one detector per worker thread (a Stage is never called concurrently).
public final class ObjectDetector {
    /// The model's published input size; other multiples of 32 work with the same decoder.
    public static let defaultInputSize = 416
    /// Input sizes the network takes: multiples of 32 (its three strides divide them) from
    /// 128 (below, the coarsest grid is 4x4 cells) to 1280 (above, a forward takes seconds).
    public static let inputSizes = 128...1280

    public static func supports(inputSize: Int) -> Bool {
        inputSize % 32 == 0 && inputSizes.contains(inputSize)
    }

    /// Which implementation of the network's layers runs the forward pass.
    public enum Layers: Sendable, CaseIterable {
        /// The shim's layers (convolutions through a packed GEMM, vectorised Sigmoid, SiLU fused
        /// into its Mul, Focus slices and the head's transpose as plain copies, separable max
        /// pooling, nearest upsampling) on the widest instruction set the CPU has: 3.8 times
        /// faster than OpenCV 4.6's own at 416, with the same detections.
        case fast
        /// OpenCV 4.6's own layers, to compare against.
        case stock
        /// The shim's layers built for the baseline instruction set only (no AVX): the path a CPU
        /// without AVX2 takes, so tests can check it on any machine.
        case portable

        var shimValue: CVision_DetectorLayers {
            switch self {
            case .fast: CVision_DetectorLayersFast
            case .stock: CVision_DetectorLayersStock
            case .portable: CVision_DetectorLayersPortable
            }
        }
    }

    public let modelPath: String
    public let layers: Layers
    public let decoder: YOLOXDecoder
    /// Keeps the forward pass on the calling thread (the shim's layers, which do nearly all the
    /// work), for several networks side by side, one per core.
    public var runsOnOneThread = false {
        didSet { CVision_detector_set_single_threaded(handle, runsOnOneThread ? 1 : 0) }
    }
    /// The last `detect`'s preprocess, inference and postprocess seconds (the other steps nil).
    public private(set) var lastTimings = StageTimings()
    /// For the test hooks' tensor readout (CameraTestSupport), which is not part of the product.
    package let handle: OpaquePointer

    /// Reads the model and runs one forward pass on a blank image, so the first real image
    /// pays no set-up cost.
    public init(modelPath: String, inputSize: Int = defaultInputSize,
                classNames: [String] = COCOClasses.names, layers: Layers = .fast) throws(ModelError) {
        var handle: OpaquePointer?
        let result = callShim { CVision_detector_create(modelPath, Int32(inputSize), layers.shimValue, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else {
            throw .unreadable(path: modelPath, reason: result.message)
        }
        self.handle = handle
        self.modelPath = modelPath
        self.layers = layers
        self.decoder = YOLOXDecoder(inputSize: inputSize, classNames: classNames)
    }

    deinit { CVision_detector_destroy(handle) }

    /// Every detection at or above `minConfidence`, most confident first, boxes in the
    /// image's pixels.
    public func detect(in image: Image, minConfidence: Double) throws(ModelError) -> [Detection] {
        var output: UnsafePointer<Float>?
        var rows: Int32 = 0, columns: Int32 = 0
        var scale = 1.0
        let result = callShim { CVision_detector_run(handle, image.handle, &output, &rows, &columns, &scale, $0, $1) }
        guard result.status == CVision_OK, let output else {
            throw .unexpectedOutput(path: modelPath, detail: result.message)
        }
        guard Int(rows) == decoder.expectedRows, Int(columns) == decoder.expectedColumns else {
            throw .wrongShape(path: modelPath, rows: Int(rows), columns: Int(columns),
                              expectedRows: decoder.expectedRows, expectedColumns: decoder.expectedColumns)
        }
        var preprocess = 0.0, inference = 0.0
        CVision_detector_last_timings(handle, &preprocess, &inference)
        lastTimings.preprocess = preprocess
        lastTimings.inference = inference
        let buffer = UnsafeBufferPointer(start: output, count: Int(rows) * Int(columns))
        return MonotonicClock.timed(&lastTimings.postprocess) {
            decoder.decode(buffer, scale: scale, imageWidth: image.width, imageHeight: image.height,
                           minConfidence: minConfidence)
        }
    }

    /// How many of the network's layers are the shim's fast ones, and how many Sigmoid+Mul
    /// pairs run fused (both 0 with `.stock`): what runs, for benchmark reports and tests.
    public var fastLayerCounts: (layers: Int, fusedSiLU: Int) {
        var layers: Int32 = 0, fused: Int32 = 0
        CVision_detector_fast_layers(handle, &layers, &fused)
        return (Int(layers), Int(fused))
    }
}
