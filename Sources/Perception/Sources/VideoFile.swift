import CVision
import Foundation

/// Why a video could not be used. Each description is one sentence with the fix.
public enum VideoError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path) does not exist; check the path."
        case .unreadable(let path, _):
            return "\(path) could not be opened as a video; use a file FFmpeg can play, such as MP4, MKV or WebM."
        }
    }
}

/// A recorded video, decoded frame by frame through OpenCV's FFmpeg backend. Timestamps
/// are the frames' presentation times.
public final class VideoFile: FrameSource {
    public let path: String
    public let isLive = false
    /// The container's frame rate, when it states one.
    public let framesPerSecond: Double?
    /// The container's frame count, when it states one: what a benchmark sizes its timing buffer by.
    public let frameCount: Int?
    private let handle: OpaquePointer
    private var nextIndex = 0

    public init(path: String) throws(VideoError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        var handle: OpaquePointer?
        let result = callShim { CVision_video_create(path, &handle, $0, $1) }
        guard result.status == CVision_OK, let handle else { throw .unreadable(path: path, reason: result.message) }
        self.handle = handle
        self.path = path
        let fps = CVision_video_frames_per_second(handle)
        self.framesPerSecond = fps > 0 && fps.isFinite ? fps : nil
        let count = Int(CVision_video_frame_count(handle))
        self.frameCount = count > 0 ? count : nil
    }

    deinit { CVision_video_destroy(handle) }

    public func nextFrame() throws -> Frame? {
        var image: OpaquePointer?
        var milliseconds = 0.0
        let result = callShim { CVision_video_read(handle, &image, &milliseconds, $0, $1) }
        guard result.status == CVision_OK else { throw VideoError.unreadable(path: path, reason: result.message) }
        guard let image else { return nil }
        defer { nextIndex += 1 }
        // Presentation time when the container gives one; else the frame's place at the
        // nominal rate, so the clock still moves forward.
        let seconds = milliseconds > 0 || nextIndex == 0
            ? milliseconds / 1000
            : Double(nextIndex) / (framesPerSecond ?? 30)
        return Frame(image: Image(handle: image), timestamp: Timestamp(seconds: seconds), index: nextIndex)
    }
}
