import Perception

/// Options shared by the commands that detect objects or read text, declared once so their
/// names, defaults and checks cannot drift apart.
enum CommonOptions {
    static let json = OptionSpec.flag("json", help: "Print one JSON object instead of sentences.")
    static let minConfidence = OptionSpec.option(
        "min-confidence", help: "Keep detections at or above this confidence, from 0 to 1. Spoken captions use stricter bands.",
        default: "0.25")
    static let model = OptionSpec.option(
        "model", value: "file", help: "The YOLOX-Nano ONNX model (default: the one 'make setup' fetched into Models/).")
    static let hfov = OptionSpec.option(
        "hfov", value: "degrees", help: "The camera's horizontal field of view, used for directions.", default: "60")
    static let language = OptionSpec.option(
        "language", value: "code", help: "Tesseract language codes, joined by '+', e.g. eng+deu.", default: "eng")

    static let detectionOptions = [minConfidence, model, hfov]
    static let readingOptions = [language]

    /// Builds the aware analyzer from validated options; engine failures become one sentence.
    static func awareAnalyzer(_ command: ParsedCommand) throws -> () throws -> any ImageAnalyzer {
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        let hfov = try command.double("hfov", in: 10...170) ?? 60
        let modelPath: String
        do { modelPath = try ModelLocator.locate(explicit: command.value("model")) } catch { throw RuntimeFailure(error) }
        return {
            do {
                return AwareAnalyzer(detector: try ObjectDetector(modelPath: modelPath),
                                     describer: SceneDescriber(horizontalFieldOfView: hfov),
                                     minConfidence: minConfidence)
            } catch { throw RuntimeFailure(error) }
        }
    }

    static func readAnalyzer(_ command: ParsedCommand) throws -> () throws -> any ImageAnalyzer {
        let language = command.value("language") ?? "eng"
        guard language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" }), !language.isEmpty else {
            throw UsageError.invalidValue("--language", expected: "Tesseract language codes such as eng or eng+deu",
                                          got: language, path: command.path)
        }
        return {
            do {
                return ReadAnalyzer(recognizer: try TextRecognizer(language: language), describer: ReadingDescriber())
            } catch { throw RuntimeFailure(error) }
        }
    }
}
