// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Synchronization
import Frames

/// Finds a taught thing in pictures: SIFT features of the frame matched to each taught photo's
/// (Lowe's ratio test), a RANSAC homography checked for a believable outline, and the colours
/// inside it compared; the box is the bounding box of the taught outline mapped into the frame.
/// Only sightings sure enough to be said at all are returned (`ConfidenceBand.possiblyFloor`).
public final class TaughtThingLocator: ThingLocator {
    /// Frames are matched at most this many pixels on their longer side: SIFT's time grows with
    /// the pixels, and a thing big enough to guide the camera to survives the shrink.
    public static let maximumSide = 800

    /// The shim's finder is not for two threads at once.
    private let finder: Mutex<Finder>

    private final class Finder: @unchecked Sendable {
        let handle: OpaquePointer
        init(handle: OpaquePointer) { self.handle = handle }
        deinit { CVision_thing_finder_destroy(handle) }
    }

    public init(views: [ThingView]) throws(TaughtThingsError) {
        var handle: OpaquePointer?
        let handles: [OpaquePointer?] = views.map { Optional($0.handle) }
        let result = handles.withUnsafeBufferPointer { list in
            callShim { CVision_thing_finder_create(list.baseAddress, list.count, &handle, $0, $1) }
        }
        withExtendedLifetime(views) {}
        guard result.status == CVision_OK, let handle else { throw .failed(reason: result.message) }
        finder = Mutex(Finder(handle: handle))
    }

    public func locate(in image: Image) throws -> [Sighting] {
        var match = CVision_ThingMatch()
        let result = finder.withLock { finder in
            callShim { CVision_thing_finder_locate(finder.handle, image.handle, Int32(Self.maximumSide), &match, $0, $1) }
        }
        guard result.status == CVision_OK else { throw TaughtThingsError.failed(reason: result.message) }
        guard match.view >= 0 else { return [] }
        let confidence = ThingMatchConfidence.confidence(inliers: Int(match.inliers), matches: Int(match.matches),
                                                         plausible: match.plausible != 0, colour: match.colour)
        guard confidence >= ConfidenceBand.possiblyFloor else { return [] }
        let corners = withUnsafeBytes(of: match.outline) { raw in
            let values = raw.bindMemory(to: Float.self)
            return (0..<4).map { Point(x: Double(values[2 * $0]), y: Double(values[2 * $0 + 1])) }
        }
        let frame = Box(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        guard let box = Box(around: corners).clipped(to: frame) else { return [] }
        return [Sighting(box: box, confidence: confidence)]
    }
}
