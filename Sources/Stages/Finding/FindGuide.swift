// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Frames
import Narration

/// How near a sought thing is to being in front of the camera, for the guiding tick: its pitch
/// and its rate rise together as the thing nears the middle of the view and grows in it (the
/// user walks up to it). A pure function of the thing's box and the frame's size.
public enum FindGuide {
    public struct Closeness: Sendable, Equatable {
        /// 0 (at the frame's edge, tiny) to 1 (in the middle, at a good size).
        public var value: Double
        /// Its centre is in the middle third of the view, across and up and down.
        public var isCentred: Bool
        /// Its centre is within a margin of the middle third: what "centred" needs to stop
        /// being true, so a box wobbling on the line is not said to be centred again and again.
        public var isNearMiddle: Bool
    }

    /// A thing whose box spans this share of the frame's width or height is at a good size
    /// (within reach of a hand, for something as big as a cup at a webcam's field of view).
    static let goodSize = 0.4
    /// Size counts for this share of the closeness, nearness to the middle for the rest: being
    /// straight ahead matters most, but walking up to it must still be heard.
    static let sizeWeight = 0.4
    /// How far outside the middle third (a share of the side) a centred thing may drift before
    /// it is no longer centred.
    static let centredMargin = 0.05

    public static func closeness(of box: Box, width: Int, height: Int) -> Closeness {
        let w = Double(width), h = Double(height)
        guard w > 0, h > 0 else { return Closeness(value: 0, isCentred: false, isNearMiddle: false) }
        let dx = abs(box.centerX / w - 0.5), dy = abs(box.centerY / h - 0.5)
        let centring = max(0, 1 - 2 * max(dx, dy))
        let size = min(1, max(box.width / w, box.height / h) / goodSize)
        let value = centring * (1 - sizeWeight + sizeWeight * size)
        let third = 1.0 / 6
        return Closeness(value: min(1, max(0, value)), isCentred: dx <= third && dy <= third,
                         isNearMiddle: dx <= third + centredMargin && dy <= third + centredMargin)
    }

    /// The tick's pitch rises from this, an octave and a half below the barcode tick's pitch, up
    /// to it, so "warmer" is heard in two ways at once.
    static let lowestHertz = 550.0

    /// The tick for a closeness: the barcode tick's length and range of rates (`CodeScanner`),
    /// so the two guides sound alike.
    public static func tone(_ closeness: Double) -> Tone {
        let c = min(1, max(0, closeness))
        return Tone(hertz: lowestHertz * pow(CodeScanner.tickHertz / lowestHertz, c), seconds: CodeScanner.tickSeconds,
                    perSecond: CodeScanner.slowestTicks + (CodeScanner.fastestTicks - CodeScanner.slowestTicks) * c)
    }
}
