import Perception

/// Where a command's narration goes — the output plan and speech settings its options ask
/// for — read once when the command line is checked, and the router that carries it out.
struct NarrationOutput {
    let plan: OutputPlan
    let speech: SpeechSettings
    /// The language the channels' own words (switch notices, review answers) are in: English,
    /// the one catalog, until an option chooses another.
    let wording: Wording

    init(_ command: ParsedCommand) throws(UsageError) {
        plan = try OutputOptions.plan(command)
        speech = try OutputOptions.speechSettings(command)
        wording = .english
    }

    func router(in context: CommandContext, captions: CaptionTrack? = nil,
                commands: (@Sendable (LiveCommand) -> Void)? = nil, review: LiveReview? = nil) -> OutputRouter {
        OutputAssembly.router(plan, speech: speech, wording: wording, console: context.console, captions: captions, commands: commands,
                              review: review, factories: context.renderers)
    }
}

extension OutputRouter {
    /// Runs `body`, then lets queued speech finish. A failure is said once, through the
    /// router (spoken to a listener, printed otherwise), and ends the command with status 1.
    /// A run that finished but lost a channel on the way (speech-dispatcher or BRLTTY stopped,
    /// and narration moved elsewhere, back or not) ends with `Sensecam.channelLostExitCode`.
    func narrate(_ body: () throws -> Void) throws -> Int32 {
        do {
            try body()
        } catch {
            var failure = RuntimeFailure(error)
            report(failure.description, kind: .error)
            finish()
            failure.alreadySaid = true
            throw failure
        }
        finish()
        return channelsSwitched ? Sensecam.channelLostExitCode : 0
    }
}
