// SPDX-License-Identifier: GPL-3.0-or-later
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
        /// Each character and what it does.
        public let keys: [(character: Character, press: KeyPress)]
    }

    /// The session's own keys, in the order they are said.
    public static let live: [Entry] = [
        Entry(words: .keysRepeat, keys: [(" ", .live(.repeatLast))]),
        Entry(words: .keysDescribe, keys: [("d", .live(.describeNow)), ("D", .live(.describeNow))]),
        Entry(words: .keysRead, keys: [("r", .live(.readNow)), ("R", .live(.readNow))]),
        Entry(words: .keysSwitchMode, keys: [("m", .live(.switchMode)), ("M", .live(.switchMode))]),
        // `=` is `+` without Shift.
        Entry(words: .keysVerbosity, keys: [("+", .live(.moreVerbose)), ("=", .live(.moreVerbose)), ("-", .live(.lessVerbose))]),
        Entry(words: .keysPause, keys: [("p", .live(.pauseResume)), ("P", .live(.pauseResume))]),
        Entry(words: .keysQuit, keys: [("q", .live(.quit)), ("Q", .live(.quit))]),
    ]

    /// `h`: "h more keys" when a session starts; the `h` answer does not name itself.
    public static let help = Entry(words: nil, keys: [("h", .help), ("H", .help)])

    /// The review cursor's keys, in the order the help says them.
    public static let review: [Entry] = [
        Entry(words: .keysReviewUtterances, keys: [
            ("1", .review(.previousUtterance)), (",", .review(.previousUtterance)),
            ("2", .review(.currentUtterance)),
            ("3", .review(.nextUtterance)), (".", .review(.nextUtterance)),
        ]),
        Entry(words: .keysReviewLines, keys: [
            ("7", .review(.previousLine)), ("u", .review(.previousLine)), ("U", .review(.previousLine)),
            ("8", .review(.currentLine)), ("i", .review(.currentLine)), ("I", .review(.currentLine)),
            ("9", .review(.nextLine)), ("o", .review(.nextLine)), ("O", .review(.nextLine)),
        ]),
        Entry(words: .keysReviewWords, keys: [
            ("4", .review(.previousWord)), ("j", .review(.previousWord)), ("J", .review(.previousWord)),
            ("5", .review(.currentWord)), ("k", .review(.currentWord)), ("K", .review(.currentWord)),
            ("6", .review(.nextWord)), ("l", .review(.nextWord)), ("L", .review(.nextWord)),
        ]),
        Entry(words: .keysReviewCharacters, keys: [
            ("v", .review(.previousCharacter)), ("V", .review(.previousCharacter)),
            ("b", .review(.currentCharacter)), ("B", .review(.currentCharacter)),
            ("n", .review(.nextCharacter)), ("N", .review(.nextCharacter)),
        ]),
        Entry(words: .keysReviewSpell, keys: [("s", .review(.spellWord)), ("S", .review(.spellWord))]),
        Entry(words: .keysReviewReadOn, keys: [("a", .review(.readToEnd)), ("A", .review(.readToEnd))]),
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

    /// "space repeat, d describe, …, q quit": the session's keys that act in this run, as a list.
    public static func liveKeys(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases)) -> String {
        live.filter { entry in
            entry.keys.contains { if case .live(let command) = $0.press { acting.contains(command) } else { false } }
        }.compactMap(\.words).map { wording($0) }.joined(separator: ", ")
    }

    /// Said when a session starts: the session's keys that act, and where the rest are.
    public static func startSentence(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases)) -> String {
        wording(.keysStart, ["keys": .text(liveKeys(wording, acting: acting))])
    }

    /// The `h` key's answer, in plain words: the session's keys that act, then the review's,
    /// a sentence each, so a screen reader can stop after the first.
    public static func helpSentences(_ wording: Wording, acting: Set<LiveCommand> = Set(LiveCommand.allCases)) -> [String] {
        [wording(.keysHelpSentence, ["keys": .text(liveKeys(wording, acting: acting))]),
         wording(.keysReviewSentence, ["review": .text(review.compactMap(\.words).map { wording($0) }.joined(separator: "; "))])]
    }
}
