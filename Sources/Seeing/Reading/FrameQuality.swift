// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// How one frame looks to a reader: sharp or blurred, well or badly exposed, still or moving.
/// Measured by `QualityMeter`; judged against the thresholds in `Verdict`.
public struct FrameQuality: Sendable, Equatable {
    /// Variance of the Laplacian of a grey copy at most 640 pixels wide. Higher is sharper;
    /// the figure grows with the scene's detail as well as with focus.
    public var sharpness: Double
    /// Mean grey level, 0–255.
    public var brightness: Double
    /// Fraction of pixels (0–1) with grey level below 16.
    public var darkFraction: Double
    /// Fraction of pixels (0–1) with grey level above 240.
    public var brightFraction: Double
    /// How fast the picture moves, in frame widths per second (0.1: a tenth of the frame's
    /// width each second). Speed rather than per-frame shift, so the figure means the same at
    /// any frame rate and across dropped frames. Nil when there is no earlier frame to compare.
    public var motion: Double?
    /// Mean absolute grey difference (0–255) from the previous frame: how much the picture
    /// changed, by moving or by something new coming into view. Nil with `motion`.
    public var change: Double?

    public init(sharpness: Double, brightness: Double, darkFraction: Double, brightFraction: Double,
                motion: Double?, change: Double? = nil) {
        self.sharpness = sharpness
        self.brightness = brightness
        self.darkFraction = darkFraction
        self.brightFraction = brightFraction
        self.motion = motion
        self.change = change
    }

    /// Thresholds that turn the measurements into yes/no answers.
    ///
    /// Sharpness and steadiness were measured on every frame of document-phototest.mp4
    /// (1280x720 at 15 fps, a printed page filmed hand-held) against its per-frame `steady`
    /// truth; `FrameQualityTests` repeats the measurement and checks the agreement.
    public enum Verdict {
        /// Sharp enough to read. Frames blurred by movement measured at most 17 100; steady
        /// frames with the page in view at least 31 200; 24 000 sits between the two. (Steady
        /// frames with most of the page outside the picture measure only 4 000–6 000: there is
        /// little detail to be sharp, so they are rejected too, which costs nothing for reading.)
        /// The figure depends on content: it is calibrated for printed pages, not for scenes.
        public static let minimumSharpness = 24_000.0
        /// Moving slower than this (frame widths per second) is holding steady. All but one of
        /// the truly steady frames moved at most 0.073 widths/s (hand tremor: about 6 pixels per
        /// frame at 1280 wide and 15 fps; the odd one, 0.084); frames the truth calls moving
        /// start at 0.03 but are mostly above 0.06. 0.08 keeps nearly every steady frame; alone
        /// it agrees with the truth on 91 % of frames, and the blur that slips through is
        /// caught by `minimumSharpness`.
        public static let maximumSteadyMotion = 0.08
        /// Darker than this mean grey level is too dark: a webcam raises its gain until noise
        /// drowns thin strokes. Not measured on the video (its frames average 96–171, a well-lit
        /// page); 40 is well under half of its darkest frame.
        public static let minimumBrightness = 40.0
        /// More than this share of blown-white pixels is too bright. A well-lit page is mostly
        /// white, so a high mean is normal (the video reaches 31 % blown white); what matters is
        /// whether anything but white is left, and ink covers more than 5 % of a printed page.
        public static let maximumBlownFraction = 0.95
    }

    public var isSharp: Bool { sharpness >= Verdict.minimumSharpness }

    /// Unknown motion (a stream's first frame) does not count as steady: reading waits one
    /// frame rather than trust a frame it cannot judge.
    public var isSteady: Bool { motion.map { $0 < Verdict.maximumSteadyMotion } ?? false }

    public var isTooDark: Bool { brightness < Verdict.minimumBrightness }

    public var isTooBright: Bool { brightFraction > Verdict.maximumBlownFraction }

    /// Steady, sharp and neither too dark nor too bright: worth reading.
    public var isGood: Bool { isSteady && isSharp && !isTooDark && !isTooBright }
}

/// Measures frame quality along one stream, remembering the previous frame for motion and
/// reusing its buffers so nothing large is allocated per frame.
///
/// Not thread-safe: one meter per stream, used from one thread.
public final class QualityMeter {
    private let handle: OpaquePointer
    private var previousTimestamp: Timestamp?

    public init() {
        var handle: OpaquePointer?
        let result = callShim { CVision_quality_meter_create(&handle, $0, $1) }
        // Creating the meter only allocates an empty struct; failing means memory ran out.
        guard result.status == CVision_OK, let handle else { fatalError("Could not create a quality meter: \(result.message)") }
        self.handle = handle
    }

    deinit { CVision_quality_meter_destroy(handle) }

    /// Measures `frame` and remembers it as the previous frame for the next call.
    public func measure(_ frame: Frame) -> FrameQuality {
        var quality = CVision_FrameQuality()
        let result = callShim { CVision_quality_meter_measure(handle, frame.image.handle, &quality, $0, $1) }
        // The shim fails only on an image without pixels, which no decoded `Image` has.
        precondition(result.status == CVision_OK, "Frame quality could not be measured: \(result.message)")
        defer { previousTimestamp = frame.timestamp }

        var motion: Double?
        if quality.has_previous != 0, let previousTimestamp {
            let elapsed = frame.timestamp.seconds(since: previousTimestamp)
            // A clock that stands still or runs back gives no speed; better unknown than infinite.
            if elapsed > 0 { motion = quality.shift / elapsed }
        }
        return FrameQuality(
            sharpness: quality.sharpness,
            brightness: quality.brightness,
            darkFraction: quality.dark_fraction,
            brightFraction: quality.bright_fraction,
            motion: motion,
            change: quality.has_previous != 0 ? quality.difference : nil)
    }

    /// Forgets the previous frame (after a seek or a gap in the stream): the next frame has no motion.
    public func reset() {
        CVision_quality_meter_reset(handle)
        previousTimestamp = nil
    }
}
