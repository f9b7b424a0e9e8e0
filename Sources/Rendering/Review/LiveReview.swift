// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Frames
import Narration

/// The review cursor of a live session. It is a renderer on the narration's own bus (a record
/// route, so it is handed every event the person was given) and answers review commands at
/// once, on the thread that asks, through channels of its own: never through the narration's
/// queue, so an answer interrupts only the previous answer.
///
/// Answers are `status` events at message priority: user-requested sentences about what was
/// said, not about the scene. Each answer, and each line or sentence of reading on, opens with
/// a short marker ("Review: Take 2 tablets"), spoken and printed, so it cannot be taken for
/// narration going on beside it. They go to the review's own speech connection (a second
/// speech-dispatcher client, whose cancel leaves the narration's messages alone) and, when
/// the profile prints text, to the terminal; never to JSON Lines or captions, which record
/// what the camera saw (the review only repeats it), nor to braille, whose display keys
/// review the same history themselves.
public final class LiveReview: Renderer {
    /// Where the answers go.
    public struct Output: Sendable {
        /// The review's own speech connection: interrupted before each answer, which cancels
        /// only the review's messages.
        public var speech: (any Renderer)?
        /// Used while the review has no speech of its own (no speech-dispatcher, or it died):
        /// the narration's speech, never interrupted, so an answer queues beside the narration.
        public var sharedSpeech: (any Renderer)?
        /// The terminal, when the profile prints the narration.
        public var text: (any Renderer)?

        public init(speech: (any Renderer)? = nil, sharedSpeech: (any Renderer)? = nil, text: (any Renderer)? = nil) {
            self.speech = speech
            self.sharedSpeech = sharedSpeech
            self.text = text
        }
    }

    private let cursor: Mutex<ReviewCursor>
    private let output = Mutex(Output())
    /// The words of its answers' marker, and their language.
    private let wording: Wording
    private var language: String { wording.language }

    public init(wording: Wording) {
        cursor = Mutex(ReviewCursor(wording: wording))
        self.wording = wording
    }

    /// Sets where the answers go (the output is assembled after the review is made).
    public func answer(through output: Output) {
        self.output.withLock { $0 = output }
    }

    /// The history so far (for tests; it is never written anywhere).
    public var history: ReviewHistory { cursor.withLock { $0.history } }

    /// Carries out `command` and says its answer, marked as the review's.
    public func perform(_ command: ReviewCommand) {
        let now = MonotonicClock.now()
        let answer = cursor.withLock { $0.perform(command, at: now) }
        // Every entry: reading on says several lines or sentences, each printed on a line of its
        // own and each spoken beside narration that may come between them.
        say(answer.map { wording(.reviewAnswer, ["text": .text($0)]) })
    }

    /// Says `sentences` as the review's answer (the key help, too), cutting off the last answer.
    public func say(_ sentences: [String]) {
        let events = sentences.map {
            NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: $0, language: language)
        }
        let output = self.output.withLock { $0 }
        if let speech = output.speech, (speech as? any FallibleRenderer)?.failure == nil {
            speech.interrupt()
            for event in events { speech.render(event) }
        } else if let shared = output.sharedSpeech {
            for event in events { shared.render(event) }
        }
        if let text = output.text {
            for event in events { text.render(event) }
        }
    }

    // MARK: Renderer (the narration's bus feeds the history)

    public func render(_ event: NarrationEvent) {
        cursor.withLock { $0.record(event) }
    }

    public func conveys(_ event: NarrationEvent) -> Bool {
        ReviewHistory.isUtterance(event)
    }

    /// Quit, pause and a switch of mode silence the review's answer too; the history stays.
    public func interrupt() {
        output.withLock { $0.speech }?.interrupt()
    }

    /// Releases the review's own speech connection (the shared one is the narration's to finish).
    public func finish(timeoutSeconds: Double) {
        output.withLock { $0.speech }?.finish(timeoutSeconds: timeoutSeconds)
    }
}
