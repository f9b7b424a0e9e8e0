// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames

/// Where to move the camera so a code that has been glimpsed (a located symbol, or a patch of
/// barcode-like stripes) can be read: one short sentence ("Code on the left. Move left.",
/// "Closer."), and how near the code is to the centre at a good size, for the tick's rate.
/// A pure function of the candidate's box and the frame's size.
///
/// Left and right are the picture's, which are the user's when the camera looks away from
/// them (a webcam held or worn facing forward, a laptop camera turned around); moving the
/// camera towards the code brings it into the middle.
public enum AimingGuide {
    public enum Side: String, Sendable, CaseIterable {
        case left, right, top, bottom
    }

    public struct Advice: Sendable, Equatable {
        /// Nil when the code is well placed (the tick alone says "keep still").
        public var sentence: String?
        /// The side named, for the record and the tests.
        public var side: Side?
        /// 0 (far off, tiny) to 1 (centred and a good size).
        public var closeness: Double
    }

    /// A box this close to the frame's border (a share of the side) is cut off by it.
    static let edgeMargin = 0.02
    /// A code whose centre is further from the middle than this share of the frame (on either
    /// axis) is off to that side, though wholly in view.
    static let offCentre = 0.25
    /// A code's longer side below this share of the frame's width is too small to read at a
    /// webcam's resolution: an EAN-13 needs about 1.5 pixels per bar, 150 pixels in all.
    static let tooSmall = 0.22
    /// The size at which closeness stops rising: a third of the frame reads well.
    static let goodSize = 0.33

    /// The advice for a candidate at `box` in a `width` by `height` frame, its sentence in `wording`.
    public static func advice(for box: Box, width: Int, height: Int, wording: Wording) -> Advice {
        let w = Double(width), h = Double(height)
        let dx = (box.centerX - w / 2) / w, dy = (box.centerY - h / 2) / h
        let cutLeft = box.x <= edgeMargin * w, cutRight = box.maxX >= (1 - edgeMargin) * w
        let cutTop = box.y <= edgeMargin * h, cutBottom = box.maxY >= (1 - edgeMargin) * h
        let centring = max(0, 1 - 2 * max(abs(dx), abs(dy)))
        let size = min(1, max(box.width, box.height) / (goodSize * w))
        let closeness = centring * size

        // Cut off by one side or the other: the way to move is towards the cut.
        var side: Side?
        if cutLeft != cutRight || cutTop != cutBottom {
            let horizontal: Side? = cutLeft == cutRight ? nil : (cutLeft ? .left : .right)
            let vertical: Side? = cutTop == cutBottom ? nil : (cutTop ? .top : .bottom)
            side = switch (horizontal, vertical) {
            case (let h?, let v?): abs(dx) >= abs(dy) ? h : v
            case (let h?, nil): h
            case (nil, let v?): v
            default: nil
            }
        } else if (cutLeft && cutRight) || (cutTop && cutBottom) {
            return Advice(sentence: wording(.codeAimTooClose), side: nil, closeness: closeness)
        } else if max(abs(dx), abs(dy)) > offCentre {
            side = abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .top : .bottom)
        }
        if let side { return Advice(sentence: wording(.codeAimSide, ["side": .text(side.rawValue)]), side: side, closeness: closeness) }
        if max(box.width, box.height) < tooSmall * w { return Advice(sentence: wording(.codeAimCloser), side: nil, closeness: closeness) }
        return Advice(sentence: nil, side: nil, closeness: closeness)
    }
}
