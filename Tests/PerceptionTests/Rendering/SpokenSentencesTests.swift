// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A page's lines as the reading stages send them: text events at message priority, each line
/// but a paragraph's last saying how the next goes on.
private func lines(_ lines: [(String, LineJoin?)], frame: Int = 3) -> [NarrationEvent] {
    lines.map { NarrationEvent(time: Timestamp(microseconds: 100_000), frame: frame, kind: .text, priority: .message,
                               text: $0.0, joinsNext: $0.1) }
}

private func spoken(_ events: [NarrationEvent]) -> [String] {
    let speech = RecordingRenderer("speech")
    let sentences = SpokenSentences(speech: speech, wording: .english)
    for event in events { sentences.render(event) }
    return speech.said
}

@Suite struct SpokenSentencesTests {
    @Test func aParagraphsLinesAreSaidAsItsSentences() {
        let said = spoken(lines([
            ("Point a camera at a printed page and sensecam reads it", .space),
            ("aloud, line by line, in reading order. Words it is not", .space),
            ("sure of are spoken as unclear rather than guessed.", nil),
        ]))
        #expect(said == [
            "Point a camera at a printed page and sensecam reads it aloud, line by line, in reading order.",
            "Words it is not sure of are spoken as unclear rather than guessed.",
        ])
    }

    @Test(arguments: [
        // Broken to fit the line: said whole.
        (("legal cop-", LineJoin.word), "ying, i.e., the plaintiff.", "legal copying, i.e., the plaintiff."),
        // A compound: the hyphen stays, and no space comes in.
        (("a well-", .hyphen), "known rule.", "a well-known rule."),
        // A dash before a space is punctuation between words.
        (("wait -", .space), "then go.", "wait - then go."),
    ])
    func aHyphenAtALinesEndIsMendedOrKept(first: (String, LineJoin), next: String, expected: String) {
        #expect(spoken(lines([first, (next, nil)])) == [expected])
    }

    /// A page's lines are split by the abbreviations of the language they were read in, not the
    /// listener's: French has no "Mr.", so with French rules "Mr. Smith" would be two sentences.
    @Test func linesAreSplitByTheirOwnLanguagesAbbreviations() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .loaded(.french))
        var line = lines([("The letter was signed by Mr. Smith. He left.", nil)])[0]
        line.language = "en"
        sentences.render(line)
        #expect(speech.said == ["The letter was signed by Mr. Smith.", "He left."])
        line.language = "fr"
        line.frame += 1
        sentences.render(line)
        #expect(speech.said.suffix(3) == ["The letter was signed by Mr.", "Smith.", "He left."])
    }

    /// A German day before its month is an ordinal ("am 12. März"), not a sentence's end; a
    /// number's stop before any other word still ends one.
    @Test func aDayBeforeItsMonthIsNotASentencesEnd() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .loaded(.german))
        var line = lines([("Die Straße ist am 12. März gesperrt. Es waren 12. Dann kam der Bus.", nil)])[0]
        line.language = "de"
        sentences.render(line)
        #expect(speech.said == ["Die Straße ist am 12. März gesperrt.", "Es waren 12.", "Dann kam der Bus."])
    }

    /// Narration of several sentences reaches speech a sentence at a time, all of its moment,
    /// so newer narration can replace what is left of it at a sentence's end, never mid-way.
    @Test func narrationReachesSpeechASentenceAtATime() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .english)
        let event = NarrationEvent(time: Timestamp(microseconds: 1_000_000), frame: 15, kind: .objects, priority: .text,
                                   text: "Probably two people, from 11 to 1 o'clock. Possibly a handbag, at 1 o'clock.")
        sentences.render(event)
        #expect(speech.said == ["Probably two people, from 11 to 1 o'clock.", "Possibly a handbag, at 1 o'clock."])
        #expect(speech.events.allSatisfy { $0.frame == 15 && $0.priority == .text })
    }

    /// Text after the last full sentence waits for the paragraph's end, and is then said, even
    /// without a full stop (a heading, a list item).
    @Test func textNotEndingASentenceWaitsForItsParagraphsEnd() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .english)
        let page = lines([("One sentence. And the start", .space), ("of another", nil), ("Heading", nil)])
        sentences.render(page[0])
        #expect(speech.said == ["One sentence."])
        sentences.render(page[1])
        #expect(speech.said == ["One sentence.", "And the start of another"])
        sentences.render(page[2])
        #expect(speech.said.last == "Heading")
    }

    /// Awareness between two lines of a paragraph is said at once; the sentence the lines
    /// share is said whole, after it.
    @Test func awarenessBetweenLinesIsNotHeldAndDoesNotSplitTheSentence() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .english)
        let page = lines([("Take two tablets", .space), ("twice a day.", nil)])
        sentences.render(page[0])
        sentences.render(NarrationEvent(time: .zero, frame: 4, kind: .hazard, priority: .important, text: "Person approaching."))
        sentences.render(NarrationEvent(time: .zero, frame: 4, kind: .cue, priority: .notification, text: ""))
        sentences.render(page[1])
        #expect(speech.said == ["Person approaching.", "", "Take two tablets twice a day."])
    }

    /// A sentence keeps its line's priority and moment; the mark is the composer's alone.
    @Test func sentencesKeepTheLinesPriorityAndTime() {
        final class Events: Renderer {
            let log = Mutex<[NarrationEvent]>([])
            var events: [NarrationEvent] { log.withLock { $0 } }
            func render(_ event: NarrationEvent) { log.withLock { $0.append(event) } }
            func interrupt() {}
            func finish(timeoutSeconds: Double) {}
        }
        let speech = Events()
        let sentences = SpokenSentences(speech: speech, wording: .english)
        for event in lines([("First. Second", .space), ("part.", nil)]) { sentences.render(event) }
        #expect(speech.events.map(\.text) == ["First.", "Second part."])
        #expect(speech.events.allSatisfy { $0.priority == .message && $0.kind == .text && $0.frame == 3 && $0.joinsNext == nil })
    }

    @Test func anInterruptDropsWhatWaitsAndFinishSaysIt() {
        let speech = RecordingRenderer("speech")
        let sentences = SpokenSentences(speech: speech, wording: .english)
        sentences.render(lines([("Cut off", .space)])[0])
        sentences.interrupt()
        sentences.render(lines([("Said at", .space)], frame: 5)[0])
        sentences.finish(timeoutSeconds: 1)
        #expect(speech.said == ["<interrupt>", "Said at", "<finish>"])
    }

    /// A line of another reading (another frame) does not go on a paragraph that never ended.
    @Test func anotherReadingsLineIsNotJoinedOn() {
        let said = spoken(lines([("The first page stops", .space)], frame: 1) + lines([("Another page.", nil)], frame: 9))
        #expect(said == ["The first page stops", "Another page."])
    }

    @Test func unclearMarkersStayWords() {
        let said = spoken(lines([("the term (unclear) opportunity", .space), ("does not apply. (unclear) Next.", nil)]))
        #expect(said == ["the term (unclear) opportunity does not apply. (unclear) Next."])
    }

    @Test(arguments: [
        ("Dr. Smith arrived. He sat down.", ["Dr. Smith arrived.", "He sat down."]),
        ("Use a tool, e.g. A hammer. Then stop.", ["Use a tool, e.g. A hammer.", "Then stop."]),
        ("The dose is 2.5 mg. Take it daily.", ["The dose is 2.5 mg.", "Take it daily."]),
        ("Written by J. R. R. Tolkien. It is long.", ["Written by J. R. R. Tolkien.", "It is long."]),
        ("Made in the U.S. Army works.", ["Made in the U.S. Army works."]),
        ("Bateman v. Mnemonics, Inc., 79 F.3d 1532 (11th Cir. 1996). Copying requires both.",
         ["Bateman v. Mnemonics, Inc., 79 F.3d 1532 (11th Cir. 1996).", "Copying requires both."]),
        ("Rural Tel. Serv. Co., 499 U.S. 340 (1991).", ["Rural Tel. Serv. Co., 499 U.S. 340 (1991)."]),
        ("Is it? Yes! It is.", ["Is it?", "Yes!", "It is."]),
        ("He said “Stop.” Then he left.", ["He said “Stop.”", "Then he left."]),
        ("Wait... Now go.", ["Wait...", "Now go."]),
        ("It ends in 1996. 340 more came.", ["It ends in 1996. 340 more came."]),
        ("see id. at 1249 and so on", ["see id. at 1249 and so on"]),
        ("Price: £4.50. (Tax included.) Paid.", ["Price: £4.50.", "(Tax included.)", "Paid."]),
    ])
    func sentencesEndWhereAReaderWouldPause(text: String, expected: [String]) {
        #expect(spoken(lines([(text, nil)])) == expected)
    }
}
