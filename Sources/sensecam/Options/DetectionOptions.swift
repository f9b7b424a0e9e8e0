import Perception

/// How objects are detected and placed: `--min-confidence`, `--model`, `--hfov` and
/// `--input-size`, for `aware`, `batch`, `bench` and the awareness mode of `read`.
struct DetectionOptions {
    static let minConfidence: Option<Double> = .number(
        "min-confidence", help: "Keep detections at or above this confidence, from 0 to 1. Spoken captions use stricter bands.",
        default: DetectionSettings.defaultMinConfidence, in: 0...1)
    static let model: Option<String?> = .text(
        "model", value: "file", help: "The YOLOX-Nano ONNX model (default: the one 'make setup' fetched into Models/).")
    static let hfov: Option<Double> = .number(
        "hfov", value: "degrees", help: "The camera's horizontal field of view, used for directions.",
        default: NarrationPolicy().horizontalFieldOfView, in: 10...170, unit: "degrees")
    static let inputSize = Option<Int>(
        "input-size", value: "pixels",
        help: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects.",
        expected: inputSizeExpected, default: ObjectDetector.defaultInputSize, shown: String(ObjectDetector.defaultInputSize),
        parse: inputSize(_:))

    static let specs = [minConfidence.spec, model.spec, hfov.spec, inputSize.spec]

    /// What an `--input-size` must be: completes "must be …".
    static let inputSizeExpected = "a multiple of 32 from \(ObjectDetector.inputSizes.lowerBound) to \(ObjectDetector.inputSizes.upperBound), such as 320 or 416"

    /// One input size as written, if the network takes it.
    @Sendable static func inputSize(_ text: String) -> Int? {
        Int(text).flatMap { ObjectDetector.supports(inputSize: $0) ? $0 : nil }
    }

    var detection: DetectionSettings
    var horizontalFieldOfView: Double

    init(_ command: ParsedCommand) throws(UsageError) {
        detection = DetectionSettings(modelPath: try Self.model.value(in: command),
                                      inputSize: try Self.inputSize.value(in: command),
                                      minConfidence: try Self.minConfidence.value(in: command))
        horizontalFieldOfView = try Self.hfov.value(in: command)
    }

    /// The first of these options the command line gives, for a command that takes them only
    /// in some of its modes.
    static func firstGiven(in command: ParsedCommand) -> String? {
        specs.map(\.long).first { command.isGiven($0) }
    }
}
