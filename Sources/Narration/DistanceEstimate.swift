// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames

/// How far away an object probably is, from how tall it looks. This is the familiar-size
/// cue of monocular depth estimation: if we know roughly how tall a kind of object usually
/// is, its height in pixels gives its distance by the pinhole model. It is only as good as
/// "usually" — a child, a seated person or a toy dog reads as farther than it is — so the
/// words always say "about" and round generously.
public enum DistanceEstimate {
    /// Typical real heights in metres (the box's vertical extent as the object usually
    /// stands), from common object sizes: adult stature, standard furniture and vehicle
    /// dimensions, breed and species averages. Only classes whose height varies little
    /// with pose or model are listed; for the rest (a boat, a kite, a bear that may stand
    /// up) no distance is spoken rather than a wrong one.
    static let typicalHeights: [String: Double] = [
        // People and vehicles.
        "person": 1.7, "bicycle": 1.0, "car": 1.5, "motorcycle": 1.1, "bus": 3.0,
        "train": 4.0, "truck": 3.0,
        // Street furniture.
        "traffic light": 0.9,  // the three-lamp housing, which is what the box covers
        "fire hydrant": 0.8,
        "stop sign": 0.75,  // the sign face, not the post
        "parking meter": 1.5,  // head and post together
        "bench": 0.85,
        // Animals.
        "cat": 0.3, "dog": 0.55, "horse": 1.6, "sheep": 0.9, "cow": 1.4,
        "elephant": 3.0, "zebra": 1.4, "giraffe": 5.0,
        // Furniture and appliances.
        "chair": 0.9, "couch": 0.85, "bed": 0.6, "dining table": 0.75, "toilet": 0.75,
        "tv": 0.6, "potted plant": 0.5, "refrigerator": 1.7, "oven": 0.9, "microwave": 0.3,
        "suitcase": 0.65,
    ]

    /// A box within this many pixels of the frame's top or bottom edge is taken to be cut
    /// off: its height is then only a lower bound, and the distance would come out too large.
    /// Two pixels allows for detectors that stop a pixel or so short of the border.
    static let edgeMargin = 2.0

    /// The distance in metres to an object of class `label` whose box is `box`, or nil when
    /// the class has no typical height, the box is cut off by the top or bottom of the frame,
    /// the box has no height, or the geometry is degenerate.
    ///
    /// Pinhole model: focal length in pixels f = (W/2) / tan(hfov/2); pixels are square, so
    /// the same f holds vertically, and distance = real height × f / box height.
    public static func metres(
        for label: String, box: Box, imageWidth: Int, imageHeight: Int, horizontalFieldOfView degrees: Double
    ) -> Double? {
        guard let realHeight = typicalHeights[ObjectNoun.normalized(label)],
              box.height > 0, imageWidth > 0, imageHeight > 0, degrees > 0, degrees < 180
        else { return nil }
        let cutOff = box.y <= edgeMargin || box.maxY >= Double(imageHeight) - edgeMargin
        guard !cutOff else { return nil }
        let focalLength = Double(imageWidth) / 2 / tan(degrees * .pi / 360)
        return realHeight * focalLength / box.height
    }

    /// Below this the estimate is said as "half a metre": closer than arm's length the exact
    /// figure matters less than knowing it is within reach.
    static let halfMetreBelow = 0.75
    /// Below this, halves of a metre (about a step); beyond it a half-metre is noise.
    static let halfMetreStepsBelow = 3.0
    /// Up to this, whole metres; farther out, steps of five, since the size cue's error
    /// grows with distance and a precise-sounding "13 metres" would overstate it.
    static let wholeMetresUpTo = 10.0

    /// The distance in words, hedged and rounded to what the estimate can honestly claim:
    /// "about half a metre", "about 1 metre", "about 1.5 metres", "about 7 metres",
    /// "about 15 metres".
    public static func spoken(_ metres: Double, wording: Wording) -> String {
        guard let rounded = rounded(metres) else { return wording(.objectsDistanceUnknown) }
        if rounded == 0.5 { return wording(.objectsDistanceHalfMetre) }
        // Whole numbers without a decimal point, halves as "1.5".
        return wording(.objectsDistanceAbout, ["metres": .decimal(rounded, places: 1)])
    }

    /// The estimate rounded as it is said (and shown in braille): 0.5 below three quarters of a
    /// metre, halves below three metres, whole metres up to ten, then fives; nil when it is not
    /// a distance.
    package static func rounded(_ metres: Double) -> Double? {
        guard metres.isFinite, metres >= 0 else { return nil }
        if metres < halfMetreBelow { return 0.5 }
        if metres < halfMetreStepsBelow { return (metres * 2).rounded() / 2 }
        if metres.rounded() <= wholeMetresUpTo { return metres.rounded() }
        return (metres / 5).rounded() * 5
    }
}
