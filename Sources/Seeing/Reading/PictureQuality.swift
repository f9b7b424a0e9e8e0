// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Frames

/// How one still picture looks to a reader before it is read: blurred, too dark. A moving
/// camera's frames are judged by `FrameQuality` instead, against the frames before them.
public struct PictureQuality: Sendable, Equatable {
    /// The blur effect, 0 (sharp) to 1 (as blurred as can be); see `CVision_PictureQuality`.
    public var blur: Double
    /// The grey level 99 % of pixels are at or below, 0–255.
    public var brightLevel: Double

    public init(blur: Double, brightLevel: Double) {
        self.blur = blur
        self.brightLevel = brightLevel
    }

    /// Thresholds that turn the measurements into yes/no answers, measured on the shared pictures
    /// (`PictureProblemAcceptanceTests` repeats the measurement).
    public enum Verdict {
        /// A blur effect at or above this is blurred. Sharp pages of ocr/documents measure
        /// 0.10–0.17, the receipts 0.11–0.32, the ICDAR 2015 street photos (taken with a head-worn
        /// camera, many of them soft) 0.28–0.53; the pages blurred by a Gaussian of 6 pixels,
        /// which Tesseract reads as garbage, 0.65–0.88.
        public static let blurredFrom = 0.6
        /// A picture whose brightest percent is darker than this is too dark: under any usable
        /// light, paper or a lit sign reaches far higher (the darkest street photo, 163; the
        /// pages, 255). A page with a tenth of its light measures about 30.
        public static let tooDarkBelow = 80.0
    }

    public var isBlurred: Bool { blur >= Verdict.blurredFrom }

    public var isTooDark: Bool { brightLevel < Verdict.tooDarkBelow }

    /// Measures `image`.
    public init(measuring image: Image) {
        var quality = CVision_PictureQuality()
        let result = callShim { CVision_picture_quality_measure(image.handle, &quality, $0, $1) }
        // The shim fails only on an image without pixels, which no decoded `Image` has.
        precondition(result.status == CVision_OK, "Picture quality could not be measured: \(result.message)")
        self.init(blur: quality.blur, brightLevel: quality.bright_level)
    }
}
