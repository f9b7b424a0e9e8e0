import Foundation
import Perception

/// `bench --model-only`: the detector's forward pass alone, at one or more network input
/// sizes, on one letterboxed image. What the other engines in `bench/model.sh` are compared
/// with, so it times exactly what they time: the forward pass, not decoding a video, the
/// letterbox or the decoder (the shim times the forward apart, `ObjectDetector.lastTimings`).
enum ModelBench {
    static let defaultInputSizes = [320, 416, 512]
    static let defaultForwards = 50
    /// Forward passes run and thrown away first: the first ones allocate buffers and warm caches.
    static let warmUpForwards = 5

    /// This mode's options, declared in `BenchCommand.spec`; `--input-size` also gives the video
    /// benchmark its one size, as in `aware`.
    static let options: [OptionSpec] = [
        .flag("model-only", help: "Time the detector's forward pass alone on one image, at each --input-size, instead of a video."),
        .option("input-size", value: "pixels",
                help: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects. "
                    + "With --model-only, repeat it or separate sizes with commas to time several. (default: 416; with --model-only, 320,416,512)"),
        .option("forwards", value: "n",
                help: "With --model-only, how many forward passes to time at each size, after \(warmUpForwards) warm-up passes. "
                    + "(default: \(defaultForwards))"),
        .option("image", value: "file",
                help: "With --model-only, the image to letterbox. (default: a synthetic 1280x720 picture, the same every run)"),
        .option("layers", value: "kind",
                help: "With --model-only, whose layers run the network: fast (the shim's), stock (OpenCV 4.6's own, to compare) "
                    + "or portable (the shim's without AVX).",
                default: "fast", allowed: ["fast", "stock", "portable"]),
    ]

    /// Options of the video benchmark that mean nothing for the network alone.
    static let videoOnlyOptions = ["video", "mode", "every-frame", "realtime", "frames", "chart", "compare", "language"]

    /// Checks the command line before anything is loaded, so a mistake is said at once.
    static func validate(_ command: ParsedCommand) throws(UsageError) -> (sizes: [Int], forwards: Int) {
        for name in videoOnlyOptions where BenchCommand.given(name, in: command) {
            throw UsageError(message: "'--\(name)' does not go with '--model-only', which times the network alone on one image.",
                             path: command.path)
        }
        return (try inputSizes(command), try command.int("forwards", in: 1...100_000) ?? defaultForwards)
    }

    static func layers(_ command: ParsedCommand) -> ObjectDetector.Layers {
        switch command.value("layers") {
        case "stock": .stock
        case "portable": .portable
        default: .fast
        }
    }

    /// Every `--input-size` as written, commas splitting a value into several.
    static func inputSizeTexts(_ command: ParsedCommand) -> [String] {
        command.values("input-size").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every `--input-size`, in the order given, each once, checked by the same rule as the
    /// other detection commands' single size.
    static func inputSizes(_ command: ParsedCommand) throws(UsageError) -> [Int] {
        let texts = inputSizeTexts(command)
        guard !texts.isEmpty else { return defaultInputSizes }
        var sizes: [Int] = []
        for text in texts {
            let size = try CommonOptions.inputSize(text, path: command.path)
            if !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let (sizes, forwards) = try validate(command)
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        let reportPath = command.value("report")

        let modelPath: String
        let image: Image
        let imageName: String
        let detectors: [ObjectDetector]
        do {
            modelPath = try ModelLocator.locate(explicit: command.value("model"))
            if let path = command.value("image") {
                image = try ImageFile.load(path)
                imageName = path
            } else {
                image = try syntheticImage()
                imageName = "synthetic \(syntheticWidth)x\(syntheticHeight)"
            }
            detectors = try sizes.map { try ObjectDetector(modelPath: modelPath, inputSize: $0, layers: layers(command)) }
        } catch { throw RuntimeFailure(error) }
        let threads = OpenCVThreads.current

        // Round-robin over the sizes, one forward each in turn, so a burst of noise from the
        // machine's other tenants falls on every size alike rather than on one of them.
        var forwardSeconds = Array(repeating: [Double](), count: sizes.count)
        var preprocessSeconds = Array(repeating: [Double](), count: sizes.count)
        do {
            for pass in 0..<(warmUpForwards + forwards) {
                for (index, detector) in detectors.enumerated() {
                    _ = try detector.detect(in: image, minConfidence: minConfidence)
                    guard pass >= warmUpForwards else { continue }
                    forwardSeconds[index].append(detector.lastTimings.inference ?? 0)
                    preprocessSeconds[index].append(detector.lastTimings.preprocess ?? 0)
                }
            }
        } catch { throw RuntimeFailure(error) }

        let report = ModelBenchReport(
            model: modelPath, layers: command.value("layers") ?? "fast", fastLayers: detectors[0].fastLayerCounts.layers,
            image: imageName, imageWidth: image.width,
            imageHeight: image.height, threads: threads,
            forwards: forwards,
            sizes: sizes.indices.map {
                .init(inputSize: sizes[$0], forwardSeconds: forwardSeconds[$0], preprocessSeconds: preprocessSeconds[$0])
            })
        if let reportPath { try BenchCommand.write(try report.json(), to: reportPath, what: "the report") }
        for line in report.summary { console.report(line) }
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

/// What `bench --model-only --report` writes: per input size, the forward pass's median,
/// 90th percentile, fastest and mean in milliseconds over the timed passes.
struct ModelBenchReport: Codable, Equatable {
    struct Size: Codable, Equatable {
        var inputSize: Int
        var forwards: Int
        var forwardMedian: Double
        var forwardP90: Double
        var forwardMin: Double
        var forwardMean: Double
        /// The letterbox and blob, timed apart by the shim; not part of the forward.
        var preprocessMedian: Double

        enum CodingKeys: String, CodingKey {
            case inputSize = "input_size", forwards
            case forwardMedian = "forward_median_ms", forwardP90 = "forward_p90_ms", forwardMin = "forward_min_ms"
            case forwardMean = "forward_mean_ms", preprocessMedian = "preprocess_median_ms"
        }

        init(inputSize: Int, forwardSeconds: [Double], preprocessSeconds: [Double]) {
            let sorted = forwardSeconds.map { $0 * 1000 }.sorted()
            self.inputSize = inputSize
            forwards = sorted.count
            forwardMedian = Self.rounded(BenchReport.Latency.percentile(sorted, 0.5) ?? 0)
            forwardP90 = Self.rounded(BenchReport.Latency.percentile(sorted, 0.9) ?? 0)
            forwardMin = Self.rounded(sorted.first ?? 0)
            forwardMean = Self.rounded(sorted.reduce(0, +) / Double(max(1, sorted.count)))
            preprocessMedian = Self.rounded(BenchReport.Latency.percentile(preprocessSeconds.map { $0 * 1000 }.sorted(), 0.5) ?? 0)
        }

        /// Microseconds are the clock's useful resolution here; more digits would be noise.
        static func rounded(_ milliseconds: Double) -> Double { (milliseconds * 1000).rounded() / 1000 }
    }

    var kind = "model-only"
    var sensecamVersion = Version.current
    var date = ISO8601DateFormatter().string(from: Date())
    var model: String
    /// fast, stock or portable: whose layers ran the network.
    var layers: String
    /// How many of the network's layers were the shim's own (0 with stock): what ran, not what was asked.
    var fastLayers: Int
    /// A file's path, or `synthetic 1280x720`.
    var image: String
    var imageWidth: Int
    var imageHeight: Int
    /// OpenCV's thread count during the forward passes.
    var threads: Int
    var warmUpForwards = ModelBench.warmUpForwards
    var forwards: Int
    var machine = BenchReport.Machine.current()
    var sizes: [Size]

    enum CodingKeys: String, CodingKey {
        case kind, sensecamVersion = "sensecam_version", date, model, layers, fastLayers = "fast_layers", image, imageWidth = "image_width",
             imageHeight = "image_height", threads, warmUpForwards = "warm_up_forwards", forwards, machine, sizes
    }

    init(model: String, layers: String, fastLayers: Int, image: String, imageWidth: Int, imageHeight: Int, threads: Int,
         forwards: Int, sizes: [Size]) {
        self.model = model
        self.layers = layers
        self.fastLayers = fastLayers
        self.image = image
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.threads = threads
        self.forwards = forwards
        self.sizes = sizes
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// One sentence per size, then one for what ran where.
    var summary: [String] {
        let threadWords = threads == 1 ? "1 thread" : "\(threads) threads"
        let picture = image.hasPrefix("synthetic") ? "a synthetic \(imageWidth)x\(imageHeight) picture"
            : "\(URL(fileURLWithPath: image).lastPathComponent) (\(imageWidth)x\(imageHeight))"
        return sizes.map {
            "Input \($0.inputSize): \(Self.number($0.forwardMedian)) ms a forward (median of \($0.forwards); "
                + "p90 \(Self.number($0.forwardP90))), \(threadWords)\(layers == "fast" ? "" : ", \(layers) layers")."
        } + ["Model \(URL(fileURLWithPath: model).lastPathComponent) on \(picture), after \(warmUpForwards) warm-up passes a size; "
             + "machine: \(machine.cores) cores, \(machine.cpuModel); sensecam \(sensecamVersion)."]
    }

    static func number(_ milliseconds: Double) -> String { String(format: "%.1f", milliseconds) }
}
