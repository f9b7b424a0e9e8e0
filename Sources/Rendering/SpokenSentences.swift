// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Seeing
import Narration

/// Speech that sounds like reading: a paragraph's printed lines (text events marked
/// `joinsNext`) are joined, a word broken by a hyphen at a line's end is said whole, and what
/// reaches `speech` is one sentence per event, each still a message so that awareness cannot
/// cut it off. Text after the last complete sentence waits for the next line, and is said when
/// its paragraph ends. Narration (text priority) of several sentences reaches `speech` a
/// sentence per event too, all of one moment: what is left of it when newer narration comes is
/// dropped at a sentence's end, never in the middle of one. Every other event passes at once,
/// so a hazard is not held behind a paragraph. Only the speech channels are wrapped: captions,
/// braille and JSON keep the lines.
public final class SpokenSentences: Renderer {
    public let speech: any Renderer

    /// The paragraph so far after its last complete sentence, how the next line joins it, and
    /// the event it came with.
    private struct Held {
        var text: String
        var join: LineJoin
        var event: NarrationEvent
    }

    private let held = Mutex<Held?>(nil)
    /// Where sentences end, by the abbreviations of the session's language.
    private let boundaries: SentenceBoundaries
    /// The same for each other language a page has been read in, by its code, made when first
    /// needed.
    private let otherBoundaries = Mutex<[String: SentenceBoundaries]>([:])
    private let language: String

    /// Owns `speech` from now on: `finish` finishes it.
    public init(speech: any Renderer, wording: Wording) {
        self.speech = speech
        boundaries = SentenceBoundaries(wording: wording)
        language = wording.language
    }

    /// Where sentences end in a line in `code`'s language, by that language's abbreviations
    /// ("Dr." in English, "Hr." in German): a page is split as it is written.
    private func boundaries(for code: String) -> SentenceBoundaries {
        guard code != language, let other = Language(code: code) else { return boundaries }
        return otherBoundaries.withLock { made in
            if let known = made[code] { return known }
            let new = SentenceBoundaries(wording: other.wording)
            made[code] = new
            return new
        }
    }

    public func render(_ event: NarrationEvent) {
        guard event.kind == .text else {
            guard event.priority == .text else { return speech.render(event) }
            let (sentences, rest) = boundaries.split(event.text)
            for sentence in sentences + [rest] { say(sentence, as: event) }
            return
        }
        // Sent under the lock, so two renders cannot reorder sentences; the speech renderers
        // only queue and return.
        held.withLock { held in
            var text = event.text
            if let waiting = held {
                if Self.sameReading(waiting.event, event) {
                    text = waiting.join.join(waiting.text, event.text)
                } else {
                    // A line from another reading: the paragraph it interrupts will not go on.
                    say(waiting.text, as: waiting.event)
                }
                held = nil
            }
            let (sentences, rest) = boundaries(for: event.language).split(text)
            for sentence in sentences { say(sentence, as: event) }
            if let join = event.joinsNext, !rest.isEmpty {
                held = Held(text: rest, join: join, event: event)
            } else {
                say(rest, as: event)
            }
        }
    }

    /// What waits is dropped with everything else: an interrupt silences the paragraph.
    public func interrupt() {
        held.withLock { $0 = nil }
        speech.interrupt()
    }

    /// What waits is said before the speech renderer lets its queue finish.
    public func finish(timeoutSeconds: Double) {
        held.withLock { held in
            if let waiting = held { say(waiting.text, as: waiting.event) }
            held = nil
        }
        speech.finish(timeoutSeconds: timeoutSeconds)
    }

    public func conveys(_ event: NarrationEvent) -> Bool { speech.conveys(event) }

    /// The lines of one reading come from one frame together.
    private static func sameReading(_ a: NarrationEvent, _ b: NarrationEvent) -> Bool {
        a.frame == b.frame && a.time == b.time
    }

    private func say(_ sentence: String, as line: NarrationEvent) {
        guard !sentence.isEmpty else { return }
        var event = line
        event.text = sentence
        event.joinsNext = nil
        speech.render(event)
    }
}
