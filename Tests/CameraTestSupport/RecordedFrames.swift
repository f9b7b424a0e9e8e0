// SPDX-License-Identifier: GPL-3.0-or-later
import Perception
import Synchronization

/// The pictures an injected camera serves: the first frames of a recorded video, each
/// encoded for a format and size the first time it is served and cached from then on.
/// Sources are kept as JPEG (a 720p frame is 2.7 MB as pixels, ~0.2 MB as JPEG), and one
/// instance per recording is shared by every camera, so a test run decodes the video once.
public final class RecordedFrames: Sendable {
    public let path: String
    /// How many distinct frames there are; the camera cycles through them.
    public let count: Int
    /// The recording's own frame size.
    public let sourceSize: FrameSize
    private let sources: [[UInt8]]
    private let encoded = Mutex<[Key: [UInt8]]>([:])

    private struct Key: Hashable {
        var format: UInt32
        var size: FrameSize
        var index: Int
    }

    public struct Empty: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path) has no frames to serve as a camera; use a video with at least one frame." }
    }

    /// Reads at most `maxFrames` frames (fewer frames make set-up quicker).
    public init(path: String, maxFrames: Int = 90) throws {
        let video = try VideoFile(path: path)
        var sources: [[UInt8]] = []
        var size = FrameSize(width: 0, height: 0)
        while sources.count < maxFrames, let frame = try video.nextFrame() {
            size = FrameSize(width: frame.image.width, height: frame.image.height)
            sources.append(try frame.image.jpegData(quality: 90))
        }
        guard !sources.isEmpty else { throw Empty(path: path) }
        self.path = path
        self.sources = sources
        self.count = sources.count
        self.sourceSize = size
    }

    /// Stills shown in turn: `schedule[i]` is the still frame `i` shows (a scene scripted frame by
    /// frame, e.g. a sign for ten seconds, then a wall, then the sign again). Each still is
    /// encoded once; the schedule only repeats references to it.
    public init(stills: [Image], schedule: [Int], name: String = "stills") throws {
        precondition(!schedule.isEmpty && schedule.allSatisfy { stills.indices.contains($0) }, "the schedule names the stills")
        let encoded = try stills.map { try $0.jpegData(quality: 90) }
        self.path = name
        self.sources = schedule.map { encoded[$0] }
        self.count = schedule.count
        self.sourceSize = FrameSize(width: stills[0].width, height: stills[0].height)
    }

    private static let loaded = Mutex<[String: RecordedFrames]>([:])

    /// The one instance for this recording and frame limit, read on first use. Loading
    /// holds the lock, so tests starting together wait for one decode instead of racing.
    public static func shared(path: String, maxFrames: Int = 90) throws -> RecordedFrames {
        try loaded.withLock { loaded in
            let key = "\(maxFrames):\(path)"
            if let frames = loaded[key] { return frames }
            let frames = try RecordedFrames(path: path, maxFrames: maxFrames)
            loaded[key] = frames
            return frames
        }
    }

    /// Frame `index` (modulo `count`) scaled to `size`: JPEG bytes for MJPEG, packed pixels for YUYV.
    public func frame(_ index: Int, format: PixelFormat, size: FrameSize) throws -> [UInt8] {
        let key = Key(format: format.rawValue, size: size, index: index % count)
        if let bytes = encoded.withLock({ $0[key] }) { return bytes }
        // Encoded outside the lock so cameras at other sizes are not held up; a rare
        // duplicate encode of the same frame is harmless.
        // TurboJPEG: three times quicker than the general image decoder.
        var image = try sources[key.index].withUnsafeBytes { bytes throws in try Image(mjpeg: bytes) }
        if size != sourceSize { image = try image.resized(to: size) }
        let bytes = format == .yuyv ? try image.yuyvData() : try image.jpegData(quality: 80)
        encoded.withLock { $0[key] = bytes }
        return bytes
    }
}
