// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// How objects are detected and placed: `--min-confidence`, `--model`, `--hfov` and
/// `--input-size`, for `aware`, `batch`, `bench` and the awareness mode of `read` and `scan`.
public struct DetectionOptions: OptionGroup {
    public var minConfidence = DetectionSettings.defaultMinConfidence
    public var model: String?
    public var horizontalFieldOfView = NarrationPolicy().horizontalFieldOfView
    public var inputSize = ObjectDetector.defaultInputSize

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .number(\.minConfidence, "min-confidence", help: Message(.helpMinConfidence), in: 0...1),
        .text(\.model, "model", value: "file", help: Message(.helpModel)).defaulting(to: Message(.helpModelDefault)),
        // A lens narrower than 10° or wider than 170° is not a camera a person points at things.
        .number(\.horizontalFieldOfView, "hfov", value: "degrees", help: Message(.helpHfov), in: 10...170,
                unit: .expectedNumberOfDegrees),
        .value(\.inputSize, "input-size", value: "pixels", help: Message(.helpInputSize), expected: inputSizeExpected,
               shown: String(ObjectDetector.defaultInputSize), parse: inputSize(_:)),
    ]

    /// What an `--input-size` must be: completes "must be …".
    public static let inputSizeExpected = Message(.expectedInputSize, [
        "low": .integer(ObjectDetector.inputSizes.lowerBound), "high": .integer(ObjectDetector.inputSizes.upperBound),
    ])

    /// One input size as written, if the network takes it.
    @Sendable public static func inputSize(_ text: String) -> Int? {
        Int(text).flatMap { ObjectDetector.supports(inputSize: $0) ? $0 : nil }
    }

    /// The detector these options describe.
    public var detection: DetectionSettings {
        DetectionSettings(modelPath: model, inputSize: inputSize, minConfidence: minConfidence)
    }
}
