// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// Narration as lines of text: plain sentences (a terminal's captions, kept with their
/// symbols for the eye) or JSON Lines (one event per line, for programs). `write` gets one
/// whole line at a time, so lines never interleave.
public final class LineRenderer: Renderer {
    public enum Format: Sendable { case text, jsonl }

    public let format: Format
    private let write: @Sendable (String) -> Void

    public init(format: Format, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.write = write
    }

    public func render(_ event: NarrationEvent) {
        write(format == .jsonl ? event.json.serialized() : event.text)
    }

    /// JSON Lines are a record of everything; printed sentences leave cues (sounds) out.
    public func conveys(_ event: NarrationEvent) -> Bool {
        format == .jsonl || event.kind != .cue
    }

    /// A printed line cannot be taken back.
    public func interrupt() {}
    public func finish(timeoutSeconds: Double) {}
}
