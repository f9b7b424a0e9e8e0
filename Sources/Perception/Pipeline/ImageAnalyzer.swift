// SPDX-License-Identifier: GPL-3.0-or-later
/// The outcome of analysing one still image: the record a batch or `--json` writes, and the
/// narration events to say, at time zero.
public struct ImageAnalysis: Sendable {
    public var record: JSONValue
    public var events: [NarrationEvent]
}

/// One mode's work on a still image. Holds an expensive engine (network or Tesseract),
/// so each worker thread owns its own analyzer and never shares it.
public protocol ImageAnalyzer: AnyObject {
    func analyze(_ image: Image, source: String) throws -> ImageAnalysis
}
