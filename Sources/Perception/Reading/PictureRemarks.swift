// SPDX-License-Identifier: GPL-3.0-or-later
/// What is said about the picture itself, before its lines or instead of them: that it is too
/// dark or too blurred to read (measured before reading, `PictureQuality`), or that the page lay
/// upside down or on its side and was read turned. A listener who cannot see the picture wants
/// the reason a reading failed rather than a string of guesses, and wants to hear once that the
/// page was turned, so as to hold it the right way next time.
enum PictureRemarks {
    /// The picture's problem, if it has one: darkness first, since a dark picture is also
    /// grainy and soft, and more light is the first thing to fix.
    static func problem(_ quality: PictureQuality, wording: Wording) -> String? {
        if quality.isTooDark { return wording(.pictureTooDark) }
        if quality.isBlurred { return wording(.pictureBlurred) }
        return nil
    }

    /// "The page was upside down; reading it turned." for a reading of a turned page; nil otherwise.
    static func turned(_ reading: PageReading, wording: Wording) -> String? {
        guard reading.turnedDegrees != 0 else { return nil }
        return wording(.pageTurned, ["turn": .text(reading.turnedDegrees == 180 ? "upside-down" : "sideways")])
    }

    /// `captions` (the describer's for `reading`) with the remarks. A too dark or blurred picture
    /// is said first, and its lines follow only when the reading is clear all the same
    /// (`ReadingDescriber.isMostlyUnclear`): the lines of a page too blurred to read are guesses.
    static func captions(_ captions: [Caption], of reading: PageReading, quality: PictureQuality,
                         describer: ReadingDescriber) -> [Caption] {
        let wording = describer.wording
        if let problem = problem(quality, wording: wording) {
            let sentence = Caption(text: problem, priority: .message, confidence: 1)
            return describer.isMostlyUnclear(reading) ? [sentence] : [sentence] + withTurn(captions, reading, wording)
        }
        return withTurn(captions, reading, wording)
    }

    private static func withTurn(_ captions: [Caption], _ reading: PageReading, _ wording: Wording) -> [Caption] {
        guard let turned = turned(reading, wording: wording) else { return captions }
        return [Caption(text: turned, priority: .message, confidence: 1)] + captions
    }
}
