// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// Who is listening, which decides the channels narration goes to and how many words it
/// uses. `--output` overrides the channels; `--verbosity` the wording.
public enum Profile: String, Sendable, CaseIterable {
    /// Speech only: a screen reader user hears everything once, through their own voice.
    case blind
    /// Large captions on the terminal and speech together.
    case lowVision = "low-vision"
    /// Braille only, in terse wording that fits a 40-cell line.
    case deafblind
    /// Sentences for reading and JSON Lines for tools, with the detector's confidence.
    case developer

    public var channels: [Channel] {
        switch self {
        case .blind: [.speech]
        case .lowVision: [.speech, .text]
        case .deafblind: [.braille]
        case .developer: [.text, .jsonl]
        }
    }

    public var verbosity: Verbosity {
        switch self {
        case .blind, .lowVision: .normal
        case .deafblind: .terse
        case .developer: .detailed
        }
    }

    /// How a terminal's text reaches this person: a blind user's screen reader speaks it,
    /// a deafblind user's BRLTTY shows it in braille, everyone else reads it.
    public var terminalSense: Sense {
        switch self {
        case .blind: .hearing
        case .deafblind: .touch
        case .lowVision, .developer: .sight
        }
    }
}

/// A way out for narration. `--output` takes a comma-separated list of these.
public enum Channel: String, Sendable, CaseIterable {
    /// speech-dispatcher, or espeak-ng when speech-dispatcher is not running.
    case speech
    /// One plain sentence per line (the captions of a terminal).
    case text
    /// A braille display through BRLTTY.
    case braille
    /// One narration event per line as JSON, for programs.
    case jsonl
}

/// The sense by which a channel reaches the person.
public enum Sense: String, Sendable, CaseIterable {
    case hearing, touch, sight
}
