// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization
import Words
import Frames
import Narration

/// Speech through espeak-ng when speech-dispatcher is not running. espeak-ng has no priorities
/// of its own, so a `SpeechQueue` applies speech-dispatcher's rules, paced so that narration
/// never cuts narration off, in front of it, on a thread of the renderer's own (speech waits on
/// the sound device, never on the cooperative pool).
public final class EspeakRenderer: Renderer {
    private let mailbox = CommandMailbox<Command>()
    /// Spells symbols out before they reach the synthesizer.
    private let spoken: SpokenText

    /// Speaks on the default sound device; throws at once (in about 0.3 s) when there is none.
    public convenience init(settings: SpeechSettings, wording: Wording) throws(RendererError) {
        self.init(output: try EspeakPlayback(settings: settings), wording: wording)
    }

    /// Speaks through `output`; the renderer owns it from now on and closes it in `finish`.
    public init(output: any SpeechOutput, wording: Wording) {
        spoken = SpokenText(wording: wording)
        let thread = Thread { [mailbox] in Self.run(output, mailbox) }
        thread.name = "espeak"
        thread.start()
    }

    deinit { finish(timeoutSeconds: 0) }

    public func render(_ event: NarrationEvent) {
        let text = spoken.forVoice(event.text, language: event.language)
        guard !text.allSatisfy(\.isWhitespace) else { return }
        mailbox.post(.say(SpeechQueue.Utterance(event, text: text)))
    }

    /// Returns once the output has been silenced (within a second at worst), also while
    /// `finish` lets the last utterances be said (Ctrl-C after a page is read out).
    public func interrupt() {
        let silenced = DispatchSemaphore(value: 0)
        guard mailbox.post(.interrupt(silenced), evenWhenClosed: true) else { return }
        _ = silenced.wait(timeout: .now() + 1)
    }

    public func finish(timeoutSeconds: Double) {
        let deadline = MonotonicClock.now().adding(seconds: max(0, timeoutSeconds))
        mailbox.post(.finish(deadline), closing: true)
        // The thread gets a little longer than the timeout to silence and close the output.
        if mailbox.done.wait(timeout: .now() + max(0, timeoutSeconds) + 2) == .success {
            mailbox.done.signal()  // for any other caller waiting on the same end
        }
    }

    /// Synthesizes `text` exactly as given (symbols are not spelled out) into a 16-bit mono
    /// WAV file at espeak-ng's rate (22 050 Hz).
    public static func synthesize(_ text: String, settings: SpeechSettings, toWAV path: String) throws(RendererError) {
        let synthesizer = try EspeakSynthesizer(CVision_EspeakMemory, settings: settings)
        defer { synthesizer.close() }
        let audio = try synthesizer.synthesize(text)
        try WAVFile.write(audio.samples, sampleRate: audio.sampleRate, to: path)
    }

    /// speech-dispatcher's rate (-100...100, 0 the default) as espeak-ng's words a minute: 80 at
    /// -100, 175 at 0, 450 at 100, linear on each side.
    static func wordsPerMinute(rate: Int) -> Int {
        let rate = min(max(rate, SpeechSettings.rateRange.lowerBound), SpeechSettings.rateRange.upperBound)
        return rate < 0 ? 175 + (175 - 80) * rate / 100 : 175 + (450 - 175) * rate / 100
    }

    private enum Command: Sendable {
        case say(SpeechQueue.Utterance)
        case interrupt(DispatchSemaphore)
        case finish(Timestamp)
    }

    /// The speech thread: applies commands to the queue, starts the next utterance when the
    /// output falls silent, and polls the output every 10 ms while it speaks.
    private static func run(_ output: any SpeechOutput, _ mailbox: CommandMailbox<Command>) {
        var queue = SpeechQueue()
        var deadline: Timestamp?
        func apply(_ actions: [SpeechQueue.Action]) {
            for action in actions {
                switch action {
                case .stopCurrent: output.stop()
                case .speak(let utterance): output.start(utterance.text, language: utterance.language)
                }
            }
        }
        while true {
            for command in mailbox.takeAll() {
                switch command {
                case .say(let utterance): apply(queue.add(utterance))
                case .interrupt(let silenced):
                    apply(queue.cancelAll())
                    silenced.signal()
                case .finish(let end): deadline = end
                }
            }
            while queue.current != nil, !output.isSpeaking {
                guard let next = queue.finished(now: MonotonicClock.now().seconds) else { break }
                output.start(next.text, language: next.language)
            }
            if let deadline, queue.isIdle || MonotonicClock.now() >= deadline {
                apply(queue.cancelAll())
                output.close()
                mailbox.done.signal()
                return
            }
            let idle = queue.current == nil && deadline == nil
            _ = mailbox.wake.wait(timeout: idle ? .distantFuture : .now() + .milliseconds(10))
        }
    }
}
