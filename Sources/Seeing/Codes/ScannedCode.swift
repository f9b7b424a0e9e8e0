// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// A code read from a picture: its symbology, its exact text, and where it lies.
public struct ScannedCode: Sendable, Equatable, Hashable {
    public var format: CodeFormat
    /// Exactly what the symbol holds (UTF-8; may span lines).
    public var text: String
    /// Corners in picture pixels: top-left, top-right, bottom-right, bottom-left as printed.
    public var corners: [Point]

    public init(format: CodeFormat, text: String, corners: [Point]) {
        self.format = format
        self.text = text
        self.corners = corners
    }

    /// The axis-aligned box around the corners.
    public var box: Box { Box(around: corners) }
}

/// Where a code may be before it can be read: a symbol ZXing located but could not decode,
/// or a region of barcode-like stripes.
public struct CodeCandidate: Sendable, Equatable {
    public enum Origin: String, Sendable { case located, stripes }

    public var origin: Origin
    public var box: Box
    /// For stripes: light-dark transitions across the middle (a barcode has dozens).
    public var transitions: Int

    public init(origin: Origin, box: Box, transitions: Int = 0) {
        self.origin = origin
        self.box = box
        self.transitions = transitions
    }
}

/// What one look at a picture found: the codes read, and where others may be.
public struct CodeScan: Sendable, Equatable {
    public var codes: [ScannedCode]
    public var candidates: [CodeCandidate]
    public var width: Int
    public var height: Int

    public init(codes: [ScannedCode], candidates: [CodeCandidate], width: Int, height: Int) {
        self.codes = codes
        self.candidates = candidates
        self.width = width
        self.height = height
    }
}
