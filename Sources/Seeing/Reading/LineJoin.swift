// SPDX-License-Identifier: GPL-3.0-or-later
/// How a printed line of a paragraph runs on into the next text event, so that speech can
/// read the paragraph as sentences while captions, braille and JSON keep the lines as printed.
public enum LineJoin: String, Sendable, Equatable, CaseIterable {
    /// The next line goes on after a space.
    case space
    /// The line ends in a hyphen that belongs to the text ("well-" / "known"): the next line
    /// goes on right after it.
    case hyphen
    /// The line ends in a word broken by a hyphen ("hyphen-" / "ated"): the hyphen is dropped
    /// and the next line goes on with the rest of the word.
    case word

    /// `line` followed by `next`, joined this way.
    public func join(_ line: String, _ next: String) -> String {
        switch self {
        case .space: line + " " + next
        case .hyphen: line + next
        case .word: String(line.dropLast()) + next
        }
    }
}
