// SPDX-License-Identifier: GPL-3.0-or-later
/// Words for one page of OCR: each line as read, words the engine was unsure of replaced
/// by "(unclear)", then a short summary. A guess is never read out as if it were text.
public struct ReadingDescriber: Sendable {
    public let wording: Wording

    /// Said instead of a page of lines when not one line could be read. It is about what the
    /// tool could read, not a claim that the page is blank.
    public var noReadableText: String { wording(.readingNoReadableText) }
    /// Said when words were found but none of them clearly: the user learns that trying
    /// again (more light, closer, steadier) may help. Hedged, since unclear words may be
    /// patterns that only look like text.
    public var onlyUnclearText: String { wording(.readingOnlyUnclearText) }
    /// Stands in for one or more consecutive words below `unclearBelow`.
    public let unclearMarker: String

    /// What a reading is, for its closing summary.
    public enum Reading: String, Sendable {
        /// Tesseract's reading of a page: "End of page".
        case page
        /// The scene engine's of text in view: "End of text".
        case text
    }

    /// Words below this confidence are not spoken. Tesseract's word confidence under about
    /// 50 usually means a misread word, and a misread word read aloud (a wrong dose, a wrong
    /// price) is worse than being told the word was unclear.
    public let unclearBelow: Double
    /// What the closing summary calls the reading.
    public let reading: Reading

    /// The scene engine's words: a word whose characters average below this probability is
    /// unclear. Measured on ICDAR 2015 (bench/scene.sh): most misread words of the small model
    /// fall below it, most right ones above.
    public static let sceneUnclearBelow = 0.8

    /// Whether the lines of one paragraph are marked as running on into each other (`joinsNext`),
    /// so speech reads them as sentences. A page's paragraphs are prose; a scene's lines (a sign,
    /// a label, a screen) are each a unit of their own.
    public let joinsParagraphs: Bool

    public init(wording: Wording, unclearBelow: Double = 0.5, reading: Reading = .page, joinsParagraphs: Bool = true) {
        self.wording = wording
        self.unclearBelow = unclearBelow
        self.reading = reading
        self.joinsParagraphs = joinsParagraphs
        unclearMarker = wording(.readingUnclearMarker)
    }

    /// For the scene engine: its own confidence band, "End of text", and each line on its own.
    public static func scene(wording: Wording) -> ReadingDescriber {
        ReadingDescriber(wording: wording, unclearBelow: sceneUnclearBelow, reading: .text, joinsParagraphs: false)
    }

    /// One `.message` caption per readable line (messages are queued and never cut off, so
    /// a page is heard in full), then "End of page: …". With no readable line, only
    /// `onlyUnclearText` (some words, none clear) or `noReadableText`. A line that the next
    /// readable line of its paragraph goes on from says how (`joinsNext`).
    public func captions(for page: PageReading) -> [Caption] {
        var captions: [Caption] = []
        var unclearWords = 0
        var previousLine: Int?
        for (index, line) in page.lines.enumerated() {
            let spoken = read(line)
            unclearWords += spoken.unclearWords
            guard !spoken.text.isEmpty else { continue }
            if joinsParagraphs, let previous = previousLine {
                captions[captions.count - 1].joinsNext = join(page.lines[previous...index], captions[captions.count - 1].text,
                                                              to: spoken.text)
            }
            captions.append(Caption(text: spoken.text, priority: .message, confidence: line.confidence))
            previousLine = index
        }
        // Both closing sentences describe the reading itself, which the tool knows for sure.
        guard !captions.isEmpty else {
            let sentence = unclearWords > 0 ? onlyUnclearText : noReadableText
            return [Caption(text: sentence, priority: .message, confidence: 1)]
        }
        let summary = summary(lines: captions.count, unclearWords: unclearWords)
        captions.append(Caption(text: summary, priority: .message, confidence: 1))
        return captions
    }

    /// How the words said of the first of `lines` run on into `next`, said of the last, when
    /// each line runs on into the next (a line left out between them, all unclear, is a gap in
    /// the paragraph, not its end). A hyphen is mended or kept only where both words around it
    /// are said as printed and no line was left out; otherwise the parts are joined by a space.
    private func join(_ lines: ArraySlice<TextLine>, _ spoken: String, to next: String) -> LineJoin? {
        guard let first = lines.first, let join = first.joinsNext,
              lines.dropLast().allSatisfy({ $0.joinsNext != nil }) else { return nil }
        guard join != .space, lines.count == 2, let last = spoken.last, ParagraphFlow.hyphens.contains(last),
              !next.hasPrefix(unclearMarker) else { return .space }
        return join
    }

    /// The line as it should be spoken, or "" when nothing in it is clear enough to say.
    public func spokenLine(_ line: TextLine) -> String {
        read(line).text
    }

    /// "End of page: 1 line." / "End of page: 9 lines, 2 unclear words." ("End of text" for a scene.)
    func summary(lines: Int, unclearWords: Int) -> String {
        let arguments: [String: MessageArgument] = [
            "reading": .text(reading.rawValue), "lines": .integer(lines), "unclear": .integer(unclearWords),
        ]
        return wording(unclearWords > 0 ? .readingEndWithUnclearWords : .readingEnd, arguments)
    }

    /// A line's spoken text and how many of its words were unclear. A line with no clear
    /// word gives "" but its unclear words still count, so the summary admits to them.
    private func read(_ line: TextLine) -> (text: String, unclearWords: Int) {
        var parts: [String] = []
        var unclearWords = 0
        var anyClear = false
        for word in line.words {
            let text = word.text.trimmingWhitespace
            if text.isEmpty || isNoise(text, confidence: word.confidence) { continue }
            if word.confidence >= unclearBelow {
                parts.append(text)
                anyClear = true
            } else {
                unclearWords += 1
                // A run of unclear words is one gap to the listener, so one marker.
                if parts.last != unclearMarker { parts.append(unclearMarker) }
            }
        }
        return (anyClear ? parts.joined(separator: " ") : "", unclearWords)
    }

    /// Tesseract reads specks, rules and edges as stray punctuation with low confidence;
    /// those are not words at all, so they are dropped rather than called unclear.
    private func isNoise(_ text: String, confidence: Double) -> Bool {
        confidence < unclearBelow && !text.contains { $0.isLetter || $0.isNumber }
    }
}

private extension String {
    var trimmingWhitespace: String {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
