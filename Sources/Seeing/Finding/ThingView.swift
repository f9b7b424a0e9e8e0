// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// One taught photo of a thing as the matcher keeps it: SIFT features (where, and their
/// descriptors), the thing's outline in the photo and its colours there.
///
/// `@unchecked Sendable`: the shim's view is never changed after it is made.
public final class ThingView: @unchecked Sendable {
    let handle: OpaquePointer

    /// The thing is taken to fill the middle of a photo the user holds it up for: this share of
    /// its width and height. On the project's taught-thing set (`make thing-photos`) every share
    /// from 40 % to the whole photo found the card in all 10 scenes, but the box (this region
    /// mapped into the scene) overlapped the card's true box best at 60 %: 0.55–0.71, against
    /// 0.31–0.41 for the whole photo (which takes in the hand and the room), 0.42–0.57 at 80 %
    /// and 0.38–0.46 at 40 % (which leaves the card's edges out).
    public static let regionFraction = 0.6
    /// Features kept from a photo: SIFT's strongest first.
    public static let maximumFeatures = 1000
    /// A photo with fewer features than this is too plain or too blurred to find the thing by.
    public static let minimumFeatures = 25

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { CVision_thing_view_destroy(handle) }

    /// Photos are learned from at most this many pixels on their longer side: the size frames
    /// are matched at, where SIFT finds the features that matter for them.
    public static let maximumSide = TaughtThingLocator.maximumSide

    /// Learns the thing from a photo of it held up to the camera, scaled down to `maximumSide`.
    public convenience init(learningFrom image: Image) throws(ThingViewError) {
        var handle: OpaquePointer?
        let result = callShim {
            CVision_thing_view_create(image.handle, Self.regionFraction, Int32(Self.maximumFeatures), Int32(Self.maximumSide),
                                      &handle, $0, $1)
        }
        guard result.status == CVision_OK, let handle else { throw .shim(result.message) }
        self.init(handle: handle)
    }

    /// A view rebuilt from its stored parts.
    init(points: [Float], descriptors: [UInt8], outline: [Float], histogram: [Float]) throws(ThingViewError) {
        let count = descriptors.count / Self.descriptorBytes
        precondition(points.count == 2 * count && outline.count == 8 && histogram.count == Self.histogramBins)
        var handle: OpaquePointer?
        let result = callShim { message, capacity in
            CVision_thing_view_create_stored(points, descriptors, Int32(count), outline, histogram, &handle, message, capacity)
        }
        guard result.status == CVision_OK, let handle else { throw .shim(result.message) }
        self.handle = handle
    }

    public static let descriptorBytes = Int(CVision_THING_DESCRIPTOR_BYTES)
    public static let histogramBins = Int(CVision_THING_HISTOGRAM_BINS)

    public var featureCount: Int { Int(CVision_thing_view_feature_count(handle)) }
    /// Enough features to find the thing by.
    public var isUsable: Bool { featureCount >= Self.minimumFeatures }

    var points: [Float] { Array(UnsafeBufferPointer(start: CVision_thing_view_points(handle), count: 2 * featureCount)) }
    var descriptors: [UInt8] {
        Array(UnsafeBufferPointer(start: CVision_thing_view_descriptors(handle), count: featureCount * Self.descriptorBytes))
    }
    var outline: [Float] { Array(UnsafeBufferPointer(start: CVision_thing_view_outline(handle), count: 8)) }
    var histogram: [Float] { Array(UnsafeBufferPointer(start: CVision_thing_view_histogram(handle), count: Self.histogramBins)) }
}

/// The shim could not learn or rebuild a view (out of memory, or an OpenCV failure): its own words.
public enum ThingViewError: Error, Equatable {
    case shim(String)
}
