// SPDX-License-Identifier: GPL-3.0-or-later
import Frames
import Narration

/// The outcome of analysing one still image: the record a batch or `--json` writes, and the
/// narration events to say, at time zero.
public struct ImageAnalysis: Sendable {
    public var record: JSONValue
    public var events: [NarrationEvent]

    /// A picture measured in one sentence (its light, its colour), said as a summary.
    public static func summary(_ sentence: String, language: String, record: JSONValue) -> ImageAnalysis {
        ImageAnalysis(record: record, events: [NarrationEvent(time: .zero, frame: 0, kind: .summary, priority: .message,
                                                              text: sentence, language: language)])
    }
}

/// A mode's stage answering a still image: a one-frame stream, answered whole at once. Holds an
/// expensive engine (network or Tesseract), so each batch worker owns its own stage and never
/// shares it.
public protocol ImageAnalyzer: AnyObject {
    func analyze(_ image: Image, source: String) throws -> ImageAnalysis
}
