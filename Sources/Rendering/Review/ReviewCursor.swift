// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Narration

/// A position in what was said, moved by `ReviewCommand`s, after Orca's flat review and
/// NVDA's review cursor: by line of the last reading, by utterance, and by word or character
/// within the line or utterance (crossing to its neighbour at either end). Each command returns what to
/// say, one message per entry; at an end it says so ("Top.", "Bottom.") and stays.
public struct ReviewCursor: Sendable {
    /// Two presses of `currentWord` within this many seconds spell the word: Orca's default
    /// double-click time, which NVDA's "press twice" follows too.
    public static let doublePressSeconds = 0.5

    /// The words of its answers.
    public let wording: Wording
    public var top: String { wording(.reviewTop) }
    public var bottom: String { wording(.reviewBottom) }
    public var noReading: String { wording(.reviewNoReading) }
    public var nothingSaid: String { wording(.reviewNothingSaid) }

    /// The two lists the cursor moves in.
    enum List { case lines, utterances }

    public private(set) var history = ReviewHistory()
    /// The list a word, spelling or read-to-end command works in: the one moved in last;
    /// nil lets a new reading have it.
    private var focus: List?
    /// Index into `history.lines`; nil until a line command places it.
    private var line: Int?
    /// The reading `line` belongs to; a new reading starts the line cursor afresh.
    private var lineReading = 0
    /// Counted from the first utterance ever kept (see `ReviewHistory.dropped`); nil until placed.
    private var utterance: Int?
    /// The word within the current line or utterance.
    private var word = 0
    /// The character within the current line or utterance, as an offset; on the first
    /// character of `word` after a word move, and `word` is the one it is in (or follows).
    private var character = 0
    /// When `currentWord` was last asked, and where, for the double press.
    private var lastWordPress: (time: Timestamp, list: List, item: Int, word: Int)?

    public init(wording: Wording) {
        self.wording = wording
    }

    /// Keeps a delivered event (the cursor stays where it is).
    public mutating func record(_ event: NarrationEvent) {
        let readings = history.readings
        history.record(event)
        if history.readings != readings { focus = nil }
    }

    /// What to say for `command`, asked at `time` (a monotonic clock, for the double press).
    public mutating func perform(_ command: ReviewCommand, at time: Timestamp) -> [String] {
        let wordPress = lastWordPress
        lastWordPress = nil
        switch command {
        case .previousLine: return move(in: .lines, by: -1)
        case .nextLine: return move(in: .lines, by: 1)
        case .currentLine: return move(in: .lines, by: 0)
        case .firstLine, .lastLine:
            guard !history.lines.isEmpty else { return [noReading] }
            place(.lines, at: command == .firstLine ? 0 : history.lines.count - 1)
            return [history.lines[current(.lines)!]]
        case .previousCharacter: return moveCharacter(by: -1)
        case .currentCharacter: return moveCharacter(by: 0)
        case .nextCharacter: return moveCharacter(by: 1)
        case .previousUtterance: return move(in: .utterances, by: -1)
        case .nextUtterance: return move(in: .utterances, by: 1)
        case .currentUtterance: return move(in: .utterances, by: 0)
        case .previousWord: return moveWord(by: -1)
        case .nextWord: return moveWord(by: 1)
        case .currentWord:
            let said = moveWord(by: 0)
            let list = wordList, item = current(list)
            if let item, let press = wordPress, press.list == list, press.item == item, press.word == word,
               time.seconds(since: press.time) <= Self.doublePressSeconds {
                return spellCurrentWord()
            }
            if let item { lastWordPress = (time, list, item, word) }
            return said
        case .spellWord:
            let said = moveWord(by: 0)
            return current(wordList) == nil ? said : spellCurrentWord()
        case .readToEnd:
            let list = wordList
            let items = self.items(list)
            guard !items.isEmpty else { return [emptySentence(list)] }
            let from = current(list) ?? entry(list)
            return Array(items[from...])
        }
    }

    // MARK: Lines and utterances

    private func items(_ list: List) -> [String] {
        list == .lines ? history.lines : history.utterances
    }

    private func emptySentence(_ list: List) -> String {
        list == .lines ? noReading : nothingSaid
    }

    /// Where a list is entered before its cursor is placed: a reading at its first line,
    /// what was said at the newest sentence.
    private func entry(_ list: List) -> Int {
        list == .lines ? 0 : history.utterances.count - 1
    }

    /// The list's cursor as an index into its items; nil when not placed (or its reading was replaced).
    private func current(_ list: List) -> Int? {
        switch list {
        case .lines:
            guard let line, lineReading == history.readings, line < history.lines.count else { return nil }
            return line
        case .utterances:
            guard let utterance, !history.utterances.isEmpty else { return nil }
            return min(max(utterance - history.dropped, 0), history.utterances.count - 1)
        }
    }

    /// Places the cursor on an item's `word`, or on its `character` (and the word that holds it).
    private mutating func place(_ list: List, at index: Int, word: Int = 0, character: Int? = nil) {
        focus = list
        let starts = Self.wordStarts(items(list)[index])
        if let character {
            self.character = character
            self.word = starts.lastIndex { $0 <= character } ?? 0
        } else {
            self.word = word
            self.character = starts.indices.contains(word) ? starts[word] : 0
        }
        switch list {
        case .lines:
            line = index
            lineReading = history.readings
        case .utterances:
            utterance = index + history.dropped
        }
    }

    /// Moves by one line or utterance (0: stays, placing the cursor if it was not yet). From an
    /// unplaced cursor, back goes to the last line of a reading (what was heard last) but to
    /// the utterance before the newest (the newest was just heard; the current key says it
    /// again), and forward to the first line of a reading; nothing is newer than the newest
    /// utterance.
    private mutating func move(in list: List, by step: Int) -> [String] {
        let items = self.items(list)
        guard !items.isEmpty else { return [emptySentence(list)] }
        let target: Int
        if let index = current(list) {
            target = index + step
        } else {
            switch (list, step) {
            case (.lines, 1), (_, 0): target = entry(list)
            case (.utterances, 1): target = items.count
            case (.utterances, _): target = items.count - 2
            default: target = items.count - 1
            }
        }
        guard target >= 0 else { focus = list; return [top] }
        guard target < items.count else { focus = list; return [bottom] }
        place(list, at: target)
        return [items[target]]
    }

    // MARK: Words

    /// The list word commands work in.
    private var wordList: List {
        focus ?? (history.lines.isEmpty ? .utterances : .lines)
    }

    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace)
    }

    /// Where each of `words(text)` starts, as a character offset.
    static func wordStarts(_ text: String) -> [Int] {
        var starts: [Int] = []
        var afterSpace = true
        for (offset, character) in text.enumerated() {
            if afterSpace, !character.isWhitespace { starts.append(offset) }
            afterSpace = character.isWhitespace
        }
        return starts
    }

    /// Moves by one word, into the next (or previous) line or utterance past either end of
    /// this one; an unplaced cursor is placed at its list's entry, on the first word.
    private mutating func moveWord(by step: Int) -> [String] {
        let list = wordList
        let items = self.items(list)
        guard !items.isEmpty else { return [emptySentence(list)] }
        guard let item = current(list) else {
            let start = entry(list)
            place(list, at: start)
            return Self.words(items[start]).first.map { [String($0)] } ?? [items[start]]
        }
        focus = list
        var index = item, position = word + step
        while true {
            let words = Self.words(items[index])
            if position >= 0, position < words.count {
                place(list, at: index, word: position)
                return [String(words[position])]
            }
            if step == 0 { return [items[index]] }  // a line with no words: say it as it is
            index += step > 0 ? 1 : -1
            guard items.indices.contains(index) else { return [step > 0 ? bottom : top] }
            position = step > 0 ? 0 : Self.words(items[index]).count - 1
        }
    }

    // MARK: Characters

    /// Moves by one character, said by name (a space is "space"), into the next (or previous)
    /// line or utterance past either end of this one; an unplaced cursor is placed at its
    /// list's entry, on the first character of its first word.
    private mutating func moveCharacter(by step: Int) -> [String] {
        let list = wordList
        let items = self.items(list)
        guard !items.isEmpty else { return [emptySentence(list)] }
        guard let item = current(list) else {
            let start = entry(list)
            place(list, at: start)
            return [characterName(Array(items[start])[character])]
        }
        focus = list
        var index = item, position = character + step
        while true {
            let characters = Array(items[index])
            if characters.indices.contains(position) {
                place(list, at: index, character: position)
                return [characterName(characters[position])]
            }
            if step == 0 { return [items[index]] }
            index += step > 0 ? 1 : -1
            guard items.indices.contains(index) else { return [step > 0 ? bottom : top] }
            position = step > 0 ? 0 : items[index].count - 1
        }
    }

    /// The current word spelled, as one answer.
    private func spellCurrentWord() -> [String] {
        guard let item = current(wordList) else { return [] }
        let words = Self.words(items(wordList)[item])
        guard words.indices.contains(word) else { return [] }
        return [CharacterNames(wording: wording).spelled(String(words[word]))]
    }

    /// A character said by name (a space is "space").
    func characterName(_ character: Character) -> String {
        CharacterNames(wording: wording).name(character)
    }
}
