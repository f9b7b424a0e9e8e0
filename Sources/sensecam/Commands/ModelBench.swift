import Foundation
import Perception

/// `bench --model-only`: the detector's forward pass alone, at one or more network input
/// sizes, on one letterboxed image. What the other engines in `bench/model.sh` are compared
/// with, so it times exactly what they time: the forward pass, not decoding a video, the
/// letterbox or the decoder (the shim times the forward apart, `ObjectDetector.lastTimings`).
struct ModelBench {
    static let defaultInputSizes = [320, 416, 512]
    /// Forward passes run and thrown away first: the first ones allocate buffers and warm caches.
    static let warmUpForwards = 5

    static let modelOnly = Flag(
        "model-only", help: "Time the detector's forward pass alone on one image, at each --input-size, instead of a video.")
    /// The one `--input-size` of the video benchmark, or several here; read by `inputSizes`.
    static let inputSize = OptionSpec.option(
        "input-size", value: "pixels",
        help: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects. "
            + "With --model-only, repeat it or separate sizes with commas to time several. (default: \(ObjectDetector.defaultInputSize); "
            + "with --model-only, \(defaultInputSizes.map(String.init).joined(separator: ",")))")
    static let forwards: Option<Int> = .wholeNumber(
        "forwards", value: "n",
        help: "With --model-only, how many forward passes to time at each size, after \(warmUpForwards) warm-up passes.",
        default: 50, in: 1...100_000)
    static let image: Option<String?> = .text(
        "image", value: "file",
        help: "With --model-only, the image to letterbox. (default: a synthetic \(syntheticWidth)x\(syntheticHeight) picture, the same every run)")
    static let layers: Option<LayerChoice> = .choice(
        "layers", value: "kind",
        help: "With --model-only, whose layers run the network: fast (the shim's), stock (OpenCV 4.6's own, to compare) "
            + "or portable (the shim's without AVX).",
        default: .fast)

    /// `--layers`, by the names a report writes.
    enum LayerChoice: String, CaseIterable, Sendable {
        case fast, stock, portable

        var layers: ObjectDetector.Layers {
            switch self {
            case .fast: .fast
            case .stock: .stock
            case .portable: .portable
            }
        }
    }

    /// This mode's options, declared in `BenchCommand.spec`.
    static let specs = [modelOnly.spec, inputSize, forwards.spec, image.spec, layers.spec]
    /// Options only this mode takes.
    static let ownOptions = [forwards.long, image.long, layers.long]

    let sizes: [Int]
    let forwardCount: Int
    let imagePath: String?
    let layerChoice: LayerChoice
    let detection: DetectionSettings
    let reportPath: String?

    /// Checks the command line before anything is loaded, so a mistake is said at once.
    init(_ command: ParsedCommand, detection: DetectionSettings, reportPath: String?) throws(UsageError) {
        for name in BenchCommand.videoOnlyOptions where command.isGiven(name) {
            throw UsageError(message: "'--\(name)' does not go with '--model-only', which times the network alone on one image.",
                             path: command.path)
        }
        let given = try Self.inputSizes(command)
        sizes = given.isEmpty ? Self.defaultInputSizes : given
        forwardCount = try Self.forwards.value(in: command)
        imagePath = try Self.image.value(in: command)
        layerChoice = try Self.layers.value(in: command)
        self.detection = detection
        self.reportPath = reportPath
    }

    /// Every `--input-size`, in the order given, each once, commas splitting a value into
    /// several; each checked by the detector's own rule.
    static func inputSizes(_ command: ParsedCommand) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        let texts = command.values(inputSize.long).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        for text in texts.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let size = DetectionOptions.inputSize(text) else {
                throw .invalidValue("--input-size", expected: DetectionOptions.inputSizeExpected, got: text, path: command.path)
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    func run(in context: CommandContext) throws -> Int32 {
        let modelPath: String
        let image: Image
        let imageName: String
        let detectors: [ObjectDetector]
        do {
            modelPath = try ModelLocator.locate(explicit: detection.modelPath)
            if let imagePath {
                image = try ImageFile.load(imagePath)
                imageName = imagePath
            } else {
                image = try Self.syntheticImage()
                imageName = "synthetic \(Self.syntheticWidth)x\(Self.syntheticHeight)"
            }
            detectors = try sizes.map { try ObjectDetector(modelPath: modelPath, inputSize: $0, layers: layerChoice.layers) }
        } catch { throw RuntimeFailure(error) }
        let threads = OpenCVThreads.current

        // Round-robin over the sizes, one forward each in turn, so a burst of noise from the
        // machine's other tenants falls on every size alike rather than on one of them.
        var forwardSeconds = Array(repeating: [Double](), count: sizes.count)
        var preprocessSeconds = Array(repeating: [Double](), count: sizes.count)
        do {
            for pass in 0..<(Self.warmUpForwards + forwardCount) {
                for (index, detector) in detectors.enumerated() {
                    _ = try detector.detect(in: image, minConfidence: detection.minConfidence)
                    guard pass >= Self.warmUpForwards else { continue }
                    forwardSeconds[index].append(detector.lastTimings.inference ?? 0)
                    preprocessSeconds[index].append(detector.lastTimings.preprocess ?? 0)
                }
            }
        } catch { throw RuntimeFailure(error) }

        let report = ModelBenchReport(
            model: modelPath, layers: layerChoice.rawValue, fastLayers: detectors[0].fastLayerCounts.layers,
            image: imageName, imageWidth: image.width, imageHeight: image.height, threads: threads,
            warmUpForwards: Self.warmUpForwards, forwards: forwardCount,
            sizes: sizes.indices.map {
                .init(inputSize: sizes[$0], forwardSeconds: forwardSeconds[$0], preprocessSeconds: preprocessSeconds[$0])
            },
            version: Version.current)
        if let reportPath { try BenchCommand.write(try report.json(), to: reportPath, what: "the report") }
        for line in report.summary(.english) { context.console.report(line) }
        return 0
    }

    static let syntheticWidth = 1280
    static let syntheticHeight = 720

    /// A picture any machine can make without data files, the same bytes every run (and in
    /// `bench/peer_forward.py`, which draws it with the same rule): blue rises left to right,
    /// green top to bottom, red is a checkerboard of 40-pixel squares. A dense network's
    /// forward pass costs the same whatever the pixels are, so a photograph would time the same;
    /// 1280x720 is a camera's frame, so the letterbox scales and pads as it does live.
    static func syntheticImage() throws -> Image {
        let width = syntheticWidth, height = syntheticHeight
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / (width - 1))
                pixels[offset + 1] = UInt8(y * 255 / (height - 1))
                pixels[offset + 2] = (x / 40 + y / 40) % 2 == 0 ? 0 : 255
            }
        }
        return try pixels.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: width * 3) }
    }
}
