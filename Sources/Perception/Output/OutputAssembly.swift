// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Narration
import Stages
import Rendering

/// Builds the output router a plan asks for. Speech is speech-dispatcher (the user's own
/// voice, rate and queue, shared with Orca), else espeak-ng; a channel whose device cannot
/// be opened is replaced by text, said once, so the user is never left without narration.
/// Speech and braille are failovers: a server that dies mid-run is replaced (speech-dispatcher
/// by espeak-ng, then text; BRLTTY by text), said once, and taken back when it returns.
/// Speech also plays cues (tones and ticks) on a sound stream of their own; when none opens,
/// speech goes on without them and the first cue says so. Speech joins a paragraph's lines and
/// says it a sentence at a time (`SpokenSentences`). A live session's review cursor is fed every
/// event and answers on channels of its own (`reviewAnswers`).
public enum OutputAssembly {
    public static func router(_ plan: OutputPlan, speech settings: SpeechSettings, braille grade: BrailleGrade = .computer,
                       wording: Wording, console: Console,
                       captions: CaptionTrack? = nil, commands: (@Sendable (LiveCommand) -> Void)? = nil,
                       review: LiveReview? = nil, factories: RendererFactories = .system) -> OutputRouter {
        var plan = plan
        var notices: [String] = []
        var speech: (any Renderer)?
        var braille: (any Renderer)?
        var failovers: [FailoverRenderer] = []
        var dispatcherSpeaks = false
        var dispatcherFailed = false
        let toErrors = plan.textStream == .standardError
        let text = LineRenderer(format: .text) { line in toErrors ? console.report(line) : console.print(line) }
        // The last level of a failover: the terminal, unless a text route prints the narration already.
        func terminal(_ plan: OutputPlan) -> FailoverRenderer.Level {
            FailoverRenderer.Level(name: wording(.channelTerminal), taking: wording(.channelTakingTerminal),
                                   carriesEvents: !plan.channels.contains(.text), open: { text })
        }
        if plan.channels.contains(.speech) {
            let levels = [
                FailoverRenderer.Level(name: wording(.channelSpeechDispatcher), taking: wording(.channelTakingSpeechDispatcher),
                                       open: { try factories.speechDispatcher(settings, wording) },
                                       reopen: { try (factories.speechDispatcherAgain ?? factories.speechDispatcher)(settings, wording) }),
                FailoverRenderer.Level(name: wording(.channelEspeak), taking: wording(.channelTakingEspeak),
                                       open: { try factories.espeak(settings, wording) }),
                terminal(plan),
            ]
            do {
                speech = FailoverRenderer(levels: levels, active: 0, renderer: try factories.speechDispatcher(settings, wording),
                                          wording: wording)
                dispatcherSpeaks = true
            } catch let dispatcherError {
                // A server that hung is there but silent: the user restarts it rather than starts it.
                // So is one that answered what is not SSIP, or closed the connection unanswered.
                let hung = (dispatcherError as? RendererError)?.message.id == .speechDispatcherNotAnswering
                dispatcherFailed = hung
                do {
                    speech = FailoverRenderer(levels: levels, active: 1, renderer: try factories.espeak(settings, wording),
                                              wording: wording)
                    notices.append(wording(hung ? .channelSpeakingWithEspeakNoAnswer : .channelSpeakingWithEspeak))
                } catch {
                    plan = plan.replacing(.speech)
                    notices.append(wording(hung ? .channelCannotSpeakNoAnswer : .channelCannotSpeak,
                                           ["reason": .text(clause(error, wording))]))
                }
            }
        }
        if let failover = speech as? FailoverRenderer { failovers.append(failover) }
        // Whichever voice speaks, a paragraph is said as sentences, not line by printed line.
        if let voice = speech { speech = SpokenSentences(speech: voice, wording: wording) }
        if let words = speech {
            do {
                if let cues = try factories.cues() { speech = SpeechWithCues(speech: words, cues: cues) }
            } catch {
                // Said by the first cue, if any comes: most modes never play one.
                speech = SpeechWithCues(speech: words, unavailable: error, wording: wording)
            }
        }
        if plan.channels.contains(.braille) {
            do {
                let display = FailoverRenderer(levels: [
                    FailoverRenderer.Level(name: wording(.channelBrltty), taking: wording(.channelTakingBrltty),
                                           open: { try factories.braille(commands, wording, grade) }),
                    terminal(plan),
                ], active: 0, renderer: try factories.braille(commands, wording, grade), wording: wording)
                failovers.append(display)
                braille = display
            } catch {
                plan = plan.replacing(.braille)
                notices.append(wording(.channelPrintingInstead, ["reason": .text(clause(error, wording))]))
            }
        }

        var events: [OutputRouter.Route] = []
        for channel in plan.channels {
            switch channel {
            case .speech: if let speech { events.append(.init(channel: .speech, renderer: speech, sense: .hearing)) }
            case .braille: if let braille { events.append(.init(channel: .braille, renderer: braille, sense: .touch)) }
            case .text: events.append(.init(channel: .text, renderer: text, sense: plan.sense(of: plan.textStream)))
            case .jsonl: events.append(.init(channel: .jsonl, renderer: LineRenderer(format: .jsonl) { console.print($0) }, sense: nil))
            }
        }
        if let captions { events.append(.init(channel: .text, renderer: captions, sense: nil)) }
        if let review {
            // A record route (no sense), so it is handed every event the person was given.
            events.append(.init(channel: .text, renderer: review, sense: nil))
            let answerErrors = plan.textStream == .standardError ? text : LineRenderer(format: .text) { console.report($0) }
            review.answer(through: reviewAnswers(plan, speech: speech, text: text, errorText: answerErrors, settings: settings,
                                                 wording: wording, ownConnection: dispatcherSpeaks ? factories.reviewSpeech : nil))
        }

        var reports: [OutputRouter.Route] = []
        if let speech { reports.append(.init(channel: .speech, renderer: speech, sense: .hearing)) }
        if let braille { reports.append(.init(channel: .braille, renderer: braille, sense: .touch)) }
        let errorText = plan.textStream == .standardError ? text : LineRenderer(format: .text) { console.report($0) }
        reports.append(.init(channel: .text, renderer: errorText, sense: plan.sense(of: .standardError)))

        let router = OutputRouter(events: events, reports: reports, failovers: failovers, language: wording.language,
                                  serverFailedAtStart: dispatcherFailed)
        for notice in notices { router.report(notice) }
        return router
    }

    /// Where review answers go: a speech-dispatcher client of their own when the narration speaks
    /// through speech-dispatcher (else queued in the narration's speech), and the terminal when
    /// the profile prints text. With neither speech nor text (braille or JSON Lines alone) they
    /// are printed on standard error, so a key is never met with silence.
    private static func reviewAnswers(_ plan: OutputPlan, speech: (any Renderer)?, text: any Renderer, errorText: any Renderer,
                                      settings: SpeechSettings, wording: Wording,
                                      ownConnection: (@Sendable (SpeechSettings, Wording) throws -> any Renderer)?) -> LiveReview.Output {
        var answers = LiveReview.Output(sharedSpeech: speech)
        if speech != nil, let ownConnection { answers.speech = try? ownConnection(settings, wording) }
        if plan.channels.contains(.text) {
            answers.text = text
        } else if speech == nil {
            answers.text = errorText
        }
        return answers
    }

    /// An error's sentence without its closing full stop, to be joined into another sentence.
    private static func clause(_ error: any Error, _ wording: Wording) -> String {
        let sentence = wording(RuntimeFailure(error).message)
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// Says a failure that ended the command before its output was set up, on the channels
    /// its profile would have used (spoken as important, with its fix), else on standard error.
    public static func sayFailure(_ failure: RuntimeFailure, plan: OutputPlan?, speech: SpeechSettings, wording: Wording,
                                  console: Console, factories: RendererFactories = .system) {
        say(wording(failure.message), kind: .error, plan: plan, speech: speech, wording: wording, console: console, factories: factories)
    }

    /// Says one sentence about the run outside its router (a failure before it was set up,
    /// "Stopped." after it let go), on the channels its profile uses, else on standard error.
    public static func say(_ sentence: String, kind: NarrationKind = .status, plan: OutputPlan?, speech: SpeechSettings,
                           wording: Wording, console: Console, factories: RendererFactories = .system) {
        guard let plan, plan.channels.contains(where: { $0 == .speech || $0 == .braille }) else {
            console.report(sentence)
            return
        }
        let router = router(plan, speech: speech, wording: wording, console: console, factories: factories)
        router.report(sentence, kind: kind)
        router.finish(timeoutSeconds: 10)
    }
}
