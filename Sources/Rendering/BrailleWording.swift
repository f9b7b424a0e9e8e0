// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Narration

/// The words for a braille display: one line an event, terse enough that an object report
/// fits a 40-cell display — "person 11h ~2m" — and split into display-wide segments for
/// panning when it does not.
///
/// An object is its noun (with a count for several), its clock hour with "h", and "~" with
/// the distance in metres, rounded as the spoken estimate rounds it ("~2m", "~1.5m",
/// "~0.5m" for "about half a metre"); no distance when it is unknown. Several objects are
/// joined by "; ". Hedging survives: as in terse speech, the "probably" band carries no mark
/// and the "possibly" band is marked "?" on the noun ("dog? 12h") — the display never
/// asserts more than the model has. A hazard starts with "!" ("! car 12h ~4m"), the mark a
/// braille reader meets first. Read text is shown as read; the tool's own sentences
/// (status, guidance, errors) are spelled out by `SpokenText` and lose their final stop.
public struct BrailleWording: Sendable {
    public let wording: Wording
    private let spoken: SpokenText

    public init(wording: Wording) {
        self.wording = wording
        spoken = SpokenText(wording: wording)
    }

    /// Cells on the most common display size, for when BRLTTY does not say.
    public static let defaultWidth = 40
    /// Opens a hazard's line.
    public static let hazardMark = "!"
    /// Follows the noun of an object in the "possibly" band.
    public static let unsureMark = "?"
    static let separator = "; "

    /// The line for an event, or nil for one a braille display skips (progress, sounds).
    public func line(for event: NarrationEvent) -> String? {
        switch event.kind {
        case .progress, .cue:
            return nil
        case .objects, .summary:
            return objects(event.objects) ?? sentence(event.text)
        case .hazard:
            let marked = ObjectSentences.group(event.objects).map { "\(Self.hazardMark) " + group($0) }
            return marked.isEmpty ? "\(Self.hazardMark) " + sentence(event.text) : marked.joined(separator: Self.separator)
        case .text:
            return Self.collapsed(event.text)
        case .guidance, .status, .error:
            return sentence(event.text)
        }
    }

    /// Objects in speaking order ("probably" first, then more, then nearer), joined; nil
    /// when none is confident enough to name.
    public func objects(_ objects: [NarratedObject]) -> String? {
        let groups = ObjectSentences.group(objects)
        return groups.isEmpty ? nil : groups.map(group).joined(separator: Self.separator)
    }

    /// "person 11h ~2m", "2 people? 9h", "TV 1h", "3 people +2? 11-1h", "9 people mostly 12h",
    /// and for newcomers of a kind already spoken of "another person 12h", "2 more people 1h".
    public func group(_ group: ObjectGroup) -> String {
        let noun = ObjectNoun(label: group.label, wording: wording)
        let lead = group.leadCount
        let arguments: [String: MessageArgument] = [
            "number": .text(String(lead)), "count": .integer(lead), "objects": noun.argument(.many, count: lead),
            "gender": noun.argument(.gender),
        ]
        let counted = switch (lead, group.isNews) {
        case (1, false): noun.bare
        case (1, true): noun.another
        case (_, false): wording(.objectsCount, arguments)
        case (_, true): wording(.objectsMore, arguments)
        }
        var words = [counted + (group.band == .possibly ? Self.unsureMark : "")]
        if group.probable > 0, group.possible > 0 { words.append("+\(group.possible)\(Self.unsureMark)") }
        switch group.place {
        case .at(let hour): words.append(wording(.brailleObjectsAt, ["hour": .integer(hour.hour)]))
        case .mostly(let hour): words.append(wording(.brailleObjectsMostly, ["hour": .integer(hour.hour)]))
        case .span(let from, let to): words.append(wording(.brailleObjectsSpan, ["from": .integer(from.hour), "to": .integer(to.hour)]))
        }
        if let metres = group.distanceMetres, let distance = distance(metres) { words.append(distance) }
        return words.joined(separator: " ")
    }

    /// The distance as `DistanceEstimate.spoken` rounds it, in metres with "~": "~0.5m",
    /// "~1m", "~1.5m", "~7m", "~15m"; nil when it is not a distance.
    public func distance(_ metres: Double) -> String? {
        DistanceEstimate.rounded(metres).map { wording(.brailleDistance, ["metres": .decimal($0, places: 1)]) }
    }

    /// The text cut into pieces of at most `width` cells at spaces, for panning. A clause
    /// ending in ";" that fits on a display of its own is not split, so an object's hour
    /// and distance stay with its name; a word wider than the display is cut where the
    /// display ends. Cells are counted as BrlAPI counts them, one a Unicode scalar. Always
    /// at least one piece ("" for no text).
    ///
    /// With a `translator` each clause is put into literary braille first and its cells are
    /// packed: a contracted line is cut where its cells fill the display, not its print.
    public static func segments(_ text: String, width: Int, translator: BrailleTranslator? = nil) -> [String] {
        var packer = Packer(width: max(1, width))
        var clause: [Substring] = []
        func add() {
            // A clause liblouis fails on is shown as print rather than lost.
            if let translator, !clause.isEmpty, let cells = translator.cells(clause.joined(separator: " ")) {
                clause = cells.split(whereSeparator: \.isWhitespace)
            }
            packer.add(clause)
            clause = []
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            clause.append(word)
            if word.hasSuffix(";") { add() }
        }
        add()
        return packer.finished()
    }

    /// Fills display-wide pieces word by word.
    private struct Packer {
        let width: Int
        var pieces: [String] = []
        var current = ""
        var used = 0

        mutating func add(_ clause: [Substring]) {
            guard !clause.isEmpty else { return }
            let cells = clause.reduce(clause.count - 1) { $0 + $1.unicodeScalars.count }
            if used > 0, used + 1 + cells > width, cells <= width { flush() }
            for word in clause { add(word) }
        }

        private mutating func add(_ word: Substring) {
            var word = word
            if used > 0, used + 1 + word.unicodeScalars.count > width { flush() }
            // Longer than the display: whole displays of it, the rest starting the next piece.
            while word.unicodeScalars.count > width {
                var cut = word.startIndex
                var cells = 0
                while cut < word.endIndex, cells + word[cut].unicodeScalars.count <= width {
                    cells += word[cut].unicodeScalars.count
                    cut = word.index(after: cut)
                }
                if cut == word.startIndex { cut = word.index(after: cut) }  // one character wider than the display
                current += word[..<cut]
                flush()
                word = word[cut...]
            }
            guard !word.isEmpty else { return }
            if used > 0 {
                current += " "
                used += 1
            }
            current += word
            used += word.unicodeScalars.count
        }

        private mutating func flush() {
            pieces.append(current)
            current = ""
            used = 0
        }

        mutating func finished() -> [String] {
            if used > 0 || pieces.isEmpty { flush() }
            return pieces
        }
    }

    // MARK: Pieces

    /// One line: a display has no line breaks, and runs of spaces waste cells.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The tool's own sentence, spelled out, without its final full stop.
    func sentence(_ text: String) -> String {
        var line = Self.collapsed(spoken.spelledOut(text))
        if line.hasSuffix("."), !line.hasSuffix("..") { line.removeLast() }
        return line
    }
}
