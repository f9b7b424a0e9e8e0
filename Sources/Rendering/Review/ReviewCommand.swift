// SPDX-License-Identifier: GPL-3.0-or-later
/// What the user asks of the review cursor: to go back over what was said, as a screen
/// reader's flat review (Orca) or review cursor (NVDA) goes over a screen. Lines are the
/// printed lines of the last reading; utterances are everything said, newest last.
public enum ReviewCommand: String, Sendable, CaseIterable {
    case previousLine = "previous-line"
    case currentLine = "current-line"
    case nextLine = "next-line"
    case firstLine = "first-line"
    case lastLine = "last-line"
    case previousWord = "previous-word"
    /// Said twice in quick succession, it spells the word (as Orca's and NVDA's do).
    case currentWord = "current-word"
    case nextWord = "next-word"
    case spellWord = "spell-word"
    /// Characters of the current line or utterance, spaces and symbols said by name (crossing
    /// to its neighbour at either end, as words do).
    case previousCharacter = "previous-character"
    case currentCharacter = "current-character"
    case nextCharacter = "next-character"
    case previousUtterance = "previous-utterance"
    case currentUtterance = "current-utterance"
    case nextUtterance = "next-utterance"
    /// From the current line (or utterance) to the end of the reading (or of what was said).
    case readToEnd = "read-to-end"
}
