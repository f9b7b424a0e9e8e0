/// Why the detector could not start. Each description is one sentence with the fix.
public enum ModelError: Error, Equatable, CustomStringConvertible {
    case missing(searched: [String])
    case unreadable(path: String, reason: String)
    case unexpectedOutput(path: String, detail: String)

    public var description: String {
        switch self {
        case .missing(let searched):
            let places = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
            return "The detector model yolox_nano.onnx was not found\(places); run 'make setup' to fetch it, or pass --model FILE."
        case .unreadable(let path, _):
            return "The detector model \(path) is damaged or not an ONNX model; run 'make setup' to fetch it again."
        case .unexpectedOutput(let path, let detail):
            return "The detector model \(path) is not YOLOX-Nano (\(detail)); run 'make setup' to fetch the right one."
        }
    }
}
