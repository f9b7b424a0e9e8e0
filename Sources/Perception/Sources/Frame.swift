/// One picture from a stream: pixels, when it was taken on the stream's clock, and its
/// position in the stream. Frames never leave the process; no renderer sees one.
public struct Frame: Sendable {
    public var image: Image
    public var timestamp: Timestamp
    /// 0 for the stream's first frame; gaps mean frames were dropped.
    public var index: Int

    public init(image: Image, timestamp: Timestamp, index: Int) {
        self.image = image
        self.timestamp = timestamp
        self.index = index
    }
}

/// Anything that yields frames until the end of its stream: a video file now, the camera
/// later. Used from one thread at a time.
public protocol FrameSource: AnyObject {
    /// A live source produces frames at its own pace whether or not anyone reads them (a
    /// camera); a recorded one waits to be read (a file).
    var isLive: Bool { get }
    /// The next frame, or nil at the end of the stream. Blocks until one is ready.
    func nextFrame() throws -> Frame?
}
