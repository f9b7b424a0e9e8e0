// SPDX-License-Identifier: GPL-3.0-or-later
/// One picture from a stream: pixels, when it was taken on the stream's clock, and its
/// position in the stream. Frames never leave the process; no renderer sees one.
public struct Frame: Sendable {
    public var image: Image
    /// Stream time: the video's presentation time, or for a camera the time since its first frame.
    public var timestamp: Timestamp
    /// 0 for the stream's first frame; gaps mean frames were dropped.
    public var index: Int
    /// A live camera's capture time, on CLOCK_MONOTONIC: end-to-end latency is measured from
    /// here; nil for a recording (its frames are timed from when they were read).
    public var captureTime: Timestamp?

    public init(image: Image, timestamp: Timestamp, index: Int, captureTime: Timestamp? = nil) {
        self.image = image
        self.timestamp = timestamp
        self.index = index
        self.captureTime = captureTime
    }
}

/// Anything that yields frames until the end of its stream: a video file or a camera.
/// `nextFrame` is called from one thread at a time.
public protocol FrameSource: AnyObject {
    /// A live source produces frames at its own pace whether or not anyone reads them (a
    /// camera); a recorded one waits to be read (a file).
    var isLive: Bool { get }
    /// The next frame, or nil at the end of the stream. Blocks until one is ready.
    func nextFrame() throws -> Frame?
    /// Where the source says something about itself ("Camera disconnected."): called on the
    /// thread reading frames.
    func onStatus(_ handler: @escaping @Sendable (String) -> Void)
    /// Asks a blocked `nextFrame` to return nil soon; safe from any thread.
    func cancel()
    /// Frames the source skipped because they were damaged.
    var damagedFrames: Int { get }
}

extension FrameSource {
    public func onStatus(_ handler: @escaping @Sendable (String) -> Void) {}
    public func cancel() {}
    public var damagedFrames: Int { 0 }
}
