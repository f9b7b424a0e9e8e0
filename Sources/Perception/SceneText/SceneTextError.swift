/// Why scene text could not start. Each description is one sentence naming the file and the fix.
public enum SceneTextError: Error, Equatable, CustomStringConvertible {
    case missing(file: String)
    case unreadable(path: String, reason: String)
    case failed(reason: String)

    public var description: String {
        switch self {
        case .missing(let file):
            return "The scene-text model \(file) was not found; run 'make setup' to fetch it."
        case .unreadable(let path, _):
            return "The scene-text model \(path) is damaged or not the expected model; run 'make setup' to fetch it again."
        case .failed(let reason):
            return "Reading scene text failed (\(reason)); try again, and report it if it keeps happening."
        }
    }
}
