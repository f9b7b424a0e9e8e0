// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

/// `bench --model-only`: the detector's forward pass alone, at one or more network input
/// sizes, on one letterboxed image. What the other engines in `bench/model.sh` are compared
/// with, so it times exactly what they time: the forward pass, not decoding a video, the
/// letterbox or the decoder (the shim times the forward apart, `ObjectDetector.lastTimings`).
struct ModelBench {
    static let defaultInputSizes = [320, 416, 512]
    /// Forward passes run and thrown away first: the first ones allocate buffers and warm caches.
    static let warmUpForwards = 5

    /// This mode's own options.
    struct ModelBenchOptions: OptionGroup {
        var modelOnly = false
        var forwards = 50
        var image: String?
        var layers = LayerChoice.fast

        init() {}

        static let options: [GroupOption<Self>] = [
            .flag(\.modelOnly, "model-only", help: Message(.helpModelOnly)),
            .wholeNumber(\.forwards, "forwards", value: "n", help: Message(.helpBenchForwards, ["warmUp": .integer(warmUpForwards)]),
                         in: 1...100_000),
            .text(\.image, "image", value: "file",
                  help: Message(.helpBenchImage))
                .defaulting(to: Message(.helpBenchImageDefault, ["width": .integer(syntheticWidth), "height": .integer(syntheticHeight)])),
            .choice(\.layers, "layers", value: "kind", help: Message(.helpBenchLayers)),
        ]
    }

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

    /// The detector's `--input-size`, worded for both benchmarks: one size for a video, or
    /// several here.
    static let inputSize = DetectionOptions.option("input-size").with(help: Message(.helpBenchInputSize), shown: .some(nil))
        .defaulting(to: Message(.helpBenchInputSizeDefault, [
            "default": .integer(ObjectDetector.defaultInputSize),
            "sizes": .text(defaultInputSizes.map(String.init).joined(separator: ",")),
        ])).spec

    /// This mode's options, declared in `BenchCommand.spec`.
    static let specs = [ModelBenchOptions.option("model-only").spec, inputSize] + ModelBenchOptions.specs.filter { $0.long != "model-only" }

    let sizes: [Int]
    let forwardCount: Int
    let imagePath: String?
    let layerChoice: LayerChoice
    let detection: DetectionSettings
    let reportPath: String?

    /// Checks the command line before anything is loaded, so a mistake is said at once.
    init(_ command: ParsedCommand, detection: DetectionSettings, reportPath: String?) throws(UsageError) {
        let options = try ModelBenchOptions(command)
        let given = try Self.inputSizes(command)
        sizes = given.isEmpty ? Self.defaultInputSizes : given
        forwardCount = options.forwards
        imagePath = options.image
        layerChoice = options.layers
        self.detection = detection
        self.reportPath = reportPath
    }

    /// Every `--input-size` text, commas splitting a value into several.
    static func inputSizeTexts(_ command: ParsedCommand) -> [String] {
        command.values("input-size").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every `--input-size`, in the order given, each once; each checked by the detector's own rule.
    static func inputSizes(_ command: ParsedCommand) throws(UsageError) -> [Int] {
        var sizes: [Int] = []
        for text in inputSizeTexts(command) {
            guard let size = DetectionOptions.inputSize(text) else {
                throw .invalidValue("--input-size", expected: DetectionOptions.inputSizeExpected, got: text, path: command.path)
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    func run(in context: SessionContext) throws -> Int32 {
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
        if let reportPath { try BenchCommand.write(try report.json(), to: reportPath, what: .benchTheReport) }
        for line in report.summary(context.wording) { context.console.report(line) }
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
