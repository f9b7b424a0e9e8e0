// SPDX-License-Identifier: GPL-3.0-or-later
/// Checks `PageLayout`'s guess against what the page engine made of the picture. The layout
/// sees only where lines are, so a street photo with a board or a timetable of small stacked
/// lines in it can look like a page; Tesseract, given the whole scene around that board, then
/// reads next to nothing. A line of print holds about two characters per line height of its
/// length, so a page Tesseract really reads gives that many clear characters for the text the
/// detector found; when it gives a small fraction, the guess was wrong and the scene engine's
/// reading of the same lines is heard instead, if it says more.
package enum PageConfirmation {
    /// Clear characters the page engine must read per line height of detected text. Measured:
    /// every printed page the layout takes for a page (12 documents, 11 receipts, Tesseract's
    /// samples, the rendered letters) gives 0.78 to 2.3, most about 1.9; the two ICDAR 2015
    /// street photos it took for pages gave 0.01 and 0. A quarter is three times below the
    /// weakest page (a faded receipt) and twenty times above the best of those photos.
    static let minimumCharactersPerLineHeight = 0.25

    /// Whether the page engine's `reading` accounts for the text in `regions`, counting the
    /// words at least `clearFrom` sure (the narration's own bar for saying a word).
    package static func confirms(_ reading: PageReading, regions: [TextQuad], clearFrom: Double) -> Bool {
        let detected = regions.reduce(0.0) { $0 + $1.lineLength / max($1.lineHeight, 1) }
        let read = clearWords(in: reading, from: clearFrom).reduce(0) { $0 + $1.text.count }
        return Double(read) >= minimumCharactersPerLineHeight * detected
    }

    /// The words the narration would say rather than call unclear.
    package static func clearWords(in reading: PageReading, from confidence: Double) -> [RecognizedWord] {
        reading.lines.flatMap { $0.words.filter { $0.confidence >= confidence } }
    }
}
