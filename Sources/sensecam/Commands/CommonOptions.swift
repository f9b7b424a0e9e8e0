import Foundation
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

    static let everyFrame = OptionSpec.flag(
        "every-frame", help: "Process every frame, however long it takes, instead of keeping up with the video's own pace (for evaluation).")
    /// check-camera's output: its status lines as sentences or as JSON Lines.
    static let output = OptionSpec.option("output", value: "format", help: "How narration is written.", default: "text",
                                          allowed: ["text", "jsonl"])

    static let inputSize = OptionSpec.option(
        "input-size", value: "pixels",
        help: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects.",
        default: String(ObjectDetector.defaultInputSize))

    static let detectionOptions = [minConfidence, model, hfov, inputSize]

    /// The model and the input size the detection options ask for.
    struct Detector {
        var modelPath: String
        var inputSize: Int

        func make() throws(ModelError) -> ObjectDetector { try ObjectDetector(modelPath: modelPath, inputSize: inputSize) }
    }

    /// `--model` located and `--input-size` checked: any multiple of 32 the network's three
    /// strides divide, within what a forward pass can afford.
    static func detector(_ command: ParsedCommand) throws -> Detector {
        let size = try inputSize(command)
        do { return Detector(modelPath: try ModelLocator.locate(explicit: command.value("model")), inputSize: size) }
        catch { throw RuntimeFailure(error) }
    }

    /// Below 128 the coarsest grid is 4x4 cells; above 1280 a forward takes seconds.
    static let inputSizes = 128...1280

    static func inputSize(_ command: ParsedCommand) throws(UsageError) -> Int {
        guard let text = command.value("input-size") else { return ObjectDetector.defaultInputSize }
        return try inputSize(text, path: command.path)
    }

    /// One `--input-size` value, as written.
    static func inputSize(_ text: String, path: [String]) throws(UsageError) -> Int {
        guard let size = Int(text), size % 32 == 0, inputSizes.contains(size) else {
            throw .invalidValue("--input-size", expected: "a multiple of 32 from \(inputSizes.lowerBound) to \(inputSizes.upperBound), such as 320 or 416",
                                got: text, path: path)
        }
        return size
    }

    static let captions = OptionSpec.option(
        "captions", value: "file", help: "Also write the narration as a timed caption track (.vtt or .srt) in the video's time.")

    /// `--video FILE` (with what the command does with it), `--every-frame`, `--captions`, and
    /// the output options (`--profile`, `--output`, `--voice-rate`).
    static func streamOptions(video help: String) -> [OptionSpec] {
        [.option("video", value: "file", help: help), everyFrame, captions] + OutputOptions.all
    }

    /// Checks the stream options against an image argument: exactly one of the two.
    static func videoPath(_ command: ParsedCommand) throws(UsageError) -> String? {
        guard let video = command.value("video") else {
            for name in ["every-frame", "captions"] where command.flag(name) || !command.values(name).isEmpty {
                throw UsageError(message: "'--\(name)' applies only to --video.", path: command.path)
            }
            return nil
        }
        if let captions = command.value("captions"), CaptionTrack.Format(fileName: captions) == nil {
            throw UsageError.invalidValue("--captions", expected: "a file name ending in .vtt or .srt", got: captions,
                                          path: command.path)
        }
        if let image = command.argument("image") { throw .unexpectedArgument(image, path: command.path) }
        return video
    }

    /// Runs a stream to its end, its narration going to the channels the profile and
    /// `--output` choose.
    static func run(_ makeEngine: () throws -> StreamEngine, command: ParsedCommand, console: Console) throws -> Int32 {
        let plan = try OutputOptions.plan(command)
        let speech = try OutputOptions.speechSettings(command)
        let engine: StreamEngine
        do { engine = try makeEngine() } catch { throw RuntimeFailure(error) }
        let router = OutputAssembly.router(plan, speech: speech, console: console, captions: try captionTrack(command))
        return try narrate(router) { _ = try engine.run { router.render($0) } }
    }

    /// Runs `body`, then lets queued speech finish. A failure is said once, through the
    /// router (spoken to a listener, printed otherwise), and ends the command with status 1.
    static func narrate(_ router: OutputRouter, _ body: () throws -> Void) throws -> Int32 {
        do {
            try body()
        } catch {
            var failure = RuntimeFailure(error)
            router.report(failure.description, kind: .error)
            router.finish()
            failure.alreadySaid = true
            throw failure
        }
        router.finish()
        return 0
    }

    /// The caption track `--captions FILE` asks for, writing to a file created now (so a
    /// folder that cannot be written is said before the video is processed).
    static func captionTrack(_ command: ParsedCommand) throws -> CaptionTrack? {
        guard let path = command.value("captions"), let format = CaptionTrack.Format(fileName: path) else { return nil }
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure("Cannot write captions to \(path); choose a folder you can write to.")
        }
        return CaptionTrack(format: format) { text in file.write(Data(text.utf8)) }
    }

    static func clock(_ command: ParsedCommand) -> StreamClock {
        command.flag("every-frame") ? .everyFrame : .realTime
    }
    static let readingOptions = [language]

    /// Builds the aware analyzer from validated options; engine failures become one sentence.
    static func awareAnalyzer(_ command: ParsedCommand) throws -> () throws -> any ImageAnalyzer {
        let minConfidence = try command.double("min-confidence", in: 0...1) ?? 0.25
        let hfov = try command.double("hfov", in: 10...170) ?? 60
        let detector = try detector(command)
        return {
            do {
                return AwareAnalyzer(detector: try detector.make(),
                                     describer: SceneDescriber(horizontalFieldOfView: hfov),
                                     minConfidence: minConfidence)
            } catch { throw RuntimeFailure(error) }
        }
    }

    /// The `--language` value, checked to be Tesseract language codes.
    static func language(_ command: ParsedCommand) throws(UsageError) -> String {
        let language = command.value("language") ?? "eng"
        guard language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" }), !language.isEmpty else {
            throw UsageError.invalidValue("--language", expected: "Tesseract language codes such as eng or eng+deu",
                                          got: language, path: command.path)
        }
        return language
    }

    static func readAnalyzer(_ command: ParsedCommand) throws -> () throws -> any ImageAnalyzer {
        let language = try language(command)
        return {
            do {
                return ReadAnalyzer(recognizer: try TextRecognizer(language: language), describer: ReadingDescriber())
            } catch { throw RuntimeFailure(error) }
        }
    }

    /// The frames awareness reads from a recording: every frame is detected ahead on one
    /// single-threaded network per core, side by side (the stage then only tracks and
    /// narrates); in real time, the video itself.
    static func awarenessSource(_ video: any FrameSource, clock: StreamClock, detector: Detector,
                                minConfidence: Double) throws -> any FrameSource {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard clock == .everyFrame, cores > 1 else { return video }
        let detectors = try (0..<cores).map { _ in try detector.make() }
        return LookaheadDetection(source: video, detectors: detectors, minConfidence: minConfidence)
    }
}
