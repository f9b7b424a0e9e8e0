import Perception

/// `--mode aware|read|scan` of `batch` and `bench`: which pipeline runs.
public enum Mode: String, CaseIterable, Sendable {
    case aware, read, scan

    /// The pipeline a still image (a batch item) goes through.
    public var imagePipeline: ImagePipeline {
        switch self {
        case .aware: .awareness
        case .read: .reading
        case .scan: .scan
        }
    }

    /// The pipeline a video goes through.
    public var streamPipeline: StreamPipeline {
        switch self {
        case .aware: .awareness
        case .read: .pageReading
        case .scan: .scanning
        }
    }
}
