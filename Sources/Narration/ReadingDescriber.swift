// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// Words for one page of OCR: each line as read, words the engine was unsure of replaced
/// by "(unclear)", then a short summary. A guess is never read out as if it were text.
public struct ReadingDescriber: Sendable {
    /// The listener's words: the sentences about the reading ("End of page: 9 lines.").
    public let wording: Wording
    /// The words of the language the lines were read in, which they are spoken in: the unclear
    /// marker inside a line, and which lone accented letters are words. The listener's unless
    /// `lines(in:)` says otherwise.
    public private(set) var lineWording: Wording

    /// Said instead of a page of lines when not one line could be read. It is about what the
    /// tool could read, not a claim that the page is blank.
    public var noReadableText: String { wording(.readingNoReadableText) }
    /// Said when words were found but none of them clearly: the user learns that trying
    /// again (more light, closer, steadier) may help. Hedged, since unclear words may be
    /// patterns that only look like text.
    public var onlyUnclearText: String { wording(.readingOnlyUnclearText) }
    /// Stands in for one or more consecutive words below `unclearBelow`, in the lines' language:
    /// it is said in their voice.
    public private(set) var unclearMarker: String

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

    /// A line that is a single character is said only at this confidence or above. Specks, bullets
    /// and rules come out of Tesseract as a lone "i", "o" or "d" at 50 to 82 percent, while a
    /// quantity or price on a receipt ("1") reads at 95. The scene engine's lone characters (on
    /// ICDAR 2015 a "2", "B" and "M" at 99 percent, none of them a word of the truth) are parts of
    /// pictograms and logos: it never says one (`.infinity`).
    public let loneCharacterBelow: Double
    /// Tesseract's default for `loneCharacterBelow`.
    public static let pageLoneCharacterBelow = 0.9

    /// A reading with at least `floodMinimum` unclear words, and at least one word in `floodOneIn`
    /// unclear, is too poor to read with markers: one sentence of advice and its clear lines take
    /// the place of a line-by-line string of "(unclear)". Measured: the 12 pages of ocr/documents
    /// and 10 of the 11 receipts have 0 to 18 percent of their words unclear; the blurred receipt
    /// that drew this rule had 42 of 88 (48 percent), heard as 25 markers in 23 lines.
    public static let floodMinimum = 10
    public static let floodOneIn = 3

    public init(wording: Wording, unclearBelow: Double = 0.5, reading: Reading = .page, joinsParagraphs: Bool = true,
                loneCharacterBelow: Double = pageLoneCharacterBelow) {
        self.wording = wording
        self.unclearBelow = unclearBelow
        self.reading = reading
        self.joinsParagraphs = joinsParagraphs
        self.loneCharacterBelow = loneCharacterBelow
        lineWording = wording
        unclearMarker = wording(.readingUnclearMarker)
    }

    /// The same describer for the lines of a page read in `language` (nil: the listener's).
    public func lines(in language: Language?) -> ReadingDescriber {
        var describer = self
        describer.lineWording = language?.wording ?? wording
        describer.unclearMarker = describer.lineWording(.readingUnclearMarker)
        return describer
    }

    /// For the scene engine: its own confidence band, "End of text", each line on its own, and
    /// no lone characters.
    public static func scene(wording: Wording) -> ReadingDescriber {
        ReadingDescriber(wording: wording, unclearBelow: sceneUnclearBelow, reading: .text, joinsParagraphs: false,
                         loneCharacterBelow: .infinity)
    }

    /// One `.message` caption per readable line (messages are queued and never cut off, so
    /// a page is heard in full), then "End of page: …". With no readable line, only
    /// `onlyUnclearText` (some words, none clear) or `noReadableText`. A line that the next
    /// readable line of its paragraph goes on from says how (`joinsNext`). A flood of unclear
    /// words (`isFlooded`) opens with advice, and only its wholly clear lines are read.
    public func captions(for page: PageReading) -> [Caption] {
        let lines = page.lines.map(read)
        let flooded = isFlooded(lines)
        var captions: [Caption] = []
        var previousLine: Int?
        var leftOut = 0
        for (index, spoken) in said(lines, flooded: flooded).enumerated() {
            if spoken.isEmpty {
                if lines[index].words > 0 { leftOut += 1 }
                continue
            }
            if joinsParagraphs, let previous = previousLine {
                captions[captions.count - 1].joinsNext = join(page.lines[previous...index], captions[captions.count - 1].text,
                                                              to: spoken)
            }
            captions.append(Caption(text: spoken, priority: .message, confidence: page.lines[index].confidence,
                                    language: lineWording.language))
            previousLine = index
        }
        // The closing sentences describe the reading itself, which the tool knows for sure.
        let unclearWords = lines.map(\.unclearWords).reduce(0, +)
        guard flooded || !captions.isEmpty else {
            let sentence = unclearWords > 0 ? onlyUnclearText : noReadableText
            return [Caption(text: sentence, priority: .message, confidence: 1)]
        }
        let markers = captions.map { $0.text.components(separatedBy: unclearMarker).count - 1 }.reduce(0, +)
        if flooded {
            let advice = wording(.readingMostlyUnclear, ["reading": .text(reading.rawValue)])
            captions.insert(Caption(text: advice, priority: .message, confidence: 1), at: 0)
        }
        captions.append(Caption(text: summary(lines: captions.count - (flooded ? 1 : 0), unclear: markers, leftOut: leftOut),
                                priority: .message, confidence: 1))
        return captions
    }

    /// What is said of each line of `page`, "" for a line not said; as `captions(for:)` says them.
    public func spokenLines(of page: PageReading) -> [String] {
        let lines = page.lines.map(read)
        return said(lines, flooded: isFlooded(lines))
    }

    /// Whether too little of `page` is clear to be worth hearing: nothing read, nothing clear, or
    /// a flood of unclear words (`floodMinimum`, `floodOneIn`).
    public func isMostlyUnclear(_ page: PageReading) -> Bool {
        let lines = page.lines.map(read)
        return isFlooded(lines) || lines.allSatisfy(\.text.isEmpty)
    }

    /// Each line's words as said: in a flood, only the lines with no unclear word.
    private func said(_ lines: [SpokenLine], flooded: Bool) -> [String] {
        lines.map { flooded && $0.unclearWords > 0 ? "" : $0.text }
    }

    /// Whether so many words are unclear that markers would drown what was read.
    private func isFlooded(_ lines: [SpokenLine]) -> Bool {
        let unclear = lines.map(\.unclearWords).reduce(0, +)
        let words = lines.map(\.words).reduce(0, +)
        return unclear >= Self.floodMinimum && unclear * Self.floodOneIn >= words
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

    /// "End of page: 1 line." / "End of page: 9 lines, 2 unclear parts, 1 line too unclear to read."
    /// ("End of text" for a scene.) `unclear` counts the markers heard, `leftOut` the lines not said
    /// for want of a clear word.
    func summary(lines: Int, unclear: Int, leftOut: Int) -> String {
        let arguments: [String: MessageArgument] = [
            "reading": .text(reading.rawValue), "lines": .integer(lines), "unclear": .integer(unclear),
            "leftOut": .integer(leftOut),
        ]
        return wording(unclear > 0 || leftOut > 0 ? .readingEndWithUnclear : .readingEnd, arguments)
    }

    /// A line as said: its text ("" when no word in it is clear), and how many of its words
    /// were read (`words`) and of those unclear. Noise and stray characters are not words.
    struct SpokenLine {
        var text: String
        var words: Int
        var unclearWords: Int
    }

    private func read(_ line: TextLine) -> SpokenLine {
        var kept: [(text: String, confidence: Double)] = []
        for word in line.words {
            var text = word.text.trimmingWhitespace
            if text.isEmpty || isNoise(text, confidence: word.confidence) { continue }
            // A pictogram read as an accented letter glued to a word's capital ("èMarina").
            if text.count > 1, let first = text.first, StrayCharacter.isAccented(first), text.dropFirst().first?.isUppercase == true {
                text.removeFirst()
            }
            kept.append((text, word.confidence))
        }
        // A lone character of another script, or an accented letter that is no word, at either end.
        if let first = kept.first, isStray(first.text) { kept.removeFirst() }
        if let last = kept.last, isStray(last.text) { kept.removeLast() }
        if kept.count == 1, kept[0].text.count == 1, kept[0].confidence < loneCharacterBelow { kept = [] }

        var parts: [String] = []
        var unclearWords = 0
        var anyClear = false
        for (text, confidence) in kept {
            if confidence >= unclearBelow {
                parts.append(text)
                anyClear = true
            } else {
                unclearWords += 1
                // A run of unclear words is one gap to the listener, so one marker.
                if parts.last != unclearMarker { parts.append(unclearMarker) }
            }
        }
        return SpokenLine(text: anyClear ? parts.joined(separator: " ") : "", words: kept.count, unclearWords: unclearWords)
    }

    /// Tesseract reads specks, rules and edges as stray punctuation with low confidence;
    /// those are not words at all, so they are dropped rather than called unclear.
    private func isNoise(_ text: String, confidence: Double) -> Bool {
        confidence < unclearBelow && !text.contains { $0.isLetter || $0.isNumber }
    }

    private func isStray(_ text: String) -> Bool {
        guard text.count == 1, let character = text.first else { return false }
        return StrayCharacter.isForeignScript(character)
            || (StrayCharacter.isAccented(character) && !StrayCharacter.isWord(text, in: lineWording.language))
    }
}

private extension String {
    var trimmingWhitespace: String {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
