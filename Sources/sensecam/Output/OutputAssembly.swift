import Perception

/// How renderers that need a device or a server are opened; tests swap in their own.
struct RendererFactories: Sendable {
    var speechDispatcher: @Sendable (SpeechSettings) throws -> any Renderer
    var espeak: @Sendable (SpeechSettings) throws -> any Renderer
    /// Takes where the display's keys go (pause, and letters typed on it), if anywhere.
    var braille: @Sendable (_ commands: (@Sendable (LiveCommand) -> Void)?) throws -> any Renderer
    /// The player for cues (tones and ticks) beside speech; nil plays none.
    var cues: @Sendable () throws -> CuePlayer? = { nil }

    static let system = RendererFactories(
        speechDispatcher: { try SpeechDispatcherRenderer(settings: $0) },
        espeak: { try EspeakRenderer(settings: $0) },
        braille: { try openBraille($0) },
        cues: { try CuePlayer() })

    /// BRLTTY's display, its keys turned into live commands.
    static func openBraille(_ commands: (@Sendable (LiveCommand) -> Void)?) throws -> any Renderer {
        guard let commands else { return try BrailleRenderer() }
        return try BrailleRenderer(onKey: { key in
            if let command = KeyMap.command(for: key) { commands(command) }
        })
    }
}

/// Builds the output router a plan asks for. Speech is speech-dispatcher (the user's own
/// voice, rate and queue, shared with Orca), else espeak-ng; a channel whose device cannot
/// be opened is replaced by text, said once, so the user is never left without narration.
/// Speech also plays cues (tones and ticks) on a sound stream of their own; when none opens,
/// speech goes on without them and the first cue says so.
enum OutputAssembly {
    static func router(_ plan: OutputPlan, speech settings: SpeechSettings, console: Console,
                       captions: CaptionTrack? = nil, commands: (@Sendable (LiveCommand) -> Void)? = nil,
                       factories: RendererFactories = .system) -> OutputRouter {
        var plan = plan
        var notices: [String] = []
        var speech: (any Renderer)?
        var braille: (any Renderer)?
        if plan.channels.contains(.speech) {
            do {
                speech = try factories.speechDispatcher(settings)
            } catch {
                do {
                    speech = try factories.espeak(settings)
                    notices.append("Speech-dispatcher is not running; speaking with espeak-ng.")
                } catch {
                    plan = plan.replacing(.speech)
                    notices.append("Cannot speak: speech-dispatcher is not running and espeak-ng could not start (\(clause(error))); printing the narration instead.")
                }
            }
        }
        if let words = speech {
            do {
                if let cues = try factories.cues() { speech = SpeechWithCues(speech: words, cues: cues) }
            } catch {
                // Said by the first cue, if any comes: most modes never play one.
                speech = SpeechWithCues(speech: words, unavailable: "\(error)")
            }
        }
        if plan.channels.contains(.braille) {
            do { braille = try factories.braille(commands) } catch {
                plan = plan.replacing(.braille)
                notices.append("\(clause(error)); printing the narration instead.")
            }
        }

        let toErrors = plan.textStream == .standardError
        let text = LineRenderer(format: .text) { line in toErrors ? console.report(line) : console.print(line) }
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

        var reports: [OutputRouter.Route] = []
        if let speech { reports.append(.init(channel: .speech, renderer: speech, sense: .hearing)) }
        if let braille { reports.append(.init(channel: .braille, renderer: braille, sense: .touch)) }
        let errorText = plan.textStream == .standardError ? text : LineRenderer(format: .text) { console.report($0) }
        reports.append(.init(channel: .text, renderer: errorText, sense: plan.sense(of: .standardError)))

        let router = OutputRouter(events: events, reports: reports)
        for notice in notices { router.report(notice) }
        return router
    }

    /// An error's sentence without its closing full stop, to be joined into another sentence.
    private static func clause(_ error: any Error) -> String {
        let sentence = "\(error)"
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// Says a failure that ended the command before its output was set up, on the channels
    /// its profile would have used (spoken as important, with its fix), else on standard error.
    static func sayFailure(_ sentence: String, command: ParsedCommand, console: Console,
                           factories: RendererFactories = .system) {
        guard command.declares("profile"), let plan = try? OutputOptions.plan(command),
              plan.channels.contains(where: { $0 == .speech || $0 == .braille }),
              let speech = try? OutputOptions.speechSettings(command) else {
            console.report(sentence)
            return
        }
        let router = router(plan, speech: speech, console: console, factories: factories)
        router.report(sentence, kind: .error)
        router.finish(timeoutSeconds: 10)
    }
}
