// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Stages
import Rendering

/// Every single-character key of a live session, once: the characters, what each does, and
/// the words that name it. The terminal's and the braille keyboard's key reading, the keys
/// said when a session starts, the `h` key's answer and the help text are all made from this
/// table, so none can list a key another does not know.
///
/// The review keys follow Orca's flat review and NVDA's review cursor where a terminal can
/// get them (a screen reader keeps its own keys): the keypad's rows 7 8 9 lines, 4 5 6 words
/// (5 twice spells), and the bottom row 1 2 3 what was said; Orca's laptop letters u i o lines
/// and j k l words, and v b n characters, the row below (Orca's own m , . are taken here) —
/// three neighbours on QWERTY, QWERTZ and AZERTY alike. Arrows, Home, End, Page Up and Down and the keypad's escape sequences are
/// read by `KeyMap`, which knows the terminal's sequences.
public enum KeyTable {
    /// Keys that share one entry in the spoken lists ("plus or minus verbosity").
    public struct Entry: Sendable {
        /// How the entry is said in a list of keys; nil for keys the lists leave out.
        public let words: MessageID?
        /// What there must be for the keys to do more than say there is nothing yet; the
        /// `h` answer names them only then.
        public var needs: Needs = .nothing
        /// Each character and what it does.
        public let keys: [(character: Character, press: KeyPress)]
    }

    /// What a key needs to act: something said (to repeat or review) or a reading (whose lines
    /// the line keys step through).
    public enum Needs: Sendable {
        case nothing, somethingSaid, aReading

        /// Whether `history` has it; without a history (no review to ask) it is taken to.
        public func isMet(by history: ReviewHistory?) -> Bool {
            guard let history else { return true }
            switch self {
            case .nothing: return true
            case .somethingSaid: return !history.utterances.isEmpty
            case .aReading: return !history.lines.isEmpty
            }
        }
    }

    /// The session's own keys, in the order they are said.
    public static let live: [Entry] = [
        Entry(words: .keysRepeat, needs: .somethingSaid, keys: [(" ", .live(.repeatLast))]),
        Entry(words: .keysDescribe, keys: [("d", .live(.describeNow)), ("D", .live(.describeNow))]),
        Entry(words: .keysRead, keys: [("r", .live(.readNow)), ("R", .live(.readNow))]),
        Entry(words: .keysSwitchMode, keys: [("m", .live(.switchMode)), ("M", .live(.switchMode))]),
        // `=` is `+` without Shift.
        Entry(words: .keysVerbosity, keys: [("+", .live(.moreVerbose)), ("=", .live(.moreVerbose)), ("-", .live(.lessVerbose))]),
        Entry(words: .keysPause, keys: [("p", .live(.pauseResume)), ("P", .live(.pauseResume))]),
        Entry(words: .keysQuit, keys: [("q", .live(.quit)), ("Q", .live(.quit))]),
    ]

    /// `h`: "h more keys" when a session starts, "h again for the review keys" in its own first answer.
    public static let help = Entry(words: nil, keys: [("h", .help), ("H", .help)])

    /// The review cursor's keys, in the order the help says them.
    public static let review: [Entry] = [
        Entry(words: .keysReviewUtterances, needs: .somethingSaid, keys: [
            ("1", .review(.previousUtterance)), (",", .review(.previousUtterance)),
            ("2", .review(.currentUtterance)),
            ("3", .review(.nextUtterance)), (".", .review(.nextUtterance)),
        ]),
        Entry(words: .keysReviewLines, needs: .aReading, keys: [
            ("7", .review(.previousLine)), ("u", .review(.previousLine)), ("U", .review(.previousLine)),
            ("8", .review(.currentLine)), ("i", .review(.currentLine)), ("I", .review(.currentLine)),
            ("9", .review(.nextLine)), ("o", .review(.nextLine)), ("O", .review(.nextLine)),
        ]),
        Entry(words: .keysReviewWords, needs: .somethingSaid, keys: [
            ("4", .review(.previousWord)), ("j", .review(.previousWord)), ("J", .review(.previousWord)),
            ("5", .review(.currentWord)), ("k", .review(.currentWord)), ("K", .review(.currentWord)),
            ("6", .review(.nextWord)), ("l", .review(.nextWord)), ("L", .review(.nextWord)),
        ]),
        Entry(words: .keysReviewCharacters, needs: .somethingSaid, keys: [
            ("v", .review(.previousCharacter)), ("V", .review(.previousCharacter)),
            ("b", .review(.currentCharacter)), ("B", .review(.currentCharacter)),
            ("n", .review(.nextCharacter)), ("N", .review(.nextCharacter)),
        ]),
        Entry(words: .keysReviewSpell, needs: .somethingSaid, keys: [("s", .review(.spellWord)), ("S", .review(.spellWord))]),
        Entry(words: .keysReviewReadOn, needs: .somethingSaid, keys: [("a", .review(.readToEnd)), ("A", .review(.readToEnd))]),
    ]

    /// What one character does, or nil for keys that mean nothing here.
    public static func press(for character: Character) -> KeyPress? {
        pressByCharacter[character]
    }

    private static let pressByCharacter: [Character: KeyPress] = {
        var presses: [Character: KeyPress] = [:]
        for entry in live + [help] + review {
            for (character, press) in entry.keys {
                precondition(presses[character] == nil, "the key \(character) is bound twice")
                presses[character] = press
            }
        }
        return presses
    }()

    /// "space repeat, d describe, …, q quit": the session's keys that act in this run (and,
    /// given what was said, act now), as a list.
    public static func liveKeys(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases),
                                said history: ReviewHistory? = nil) -> String {
        liveEntries(wording, acting: acting, said: history).joined(separator: ", ")
    }

    private static func liveEntries(_ wording: Wording, acting: Set<LiveCommand>, said history: ReviewHistory?) -> [String] {
        live.filter { entry in
            entry.needs.isMet(by: history)
                && entry.keys.contains { if case .live(let command) = $0.press { acting.contains(command) } else { false } }
        }.compactMap(\.words).map { wording($0) }
    }

    /// Said when a session starts: the session's keys that act, and where the rest are.
    public static func startSentence(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases)) -> String {
        wording(.keysStart, ["keys": .text(liveKeys(wording, acting: acting))])
    }

    /// The first `h`: the session's keys that act now, then where the review's are; short
    /// enough (under 30 words in every language) to hear out before pressing the key wanted.
    public static func helpSentence(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases),
                                    said history: ReviewHistory? = nil) -> String {
        let keys = liveEntries(wording, acting: acting, said: history) + [wording(.keysHelpAgain)]
        return wording(.keysHelpSentence, ["keys": .text(keys.joined(separator: ", "))])
    }

    /// The second `h`: the review keys that act now (the line keys only once there is a
    /// reading), or that they will once something is said.
    public static func reviewHelpSentence(_ wording: Wording, said history: ReviewHistory? = nil) -> String {
        let entries = review.filter { $0.needs.isMet(by: history) }.compactMap(\.words)
        guard !entries.isEmpty else { return wording(.keysReviewNothingYet) }
        return wording(.keysReviewSentence, ["review": .text(entries.map { wording($0) }.joined(separator: "; "))])
    }
}
