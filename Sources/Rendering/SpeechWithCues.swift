// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Narration
import Frames

/// A speech renderer that also plays cues: sentences go to `speech` as before, cue events to a
/// `CuePlayer` on a sound stream of its own, which the sound server mixes with the voice, so a
/// tone never queues behind words, delays them or cuts them off. Both speech renderers
/// (speech-dispatcher and espeak-ng) are wrapped so.
///
/// When no sound device for cues opened, speech goes on without them, and the first cue says
/// why, once, on this channel: only someone who would have heard the tone needs to know, and only
/// in a mode that uses tones.
public final class SpeechWithCues: Renderer {
    public let speech: any Renderer
    private let cues: CuePlayer?
    /// Why cues cannot play, in words and their language, until it has been said.
    private let unsaid: Mutex<(text: String, language: String)?>

    /// Owns both from now on: `finish` closes the player and finishes the speech.
    public init(speech: any Renderer, cues: CuePlayer) {
        self.speech = speech
        self.cues = cues
        unsaid = Mutex(nil)
    }

    /// Speech without cues, because `unavailable` (its sentence, worded by `wording` when it is
    /// a `WordedError`).
    public init(speech: any Renderer, unavailable: any Error, wording: Wording) {
        self.speech = speech
        cues = nil
        let reason = wording(SystemReason.sentence(for: unavailable))
        unsaid = Mutex((reason, wording.language))
    }

    public func render(_ event: NarrationEvent) {
        guard event.kind == .cue else { return speech.render(event) }
        if let cues {
            if let tone = event.tone { cues.play(tone) }
        } else if let reason = unsaid.withLock({ reason in defer { reason = nil }; return reason }) {
            speech.render(NarrationEvent(time: event.time, frame: event.frame, kind: .status, priority: .message,
                                         text: reason.text, language: reason.language))
        }
    }

    /// Cues are this channel's to play; everything else is as the speech renderer decides.
    public func conveys(_ event: NarrationEvent) -> Bool {
        event.kind == .cue ? event.tone != nil : speech.conveys(event)
    }

    /// The cue first: it is silenced within milliseconds, and must not tick on while speech stops.
    public func interrupt() {
        cues?.interrupt()
        speech.interrupt()
    }

    /// A cue does not outlive the session: it stops at once, while speech may finish its queue.
    public func finish(timeoutSeconds: Double) {
        cues?.close()
        speech.finish(timeoutSeconds: timeoutSeconds)
    }
}
