// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The caption track's cues: times, merging, lengths, both formats.
@Suite struct CaptionTrackTests {
    static func event(_ seconds: Double, _ text: String, kind: NarrationKind = .objects) -> NarrationEvent {
        NarrationEvent(time: Timestamp(seconds: seconds), frame: Int(seconds * 30), kind: kind, priority: .text, text: text)
    }

    static func track(_ format: CaptionTrack.Format, _ events: [NarrationEvent]) -> String {
        var text = ""
        let track = CaptionTrack(format: format) { text += $0 }
        events.forEach(track.add)
        track.finish()
        return text
    }

    @Test(arguments: [
        (0.0, "00:00:00.000"), (0.0004, "00:00:00.000"), (0.0005, "00:00:00.001"), (1.5, "00:00:01.500"),
        (61.25, "00:01:01.250"), (3723.004, "01:02:03.004"),
    ])
    func timesAreHoursMinutesSecondsMilliseconds(seconds: Double, expected: String) {
        #expect(CaptionTrack.time(Timestamp(seconds: seconds), separator: ".") == expected)
    }

    /// Sentences of one moment share a cue; a cue lasts its reading time (3 words a second,
    /// at least 1.5 s) unless the next starts sooner; progress is not captioned.
    @Test func cuesMergeMomentsAndEndAtTheNextOrAfterReadingTime() {
        let text = Self.track(.webVTT, [
            Self.event(1, "Probably a person, at 12 o'clock."),
            Self.event(1, "Possibly a dog, at 2 o'clock."),
            Self.event(2, "Batch 10 percent done.", kind: .progress),
            Self.event(3, "Probably a chair, ahead."),
            Self.event(10, "End of video.", kind: .status),
        ])
        #expect(text == """
            WEBVTT

            00:00:01.000 --> 00:00:03.000
            Probably a person, at 12 o'clock.
            Possibly a dog, at 2 o'clock.

            00:00:03.000 --> 00:00:04.500
            Probably a chair, ahead.

            00:00:10.000 --> 00:00:11.500
            End of video.


            """)
    }

    @Test func subRipNumbersItsCuesAndUsesCommas() {
        let text = Self.track(.subRip, [Self.event(0.5, "Probably a cat, ahead."), Self.event(1, "Possibly a bed, ahead.")])
        #expect(text == """
            1
            00:00:00,500 --> 00:00:01,000
            Probably a cat, ahead.

            2
            00:00:01,000 --> 00:00:02,500
            Possibly a bed, ahead.


            """)
    }

    @Test(arguments: [("talk.vtt", CaptionTrack.Format.webVTT), ("TALK.SRT", .subRip), ("talk.txt", nil), ("talk", nil)])
    func formatComesFromTheExtension(name: String, format: CaptionTrack.Format?) {
        #expect(CaptionTrack.Format(fileName: name) == format)
    }
}
