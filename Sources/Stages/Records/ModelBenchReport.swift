// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What `bench --model-only --report` writes: per input size, the forward pass's median,
/// 90th percentile, fastest and mean in milliseconds over the timed passes (fields described
/// in docs/records.md; its sentences are in Bench/BenchSummaries.swift).
public struct ModelBenchReport: Codable, Equatable, Sendable {
    public struct Size: Codable, Equatable, Sendable {
        public var inputSize: Int
        public var forwards: Int
        public var forwardMedian: Double
        public var forwardP90: Double
        public var forwardMin: Double
        public var forwardMean: Double
        /// The letterbox and blob, timed apart by the shim; not part of the forward.
        public var preprocessMedian: Double

        enum CodingKeys: String, CodingKey {
            case inputSize = "input_size", forwards
            case forwardMedian = "forward_median_ms", forwardP90 = "forward_p90_ms", forwardMin = "forward_min_ms"
            case forwardMean = "forward_mean_ms", preprocessMedian = "preprocess_median_ms"
        }

        public init(inputSize: Int, forwardSeconds: [Double], preprocessSeconds: [Double]) {
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

    public var kind = "model-only"
    public var sensecamVersion: String
    public var date = ISO8601DateFormatter().string(from: Date())
    public var model: String
    /// fast, stock or portable: whose layers ran the network.
    public var layers: String
    /// How many of the network's layers were the shim's own (0 with stock): what ran, not what was asked.
    public var fastLayers: Int
    /// A file's path, or `synthetic 1280x720`.
    public var image: String
    public var imageWidth: Int
    public var imageHeight: Int
    /// OpenCV's thread count during the forward passes.
    public var threads: Int
    /// Passes run and thrown away before the timed ones, at each size.
    public var warmUpForwards: Int
    public var forwards: Int
    public var machine = BenchReport.Machine.current()
    public var sizes: [Size]

    enum CodingKeys: String, CodingKey {
        case kind, sensecamVersion = "sensecam_version", date, model, layers, fastLayers = "fast_layers", image, imageWidth = "image_width",
             imageHeight = "image_height", threads, warmUpForwards = "warm_up_forwards", forwards, machine, sizes
    }

    public init(model: String, layers: String, fastLayers: Int, image: String, imageWidth: Int, imageHeight: Int, threads: Int,
                warmUpForwards: Int, forwards: Int, sizes: [Size], version: String) {
        sensecamVersion = version
        self.warmUpForwards = warmUpForwards
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

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

}
