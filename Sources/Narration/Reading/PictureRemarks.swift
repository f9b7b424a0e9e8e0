// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing

/// What is said about the picture itself, before its lines or instead of them: that it is too
/// dark or too blurred to read (measured before reading, `PictureQuality`), that the page lay
/// upside down or on its side and was read turned, or that it was read in another language than
/// the listener's. A listener who cannot see the picture wants the reason a reading failed rather
/// than a string of guesses, wants to hear once that the page was turned, so as to hold it the
/// right way next time, and to know why the voice changes for its lines.
package enum PictureRemarks {
    /// The picture's problem, if it has one: darkness first, since a dark picture is also
    /// grainy and soft, and more light is the first thing to fix.
    static func problem(_ quality: PictureQuality, wording: Wording) -> String? {
        if quality.isTooDark { return wording(.pictureTooDark) }
        if quality.isBlurred { return wording(.pictureBlurred) }
        return nil
    }

    /// "The page was upside down; reading it turned." for a reading of a turned page; nil otherwise.
    package static func turned(_ reading: PageReading, wording: Wording) -> String? {
        guard reading.turnedDegrees != 0 else { return nil }
        return wording(.pageTurned, ["turn": .text(reading.turnedDegrees == 180 ? "upside-down" : "sideways")])
    }

    /// "Read as an English page." ("Read as English text." for the scene engine's reading, `as`)
    /// for a reading in a language other than the listener's, in the listener's words; nil otherwise.
    package static func language(_ reading: PageReading, as kind: ReadingDescriber.Reading, wording: Wording) -> String? {
        guard let language = reading.language, language.code != wording.language else { return nil }
        return wording(.readingLanguage, ["reading": .text(kind.rawValue), "language": .text(language.code)])
    }

    /// `captions` (the describer's for `reading`) with the remarks. A too dark or blurred picture
    /// is said first, and its lines follow only when the reading is clear all the same
    /// (`ReadingDescriber.isMostlyUnclear`): the lines of a page too blurred to read are guesses.
    package static func captions(_ captions: [Caption], of reading: PageReading, quality: PictureQuality,
                         describer: ReadingDescriber) -> [Caption] {
        let wording = describer.wording
        if let problem = problem(quality, wording: wording) {
            let sentence = Caption(text: problem, priority: .message, confidence: 1)
            return describer.isMostlyUnclear(reading) ? [sentence] : [sentence] + withRemarks(captions, reading, describer)
        }
        return withRemarks(captions, reading, describer)
    }

    /// How the page was turned, then the language it was read in, before the lines.
    private static func withRemarks(_ captions: [Caption], _ reading: PageReading, _ describer: ReadingDescriber) -> [Caption] {
        let wording = describer.wording
        let remarks = [turned(reading, wording: wording), language(reading, as: describer.reading, wording: wording)].compactMap { $0 }
        return remarks.map { Caption(text: $0, priority: .message, confidence: 1) } + captions
    }
}
