/// Why the detector could not start. Each description is one sentence with the fix.
public enum ModelError: Error, Equatable, CustomStringConvertible {
    case missing(searched: [String])
    case unreadable(path: String, reason: String)
    case unexpectedOutput(path: String, detail: String)

    public var description: String {
        switch self {
        case .missing(let searched) where searched.count == 1:
            return "The detector model \(searched[0]) was not found; check the --model path, or run 'make setup' to fetch the model."
        case .missing(let searched):
            return "The detector model yolox_nano.onnx was not found (looked in \(searched.joined(separator: ", "))); run 'make setup' to fetch it, or name it with --model."
        case .unreadable(let path, _):
            return "The detector model \(path) is damaged or not an ONNX model; run 'make setup' to fetch it again."
        case .unexpectedOutput(let path, let detail):
            return "The detector model \(path) is not YOLOX-Nano (\(detail)); run 'make setup' to fetch the right one."
        }
    }
}
