// SPDX-License-Identifier: GPL-3.0-or-later
/// How scene text is read: which model pair, how large a picture the detector may work on.
public struct SceneTextSettings: Sendable, Equatable {
    public var model: SceneTextModel
    /// Photos larger than this on their longer side are detected at this size: the reference
    /// works at full size (a 12-megapixel photo would take seconds and a gigabyte), and OpenCV
    /// 4.6 crashes on detector inputs much larger (see TextDetector.cpp).
    public var longerSideLimit: Int
    /// Turn lines the orientation classifier finds upside down.
    public var turnsUpsideDownLines: Bool

    public static let defaultLongerSideLimit = 2048
    /// The live camera's limit: 1280x720 frames are detected at 960x544, which keeps two
    /// readings a second on two cores (docs/performance.md has the figures).
    public static let liveLongerSideLimit = 960

    public init(model: SceneTextModel = .small, longerSideLimit: Int = defaultLongerSideLimit, turnsUpsideDownLines: Bool = true) {
        self.model = model
        self.longerSideLimit = longerSideLimit
        self.turnsUpsideDownLines = turnsUpsideDownLines
    }

    /// The same settings for a camera or video stream.
    public var live: SceneTextSettings {
        var settings = self
        settings.longerSideLimit = min(longerSideLimit, Self.liveLongerSideLimit)
        return settings
    }
}
