// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The review cursor over what was said: lines of the last reading, utterances, words across
/// their ends, spelling, reading on, the ends, and the 200-utterance limit.
@Suite struct ReviewCursorTests {
    static func said(_ kind: NarrationKind, _ text: String, frame: Int = 0) -> NarrationEvent {
        NarrationEvent(time: Timestamp(seconds: Double(frame)), frame: frame, kind: kind, priority: .message, text: text)
    }

    /// "Reading mode.", a page of three lines and its summary, then an object.
    static func afterAReading() -> ReviewCursor {
        var cursor = ReviewCursor(wording: .english)
        for event in [said(.status, "Reading mode."), said(.progress, "Reading."),
                      said(.text, "Take 2 tablets", frame: 1), said(.text, "twice a day.", frame: 1),
                      said(.text, "Keep cool", frame: 1), said(.cue, ""), said(.summary, "End of page: 3 lines.", frame: 1),
                      said(.objects, "A person ahead.", frame: 2)] {
            cursor.record(event)
        }
        return cursor
    }

    static let t = Timestamp(seconds: 100)

    /// Runs commands a second apart (never a double press), returning each answer.
    static func run(_ cursor: inout ReviewCursor, _ commands: [ReviewCommand]) -> [[String]] {
        commands.enumerated().map { cursor.perform($1, at: t.adding(seconds: Double($0))) }
    }

    @Test func historyKeepsWhatWasSaidNotProgressOrCues() {
        let cursor = Self.afterAReading()
        #expect(cursor.history.utterances == ["Reading mode.", "Take 2 tablets", "twice a day.", "Keep cool",
                                              "End of page: 3 lines.", "A person ahead."])
        #expect(cursor.history.lines == ["Take 2 tablets", "twice a day.", "Keep cool"])
    }

    @Test func linesStepThroughTheReadingAndSayTheEnds() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextLine, .nextLine, .nextLine, .nextLine, .currentLine, .previousLine,
                                   .previousLine, .previousLine, .firstLine, .lastLine])
                == [["Take 2 tablets"], ["twice a day."], ["Keep cool"], ["Bottom."], ["Keep cool"], ["twice a day."],
                    ["Take 2 tablets"], ["Top."], ["Take 2 tablets"], ["Keep cool"]])
    }

    /// Up first goes to the last line, what was heard last.
    @Test func backFromAFreshReadingIsItsLastLine() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.previousLine, .previousLine]) == [["Keep cool"], ["twice a day."]])
    }

    @Test func wordsCrossToTheNeighbourLineAtEitherEnd() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextLine, .nextWord, .nextWord, .nextWord, .nextWord, .currentWord,
                                   .previousWord, .previousWord, .previousWord, .previousWord, .previousWord, .previousWord])
                == [["Take 2 tablets"], ["2"], ["tablets"], ["twice"], ["a"], ["a"],
                    ["twice"], ["tablets"], ["2"], ["Take"], ["Top."], ["Top."]])
        // To the end of the reading and past it.
        #expect(Self.run(&cursor, [.lastLine, .nextWord, .nextWord]) == [["Keep cool"], ["cool"], ["Bottom."]])
        #expect(Self.run(&cursor, [.currentWord]) == [["cool"]])
    }

    /// Word keys work in the reading right after one; by utterance once an utterance key moved.
    @Test func wordsFollowTheListMovedInLast() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextWord]) == [["Take"]])
        #expect(Self.run(&cursor, [.currentUtterance, .nextWord, .nextWord, .nextWord])
                == [["A person ahead."], ["person"], ["ahead."], ["Bottom."]])
        #expect(Self.run(&cursor, [.previousUtterance, .previousWord]) == [["End of page: 3 lines."], ["cool"]])
    }

    /// A word spelled is one answer, its characters named and parted by commas (before, one
    /// answer a character: a line each on the terminal, a message each in speech).
    @Test func spellingSaysCapitalsDigitsAndSymbolsInOneAnswer() {
        let names = CharacterNames(wording: .english)
        #expect(names.spelled("Box7") == "capital B, o, x, 7")
        #expect(names.spelled("42.5%") == "4, 2, dot, 5, percent")
        #expect(names.spelled("(e-mail)") == "left paren, e, dash, m, a, i, l, right paren")
        #expect(names.spelled("Éa§") == "capital É, a, section sign")
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextLine, .spellWord, .nextWord, .spellWord])
                == [["Take 2 tablets"], ["capital T, a, k, e"], ["2"], ["2"]])
    }

    /// In every language, a letter of its own as a voice says it: German "groß T", Spanish "T mayúscula".
    @Test(arguments: [(Language.german, "groß T, a, k, e"), (.french, "majuscule T, a, k, e"), (.spanish, "T mayúscula, a, k, e")])
    func spellingInEachLanguage(_ language: Language, expected: String) {
        #expect(CharacterNames(wording: language.wording).spelled("Take") == expected)
    }

    /// Orca's and NVDA's habit: the current-word key pressed twice quickly spells the word;
    /// slower, it says the word again; a third quick press says it again.
    @Test func currentWordTwiceQuicklySpells() {
        var cursor = Self.afterAReading()
        _ = Self.run(&cursor, [.nextLine, .nextWord, .nextWord])
        let spelled = ["t, a, b, l, e, t, s"]
        let second = Self.t.adding(seconds: 10)
        #expect(cursor.perform(.currentWord, at: second) == ["tablets"])
        #expect(cursor.perform(.currentWord, at: second.adding(seconds: 0.3)) == spelled)
        #expect(cursor.perform(.currentWord, at: second.adding(seconds: 0.6)) == ["tablets"])
        #expect(cursor.perform(.currentWord, at: second.adding(seconds: 2)) == ["tablets"])
        #expect(cursor.perform(.currentWord, at: second.adding(seconds: 2.7)) == ["tablets"])  // too slow
        // A move between the presses is not a double press.
        _ = cursor.perform(.nextWord, at: second.adding(seconds: 3))
        #expect(cursor.perform(.currentWord, at: second.adding(seconds: 3.2)) == ["twice"])
    }

    @Test func readToEndFromTheCurrentLineOrUtterance() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.readToEnd]) == [["Take 2 tablets", "twice a day.", "Keep cool"]])
        #expect(Self.run(&cursor, [.nextLine, .nextLine, .readToEnd]).last == ["twice a day.", "Keep cool"])
        #expect(Self.run(&cursor, [.previousUtterance, .readToEnd]).last == ["End of page: 3 lines.", "A person ahead."])
    }

    @Test func utterancesStepFromTheNewest() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextUtterance, .currentUtterance, .previousUtterance, .nextUtterance, .nextUtterance])
                == [["Bottom."], ["A person ahead."], ["End of page: 3 lines."], ["A person ahead."], ["Bottom."]])
        let back = Self.run(&cursor, [ReviewCommand](repeating: .previousUtterance, count: 6))
        #expect(back.suffix(2) == [["Reading mode."], ["Top."]])
    }

    /// `1` right after something was said goes to what was said before it: the newest was
    /// just heard (`2` says it again). With only one thing said, there is nothing before it.
    @Test func backFromTheNewestUtteranceIsTheOneBeforeIt() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.previousUtterance, .previousUtterance]) == [["End of page: 3 lines."], ["Keep cool"]])
        var fresh = Self.afterAReading()
        #expect(Self.run(&fresh, [.currentUtterance, .previousUtterance]) == [["A person ahead."], ["End of page: 3 lines."]])
        var one = ReviewCursor(wording: .english)
        one.record(Self.said(.status, "Awareness mode."))
        #expect(Self.run(&one, [.previousUtterance, .currentUtterance]) == [["Top."], ["Awareness mode."]])
    }

    /// Characters one at a time, spaces and symbols by name, crossing to the neighbouring line
    /// at either end as words do; word keys carry on from the character's word.
    @Test func charactersStepThroughTheLineAndSaySpacesByName() {
        var cursor = Self.afterAReading()
        #expect(Self.run(&cursor, [.nextLine, .nextCharacter, .nextCharacter, .nextCharacter, .nextCharacter, .nextCharacter,
                                   .currentCharacter, .previousCharacter])
                == [["Take 2 tablets"], ["a"], ["k"], ["e"], ["space"], ["2"], ["2"], ["space"]])
        #expect(Self.run(&cursor, [.nextWord, .nextCharacter]) == [["2"], ["space"]])
        // Before a line's first character is the previous line's last, and back; before the
        // first line's first, the top.
        #expect(Self.run(&cursor, [.nextLine, .previousCharacter, .nextCharacter]) == [["twice a day."], ["s"], ["t"]])
        #expect(Self.run(&cursor, [.lastLine, .previousCharacter]) == [["Keep cool"], ["dot"]])
        #expect(Self.run(&cursor, [.firstLine, .currentCharacter, .previousCharacter]) == [["Take 2 tablets"], ["capital T"], ["Top."]])
    }

    /// With no line placed, characters start at the entry of what was said, in its first word.
    @Test func charactersOfWhatWasSaid() {
        var cursor = ReviewCursor(wording: .english)
        #expect(Self.run(&cursor, [.nextCharacter]) == [["Nothing said yet."]])
        cursor.record(Self.said(.status, "End of video."))
        #expect(Self.run(&cursor, [.nextCharacter, .nextCharacter, .nextCharacter, .nextCharacter, .previousCharacter,
                                   .previousCharacter, .previousCharacter, .previousCharacter, .previousCharacter])
                == [["capital E"], ["n"], ["d"], ["space"], ["d"], ["n"], ["capital E"], ["Top."], ["Top."]])
    }

    @Test func nothingYetIsSaidSo() {
        var cursor = ReviewCursor(wording: .english)
        #expect(Self.run(&cursor, [.nextLine, .nextWord, .previousUtterance, .spellWord, .readToEnd])
                == [["No reading yet."], ["Nothing said yet."], ["Nothing said yet."], ["Nothing said yet."], ["Nothing said yet."]])
        cursor.record(Self.said(.status, "Awareness mode."))
        #expect(Self.run(&cursor, [.currentLine, .currentWord]) == [["No reading yet."], ["Awareness"]])
    }

    /// A new reading replaces the lines and the line cursor starts afresh; anything said
    /// between two readings ends the first.
    @Test func aNewReadingReplacesTheLines() {
        var cursor = Self.afterAReading()
        _ = Self.run(&cursor, [.nextLine, .nextLine])
        cursor.record(Self.said(.text, "EXIT", frame: 3))
        cursor.record(Self.said(.text, "Platform 4", frame: 3))
        #expect(cursor.history.lines == ["EXIT", "Platform 4"])
        #expect(Self.run(&cursor, [.nextLine, .nextWord]) == [["EXIT"], ["Platform"]])
    }

    /// The repeat key delivers the same event again: kept once.
    @Test func aRepeatedEventIsKeptOnce() {
        var cursor = ReviewCursor(wording: .english)
        let event = Self.said(.objects, "A chair.")
        cursor.record(event)
        cursor.record(event)
        cursor.record(Self.said(.objects, "A chair.", frame: 5))  // said again later: a new utterance
        #expect(cursor.history.utterances == ["A chair.", "A chair."])
    }

    /// The oldest go past 200; a cursor on one that stays keeps its place.
    @Test func historyKeepsTheLast200() {
        var cursor = ReviewCursor(wording: .english)
        for index in 0..<150 { cursor.record(Self.said(.status, "Utterance \(index).", frame: index)) }
        #expect(Self.run(&cursor, [.currentUtterance]) == [["Utterance 149."]])
        for index in 150..<260 { cursor.record(Self.said(.status, "Utterance \(index).", frame: index)) }
        #expect(cursor.history.utterances.count == ReviewHistory.utteranceLimit)
        #expect(cursor.history.utterances.first == "Utterance 60." && cursor.history.utterances.last == "Utterance 259.")
        #expect(Self.run(&cursor, [.currentUtterance, .nextUtterance]) == [["Utterance 149."], ["Utterance 150."]])
        let back = Self.run(&cursor, [ReviewCommand](repeating: .previousUtterance, count: 91))
        #expect(back.suffix(2) == [["Utterance 60."], ["Top."]])
        // A cursor on one that has gone is at the oldest kept.
        for index in 260..<300 { cursor.record(Self.said(.status, "Utterance \(index).", frame: index)) }
        #expect(Self.run(&cursor, [.currentUtterance]) == [["Utterance 100."]])
    }
}
