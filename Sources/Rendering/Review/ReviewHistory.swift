// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// What the review cursor moves over: the last `utteranceLimit` sentences delivered to the
/// person (never progress ticks or cues) and the printed lines of the last reading. Kept in
/// memory only, never written anywhere: it may hold a medicine label or a letter.
public struct ReviewHistory: Sendable {
    /// As many utterances as a screen reader's speech history keeps within reach: a long
    /// page (about 60 lines) three times over, and little memory (a sentence each).
    public static let utteranceLimit = 200

    /// Oldest first.
    public private(set) var utterances: [String] = []
    /// How many utterances were dropped from the front since the start: positions count from
    /// the first utterance ever kept, so a cursor stays on its sentence while old ones go.
    public private(set) var dropped = 0
    /// The printed lines of the last reading, in reading order.
    public private(set) var lines: [String] = []
    /// Counts the readings: a new one replaces the lines, and a cursor on the old ones starts afresh.
    public private(set) var readings = 0
    private var last: NarrationEvent?
    /// Whether the newest utterance was a line of the current reading, so a further line
    /// continues it; anything else said in between ends it.
    private var readingOpen = false

    public init() {}

    /// Keeps `event` if it was said to the person; the same event delivered again (the
    /// repeat key) is kept once.
    public mutating func record(_ event: NarrationEvent) {
        guard Self.isUtterance(event), event != last else { return }
        last = event
        utterances.append(event.text)
        if utterances.count > Self.utteranceLimit {
            let excess = utterances.count - Self.utteranceLimit
            utterances.removeFirst(excess)
            dropped += excess
        }
        // A reading reaches the renderers as one text event per printed line.
        if event.kind == .text {
            if !readingOpen {
                lines = []
                readings += 1
                readingOpen = true
            }
            lines.append(event.text)
        } else {
            readingOpen = false
        }
    }

    /// Words said to the person: not progress ticks, cues (sounds) or empty events.
    public static func isUtterance(_ event: NarrationEvent) -> Bool {
        event.kind != .progress && event.kind != .cue && !event.text.allSatisfy(\.isWhitespace)
    }
}
