// SPDX-License-Identifier: GPL-3.0-or-later
/// Which printed lines of a page go on into the next one, and how (`LineJoin`), so that speech
/// can read a paragraph as sentences. Tesseract's own paragraphs and blocks are not enough: on
/// a ragged-right page it starts a paragraph at many a short line, and it may start a block in
/// mid-sentence. So a line runs on into the next when the next lies just below it in the same
/// column, is not indented, and either Tesseract keeps them in one paragraph or the line does
/// not end a sentence.
package enum ParagraphFlow {
    /// A space between two lines taller than this share of the taller line's height is a blank
    /// line, which sets paragraphs apart. Body text leaves 0.2 to 0.7 of a line's height between
    /// lines (0.5 and 0.66 on the pages tested), a blank line more than a whole one.
    static let paragraphGap = 1.0
    /// A line starting further right than this share of its height from the line above starts
    /// an indented paragraph; lines of one column start within a few pixels of each other, and a
    /// paragraph's indent is two em or more.
    static let indent = 1.0
    /// Hyphens a line may end with: ASCII, the Unicode hyphen, and the soft hyphen that marks a
    /// break point in typeset text.
    package static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{00AD}"]
    /// Marks that end a sentence (or a heading's clause), and what may close after them.
    static let sentenceEnds: Set<Character> = [".", "!", "?", ":", "…"]
    static let closers: Set<Character> = [")", "]", "\"", "'", "\u{201D}", "\u{2019}"]

    /// How each line goes on into the next, in reading order: nil where a paragraph ends. `isWord`
    /// is the engine's dictionary, which tells a word broken by a hyphen from a compound.
    static func joins(_ lines: [TextLine], isWord: (String) -> Bool) -> [LineJoin?] {
        lines.indices.map { index in
            guard index + 1 < lines.count, runsOn(lines[index], into: lines[index + 1]) else { return nil }
            return join(lines[index], lines[index + 1], isWord: isWord)
        }
    }

    static func runsOn(_ line: TextLine, into next: TextLine) -> Bool {
        let height = max(line.box.height, next.box.height)
        let gap = next.box.y - line.box.maxY
        guard gap > -height / 2, gap <= paragraphGap * height,  // just below, not beside or above
              next.box.x < line.box.maxX, line.box.x < next.box.maxX,  // the same column
              next.box.x - line.box.x <= indent * height else { return false }
        return next.paragraph == line.paragraph || !endsSentence(line.text)
    }

    private static func endsSentence(_ text: String) -> Bool {
        guard let last = text.reversed().first(where: { !closers.contains($0) && !$0.isWhitespace }) else { return true }
        return sentenceEnds.contains(last)
    }

    /// `.word` when the line ends in a hyphen after letters and the dictionary knows the letters
    /// around it joined ("hyphen-" "ated") but not hyphenated; `.hyphen` when it knows the
    /// compound ("well-" "known"; Tesseract's English list has "wellknown" too, so the joined
    /// form alone cannot tell), knows neither (kept as printed), or the next line starts with
    /// no letter; `.space` otherwise.
    static func join(_ line: TextLine, _ next: TextLine, isWord: (String) -> Bool) -> LineJoin {
        guard let last = line.words.last?.text, let hyphen = last.last, hyphens.contains(hyphen),
              let first = next.words.first?.text else { return .space }
        let head = String(last.dropLast().reversed().prefix { $0.isLetter }.reversed())
        let tail = String(first.prefix { $0.isLetter })
        // A dash standing alone, or after a number, is punctuation between words.
        guard !head.isEmpty else { return .space }
        guard !tail.isEmpty else { return .hyphen }
        // The dictionary holds most words in lower case, names capitalised: either counts.
        func known(_ word: String) -> Bool { isWord(word) || isWord(word.lowercased()) }
        return !known(head + "-" + tail) && known(head + tail) ? .word : .hyphen
    }
}
