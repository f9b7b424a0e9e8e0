// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Words
import Narration

/// Hands each narration event to the channels that should carry it, applying in one place
/// the rule every channel shares: **an event reaches each of the person's senses once.**
/// Routes are in order of preference; a route that reaches a sense an earlier route has
/// already reached with this event is skipped (speech has said it, so the screen reader
/// must not read the same caption again). Routes that reach no person (JSON Lines, a file,
/// a pipe) get every event: they are records.
///
/// Sentences about the run itself (the camera is ready, speech fell back, the batch is
/// complete, an error) are *reports*: they follow the same rule over their own routes,
/// where text goes to standard error instead of standard output.
public final class OutputRouter: Sendable {
    public struct Route: Sendable {
        public var channel: Channel
        public var renderer: any Renderer
        /// The sense this route reaches the person by; nil when it reaches no person.
        public var sense: Sense?

        public init(channel: Channel, renderer: any Renderer, sense: Sense?) {
            self.channel = channel
            self.renderer = renderer
            self.sense = sense
        }
    }

    public let events: [Route]
    public let reports: [Route]
    /// The channels that move to a fallback when their server dies mid-run (speech, braille).
    public let failovers: [FailoverRenderer]
    /// Speech-dispatcher was there at the start but failed (it did not answer, answered what is
    /// not SSIP, or closed the connection), so narration started elsewhere.
    public let serverFailedAtStart: Bool
    /// The language reports are worded in (the session's), so speech and braille choose it.
    public let language: String
    private let finished = Mutex(false)

    public init(events: [Route], reports: [Route], failovers: [FailoverRenderer] = [],
                language: String = Wording.english.language, serverFailedAtStart: Bool = false) {
        self.events = events
        self.reports = reports
        self.failovers = failovers
        self.serverFailedAtStart = serverFailedAtStart
        self.language = language
    }

    /// Whether a channel failed during the run and narration moved elsewhere (back or not).
    public var channelsSwitched: Bool { failovers.contains { !$0.switches.isEmpty } }

    /// Whether a server the run was to narrate through failed, at the start or during the run:
    /// one rule for the exit status, whenever it failed. A server that is not running at all is
    /// no failure (its fallback is then the channel).
    public var channelsFailed: Bool { serverFailedAtStart || channelsSwitched }

    /// One sentence for each channel that switched, for `--stats`.
    public var switchSummaries: [String] { failovers.compactMap(\.summary) }

    /// The routes that carry `event`, by the once-per-sense rule.
    public static func deliveries(of event: NarrationEvent, over routes: [Route]) -> [Route] {
        var reached: Set<Sense> = []
        var chosen: [Route] = []
        for route in routes where route.renderer.conveys(event) {
            if let sense = route.sense {
                guard reached.insert(sense).inserted else { continue }
            }
            chosen.append(route)
        }
        return chosen
    }

    public func render(_ event: NarrationEvent) {
        guard !finished.withLock({ $0 }) else { return }
        for route in Self.deliveries(of: event, over: events) { route.renderer.render(event) }
    }

    /// A sentence about the run: a status, progress (said only while nothing else is), or an
    /// error (said as important, so it is heard at once and not cut off).
    public func report(_ sentence: String, kind: NarrationKind = .status) {
        guard !finished.withLock({ $0 }) else { return }
        let priority: Priority = kind == .error ? .important : kind == .progress ? .progress : .message
        let event = NarrationEvent(time: .zero, frame: 0, kind: kind, priority: priority, text: sentence, language: language)
        for route in Self.deliveries(of: event, over: reports) { route.renderer.render(event) }
    }

    /// Silences every channel at once: quit, pause, or a switch of mode.
    public func interrupt() {
        for renderer in renderers { renderer.interrupt() }
    }

    /// Lets queued speech and braille finish (each renderer for at most `timeoutSeconds`),
    /// then releases every device. Safe to call more than once.
    public func finish(timeoutSeconds: Double = 30) {
        guard !finished.withLock({ done in defer { done = true }; return done }) else { return }
        for renderer in renderers { renderer.finish(timeoutSeconds: timeoutSeconds) }
    }

    /// Each renderer once, though it may serve both events and reports.
    private var renderers: [any Renderer] {
        var seen: Set<ObjectIdentifier> = []
        return (events + reports).map(\.renderer).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
