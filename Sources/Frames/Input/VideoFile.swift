// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Glibc
import Words

/// Why a video could not be used. Each description is one sentence with the fix.
public enum VideoError: WordedError, Equatable {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case tooManyPixels(path: String, width: Int, height: Int, limit: PixelLimit)
    /// The stream broke off (FFmpeg reported an error) after `seconds` of video.
    case damaged(path: String, seconds: Double)

    public var message: Message { message(recordsStop: false) }

    /// The sentence, saying what stopped where a damaged video broke off: the narration, or
    /// with `recordsStop` a batch's records.
    public func message(recordsStop: Bool) -> Message {
        switch self {
        case .notFound(let path):
            return Message(.fileNotFound, ["path": .text(path)])
        case .unreadable(let path, _):
            return Message(.videoUnreadable, ["path": .text(path)])
        case .tooManyPixels(let path, let width, let height, let limit):
            return Message(.videoTooManyPixels, ["path": .text(path), "size": .message(PixelLimit.size(width: width, height: height)),
                                                 "limit": .integer(limit.megapixels)])
        case .damaged(let path, let seconds):
            let tenths = Int((seconds * 10).rounded())
            return Message(.videoDamaged, ["path": .text(path), "whole": .integer(tenths / 10), "tenth": .integer(tenths % 10),
                                           "stopped": .text(recordsStop ? "records" : "narration")])
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
    /// Stream time of the last frame read: where a damaged video broke off.
    private var lastSeconds = 0.0

    public convenience init(path: String, limit: PixelLimit = .standard) throws(VideoError) {
        try self.init(location: RawPath(path), name: path, limit: limit)
    }

    /// Opens the file by its bytes (a name need not be UTF-8); `name` is how errors call it.
    /// A video whose frames, as the container states their size, hold more pixels than
    /// `limit` is refused before any frame is decoded.
    public init(location: RawPath, name path: String, limit: PixelLimit = .standard) throws(VideoError) {
        var status = stat()
        guard location.withCString({ stat($0, &status) }) == 0 else { throw .notFound(path: path) }
        // A named pipe or device would have FFmpeg wait on it for ever.
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        var handle: OpaquePointer?
        let result = location.withCString { cPath in callShim { CVision_video_create(cPath, &handle, $0, $1) } }
        guard result.status == CVision_OK, let handle else { throw .unreadable(path: path, reason: result.message) }
        let width = Int(CVision_video_width(handle)), height = Int(CVision_video_height(handle))
        guard limit.admits(width: width, height: height) else {
            CVision_video_destroy(handle)
            throw .tooManyPixels(path: path, width: width, height: height, limit: limit)
        }
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
        if result.status == CVision_ErrorTruncated { throw VideoError.damaged(path: path, seconds: lastSeconds) }
        guard result.status == CVision_OK else { throw VideoError.unreadable(path: path, reason: result.message) }
        guard let image else { return nil }
        defer { nextIndex += 1 }
        // Presentation time when the container gives one; else the frame's place at the
        // nominal rate, so the clock still moves forward. A still image opened as a video
        // reports a time far below zero.
        let seconds = milliseconds.isFinite && milliseconds >= 0 && (milliseconds > 0 || nextIndex == 0)
            ? milliseconds / 1000
            : Double(nextIndex) / (framesPerSecond ?? 30)
        let timestamp = Timestamp(seconds: seconds)
        lastSeconds = timestamp.seconds
        return Frame(image: Image(handle: image), timestamp: timestamp, index: nextIndex)
    }
}
