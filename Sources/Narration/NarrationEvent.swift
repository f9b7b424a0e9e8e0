// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing

/// What a narration event is about. Renderers may treat kinds differently (a braille
/// display may skip `progress`); the JSON writes the raw value.
public enum NarrationKind: String, Sendable, CaseIterable {
    case objects, hazard, text, guidance, status, summary, progress, error
    /// A sound, not a sentence (`tone` says which): played by the speech channel's audio only.
    case cue
}

/// The one contract between seeing and saying: one sentence, already hedged, with the
/// moment it belongs to and the objects behind it. Every renderer consumes this and nothing
/// else; narration's JSON Lines (`--output jsonl`) are this type serialised, one event per
/// line (`NarrationEvent.json`, in Records/).
public struct NarrationEvent: Sendable, Equatable {
    /// Stream time of the frame the sentence describes (not when it was spoken).
    public var time: Timestamp
    /// Index of that frame in the stream.
    public var frame: Int
    public var kind: NarrationKind
    public var priority: Priority
    /// One sentence, already hedged.
    public var text: String
    /// The language `text` was worded in, as a BCP 47 code ("en"): speech and braille choose
    /// their voice and table by it.
    public var language: String
    /// The objects the sentence is about; empty for status, progress and error events.
    public var objects: [NarratedObject]
    /// For framing guidance: the page edges that are out of view ("top", "left", …).
    public var edges: [String]
    /// For a cue: the sound to play (its `text` is empty).
    public var tone: Tone?
    /// For a line of a reading: how the next text event goes on from it, when it continues
    /// the same paragraph; nil at a paragraph's end and for every other event.
    public var joinsNext: LineJoin?

    public init(time: Timestamp, frame: Int, kind: NarrationKind, priority: Priority, text: String,
                language: String = Wording.english.language, objects: [NarratedObject] = [], edges: [String] = [],
                tone: Tone? = nil, joinsNext: LineJoin? = nil) {
        self.time = time
        self.frame = frame
        self.kind = kind
        self.priority = priority
        self.text = text
        self.language = language
        self.objects = objects
        self.edges = edges
        self.tone = tone
        self.joinsNext = joinsNext
    }
}

extension NarrationEvent {
    /// A sentence about the session itself ("Paused.", "Camera reconnected."), at `frame`, in
    /// the language it was worded in.
    public static func status(_ text: String, language: String = Wording.english.language, at frame: Frame?) -> NarrationEvent {
        NarrationEvent(time: frame?.timestamp ?? .zero, frame: frame?.index ?? 0, kind: .status, priority: .message, text: text,
                       language: language)
    }

    /// A sentence about the session itself, worded by `wording`, at `frame`.
    public static func status(_ message: Message, _ wording: Wording, at frame: Frame?) -> NarrationEvent {
        status(wording(message), language: wording.language, at: frame)
    }

    public static func status(_ id: MessageID, _ wording: Wording, at frame: Frame?) -> NarrationEvent {
        status(Message(id), wording, at: frame)
    }

    /// A sound for the speech channel's audio, at `frame`; never queued behind words.
    public static func cue(_ tone: Tone, at frame: Frame) -> NarrationEvent {
        NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .cue, priority: .notification, text: "", language: "", tone: tone)
    }

    /// Said once when a recording ends, so the listener is not left waiting.
    public static func endOfStream(at time: Timestamp, frame: Int, wording: Wording) -> NarrationEvent {
        NarrationEvent(time: time, frame: frame, kind: .status, priority: .message, text: wording(.sessionEndOfVideo),
                       language: wording.language)
    }
}
