// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// What speech and braille receive instead of symbols and unit abbreviations.
@Suite struct SpokenTextTests {
    @Test(arguments: [
        ("Speed 2.0× real time.", "Speed 2.0 times real time."),
        ("2×", "2 times"),
        ("Battery at 40%.", "Battery at 40 percent."),
        ("40 % done", "40 percent done"),
        ("Probably a chair, about 2 m away.", "Probably a chair, about 2 metres away."),
        ("about 2m", "about 2 metres"),
        ("1 m", "one metre"),
        ("21 m and 0.1 s", "21 metres and 0.1 seconds"),
        ("2.5 km to go", "2.5 kilometres to go"),
        ("median 71 ms", "median 71 milliseconds"),
        ("wait 5 s", "wait 5 seconds"),
        ("1280x720 at 30 fps", "1280 by 720 at 30 frames a second"),
        ("turn 90° left", "turn 90 degrees left"),
        ("~2 m", "about 2 metres"),
        ("Salt & pepper", "Salt and pepper"),
        // Letters that only look like units are left alone.
        ("I'm here, m is a letter, ms Smith, 5 apples.", "I'm here, m is a letter, ms Smith, 5 apples."),
        ("Box x was moved", "Box x was moved"),
        ("Room 12b", "Room 12b"),
        ("", ""),
    ])
    func spelledOut(text: String, spoken: String) {
        #expect(SpokenText(wording: .english).spelledOut(text) == spoken)
    }

    /// A line of an English page read for a German listener is spoken by an English voice, so its
    /// symbols are spelled in English words; the listener's own sentences in German ones.
    @Test func symbolsAreSpelledInTheLanguageOfTheLine() {
        let german = SpokenText(wording: .loaded(.german))
        let line = "Battery at 40%, about 2 m away."
        let english = SpokenText(wording: .english).spelledOut(line)
        #expect(german.spelledOut(line, in: "en") == english)
        #expect(german.spelledOut(line, in: "de") == german.spelledOut(line))
        #expect(german.spelledOut(line, in: "de") != english)
        #expect(german.spelledOut(line, in: "") == german.spelledOut(line))
    }

    /// One of a unit is said whole, the number a word that agrees with the unit: a voice reads
    /// the digit in "1 kg" as the numeral ("eins Kilogramm", "un heure", "uno hora").
    @Test(arguments: [
        (Language.german, "1 kg Mehl, 1 h, 2 h", "ein Kilogramm Mehl, eine Stunde, 2 Stunden"),
        (.french, "pendant 1 h puis 1 min", "pendant une heure puis une minute"),
        (.spanish, "1 h y 1 s", "una hora y un segundo"),
        (.english, "(1 s)", "(one second)"),
        // French writes its own abbreviations for bytes and frame rates.
        (.french, "2 Go libres, 1 Mo, 30 ips", "2 gigaoctets libres, un mégaoctet, 30 images par seconde"),
        // Other languages have no words for them: the number and the letters stay.
        (.english, "1 Go and 2 Mo", "1 Go and 2 Mo"),
    ])
    func oneOfAUnitIsSaidWhole(language: Language, text: String, spoken: String) {
        #expect(SpokenText(wording: language.wording).spelledOut(text) == spoken)
    }

    @Test func everySentenceTheNarratorsWriteIsAlreadySpeakable() {
        // The narrators spell their own words ("metres", "percent"); spelling them again
        // must change nothing.
        for sentence in ["Probably a person, at 11 o'clock, about 2 metres.", "Possibly a car at 3 o'clock, 62 percent."] {
            #expect(SpokenText(wording: .english).spelledOut(sentence) == sentence)
        }
    }
}
