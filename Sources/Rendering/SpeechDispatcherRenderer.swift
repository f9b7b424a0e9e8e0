// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization
import Words
import Frames
import Narration

/// Speech through the user's own speech-dispatcher (the shim's SSIP client): their voice and default rate,
/// and one queue shared with the screen reader, where the server applies the SSIP priority
/// rules (`Priority`) between clients. This client's own sentences are paced by a `SpeechQueue`
/// and handed over one at a time, the next when the server reports the last one ended (an
/// important one at once): so a newer sentence of ours never cuts one of ours off mid-way, as
/// SSIP's text priority would, and narration that went stale waiting is never sent. Every call
/// to the server blocks until it answers, so the calls are made on a sender thread of the
/// renderer's own: `render` and `interrupt` only hand work to it and return at once. A server
/// that hangs is given `answerSeconds` per request, connecting included, and as long to answer
/// while one of our sentences has not ended: then the renderer reports `failure`, like a server
/// that died.
///
/// When the server dies, `failure` says so (a dead socket is seen without a call to the server)
/// and `takeUnconveyed` gives back what it had not said to its end, for the next channel.
///
/// `finish` must be called: the sender thread keeps the renderer and its connection until then.
public final class SpeechDispatcherRenderer: FallibleRenderer {
    /// The shim's connection. Safe to share: the shim serialises the requests on one
    /// connection under its own mutex, the shim guards its bookkeeping of unfinished messages
    /// with a lock, and the handle is closed only once the sender thread has left it.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private enum Command {
        /// The event, and its sentence as sent (symbols spelled out, codes said digit by digit).
        case say(NarrationEvent, String)
        case cancel
    }

    private struct State {
        /// Handed over, waiting for the sender thread, oldest first. `interrupt` empties it.
        var commands: [Command] = []
        /// What the sender took and has not yet sent, and what it sent last (`current`): the
        /// next sentence is sent when that one ends.
        var queue = SpeechQueue()
        /// The server's id for `queue.current`, once sent.
        var currentID: Int?
        /// Since when the sender has waited for `currentID` to end without hearing from the
        /// server: past `answerSeconds` it asks whether the server still answers.
        var quietSince: Double = 0
        /// How many times this client was silenced: what the sender took before a silence is
        /// not sent after it.
        var silences = 0
        /// Set by the first `finish`; nothing is taken afterwards.
        var finishing = false
        /// Set once the connection is closed: the shim's handle is gone.
        var closed = false
        var failure: String?
        /// The event whose sentence the sender thread is handing to the server.
        var sending: NarrationEvent?
        /// Events the server took, with its ids, that it had not reported ended or cancelled
        /// when last looked at.
        var sent: [(id: Int, event: NarrationEvent)] = []
        /// Set by `takeUnconveyed`: nothing more is sent, and renders are kept in `refused`.
        var abandoned = false
        var refused: [NarrationEvent] = []
        /// The language the server was last told to speak in; a message in another is preceded by
        /// `spd_set_language`, so each sentence gets its language's voice (a page's lines their
        /// page's). Nil until the server is told one (the settings may name none): it speaks the
        /// user's own voice, taken to be for the language of the user's own sentences.
        var language: String?
    }

    private let connection: Connection
    private let state = Mutex(State())
    /// Spells symbols out, and words the failure.
    private let spoken: SpokenText
    /// Signalled for each command handed over, and by `finish`.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled once by the sender thread as it ends.
    private let senderExited = DispatchSemaphore(value: 0)

    /// How long the server may take to answer one request before it counts as hung.
    public static let answerSeconds = Int(CVISION_SPEECH_ANSWER_SECONDS)

    /// The name the server shows for this client (`spd-say`'s is "spd-say").
    public static let clientName = "sensecam"
    /// The review cursor's own connection: a second client, so cancelling its answer leaves
    /// the narration's messages alone (SSIP's cancel reaches only the client that sends it).
    public static let reviewClientName = "sensecam-review"

    /// Starts speech-dispatcher at the default address when none runs (the autospawn a
    /// connection would do), leaving no connection or thread behind; true when one answers.
    /// Called before a run sandboxes itself: a server it started later would be sandboxed too.
    @discardableResult
    public static func startServer() -> Bool {
        CVision_speech_start_server(clientName) == 1
    }

    /// Connects to speech-dispatcher (`address` nil: the default, which honours
    /// $SPEECHD_ADDRESS; otherwise "unix_socket:/path" or "inet_socket:host:port") and applies
    /// the settings. With `autospawn`, the shim starts a server (confined) when none runs. Throws a
    /// one-sentence error when there is no server, or one that does not answer or answers what is not SSIP (then
    /// `speechDispatcherNotAnswering`, within `answerSeconds` of each request, a started server
    /// a little longer); the caller decides what speaks instead.
    public init(settings: SpeechSettings, wording: Wording, address: String? = nil, autospawn: Bool = true,
                clientName: String = SpeechDispatcherRenderer.clientName) throws(RendererError) {
        var handle: OpaquePointer?
        let created = callShim { CVision_speech_create(clientName, address, autospawn ? 1 : 0, &handle, $0, $1) }
        guard created.status == CVision_OK, let opened = handle else {
            throw Self.notConnected(created.status, address: address, autospawn: autospawn)
        }
        // Rate 0 is the user's configured default, which the server keeps unless told otherwise.
        let rate = min(max(settings.rate, SpeechSettings.rateRange.lowerBound), SpeechSettings.rateRange.upperBound)
        var refused: Message?
        var status = CVision_OK
        if rate != 0 {
            status = callShim({ CVision_speech_set_rate(opened, Int32(rate), $0, $1) }).status
            if status != CVision_OK { refused = Message(.speechDispatcherRefusedRate, ["rate": .integer(rate)]) }
        }
        if refused == nil, let language = settings.language {
            status = callShim({ CVision_speech_set_language(opened, language, $0, $1) }).status
            if status != CVision_OK { refused = Message(.speechDispatcherRefusedLanguage, ["language": .text(language)]) }
        }
        if refused == nil {
            status = callShim({ CVision_speech_set_punctuation_some(opened, $0, $1) }).status
            if status != CVision_OK { refused = Message(.speechDispatcherRefusedPunctuation) }
        }
        if let refused {
            CVision_speech_destroy(opened)
            throw status == CVision_ErrorNoAnswer ? Self.notAnswering : RendererError(refused)
        }
        connection = Connection(pointer: opened)
        spoken = SpokenText(wording: wording)
        state.withLock { $0.language = settings.language }
        startSender()
    }

    private var stoppedSentence: String { spoken.wording(.speechDispatcherStopped) }

    /// Why no connection was made, worded from the shim's status.
    static func notConnected(_ status: CVision_Status, address: String?, autospawn: Bool) -> RendererError {
        switch status {
        case CVision_ErrorNoAnswer: notAnswering
        case CVision_ErrorBadAddress:
            address.map { RendererError(.speechDispatcherBadAddress, ["address": .text($0)]) }
                ?? RendererError(.speechDispatcherBadEnvironmentAddress)
        // With autospawn the shim tried to start one when nothing listened.
        case CVision_ErrorNotRunning where autospawn: RendererError(.speechDispatcherNotStarted)
        case CVision_ErrorNotRunning:
            address.map { RendererError(.speechDispatcherNotRunningAt, ["address": .text($0)] ) }
                ?? RendererError(.speechDispatcherNotRunning)
        case CVision_ErrorRefused: RendererError(.speechDispatcherRefusedClient)
        default: RendererError(.speechDispatcherUnusable)
        }
    }

    /// The error of a server that took the connection and did not answer in time.
    static var notAnswering: RendererError {
        RendererError(.speechDispatcherNotAnswering, ["seconds": .integer(answerSeconds)])
    }

    /// Why the server stopped taking speech (it ended, or the connection broke), once it has:
    /// seen at once when a call fails, and otherwise as soon as the shim's reader thread sees
    /// the socket close (the shim checks without blocking).
    public var failure: String? {
        state.withLock { state in
            if state.failure == nil, !state.closed, CVision_speech_is_connected(connection.pointer) == 0 {
                state.failure = stoppedSentence
            }
            return state.failure
        }
    }

    /// Queues the event's sentence as a voice says it (`SpokenText.forVoice`), at the event's priority.
    public func render(_ event: NarrationEvent) {
        let text = spoken.forVoice(event.text, language: event.language)
        guard !text.allSatisfy(\.isWhitespace) else { return }
        hand(.say(event, text), replacingWaiting: false)
    }

    /// What the server took and had not said to its end (the message being said when it died
    /// is said again in full: a sentence cut off is not heard), then what was never sent, then
    /// what came since. A cancel not yet sent still cancels what was before it. Messages the
    /// server reported ended, or cancelled by its priority rules, are not repeated; one whose
    /// end was said but not yet reported when the server died is repeated, which beats losing it.
    public func takeUnconveyed() -> [NarrationEvent] {
        state.withLock { state in
            guard !state.abandoned else { return [] }
            state.abandoned = true
            var lost: [NarrationEvent] = state.sent.filter { entry in
                state.closed || CVision_speech_is_unfinished(connection.pointer, entry.id) != 0
            }.map(\.event)
            if let sending = state.sending { lost.append(sending) }
            lost += state.queue.waiting.compactMap(\.event)
            for command in state.commands {
                switch command {
                case .say(let event, _): lost.append(event)
                case .cancel: lost.removeAll()
                }
            }
            lost += state.refused
            state.commands.removeAll()
            _ = state.queue.cancelAll()
            state.sent.removeAll()
            state.refused.removeAll()
            return lost
        }
    }

    /// Cancels everything this client has queued or is saying; sentences not yet handed to
    /// the server are dropped. Other clients (the screen reader) are not touched. While `finish`
    /// lets the last sentences be said (Ctrl-C after a page is read out), the sender thread may
    /// be gone, so the server is told from here; under the lock, so the connection cannot be
    /// closed meanwhile.
    public func interrupt() {
        let told = state.withLock { state -> Bool in
            guard state.finishing else { return false }
            guard !state.closed, !state.abandoned, state.failure == nil else { return true }
            state.commands.removeAll()
            _ = state.queue.cancelAll()
            state.currentID = nil
            state.silences += 1
            if callShim({ CVision_speech_cancel(connection.pointer, $0, $1) }).status == CVision_OK { state.sent.removeAll() }
            return true
        }
        if !told { hand(.cancel, replacingWaiting: true) }
    }

    /// Lets what was rendered be said (for at most `timeoutSeconds` in all), then closes the
    /// connection. Only the first call waits; later ones, and renders, are ignored. A server
    /// that stops answering is given up within `answerSeconds` of the request it left unanswered
    /// (a failure, whatever it had not said kept for `takeUnconveyed`).
    public func finish(timeoutSeconds: Double) {
        let deadline = DispatchTime.now() + max(0, timeoutSeconds)
        let first = state.withLock { state in
            defer { state.finishing = true }
            return !state.finishing
        }
        guard first else { return }
        wake.signal()
        guard senderExited.wait(timeout: deadline) == .success else { return }
        let now = DispatchTime.now()
        let left = deadline > now ? Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9 : 0
        _ = CVision_speech_wait_until_done(connection.pointer, left)
        state.withLock { state in
            // A server that died while this waited is a failure too; what it still had is kept
            // for `takeUnconveyed`, which can no longer ask it.
            if state.failure == nil, CVision_speech_is_connected(connection.pointer) == 0 {
                state.failure = stoppedSentence
            }
            state.sent.removeAll { CVision_speech_is_unfinished(connection.pointer, $0.id) == 0 }
            state.closed = true
        }
        CVision_speech_destroy(connection.pointer)
    }

    /// SSIP's priority for each of ours; the names and rules are the same.
    static func speechPriority(_ priority: Priority) -> CVision_SpeechPriority {
        switch priority {
        case .important: CVision_SpeechImportant
        case .message: CVision_SpeechMessage
        case .text: CVision_SpeechText
        case .notification: CVision_SpeechNotification
        case .progress: CVision_SpeechProgress
        }
    }

    private func hand(_ command: Command, replacingWaiting: Bool) {
        let taken = state.withLock { state in
            guard !state.finishing else { return false }
            if state.abandoned {
                if case .say(let event, _) = command { state.refused.append(event) } else { state.refused.removeAll() }
                return false
            }
            if replacingWaiting { state.commands.removeAll() }
            state.commands.append(command)
            return true
        }
        if taken { wake.signal() }
    }

    /// What the sender does next.
    private enum Step {
        case say(SpeechQueue.Utterance, silences: Int)
        /// Several at once, at `finish`: the server says them after this client has gone.
        case handOver([SpeechQueue.Utterance], silences: Int)
        case cancel
    }

    /// How long the sender waits for the end of a sentence of ours without word from the server
    /// before it asks whether the server still answers: a hung server is then found within this
    /// and `answerSeconds`, as quickly as when a sentence was sent to it. Asking costs one
    /// round trip, so a long sentence asks a few times.
    static let quietProbeSeconds = 1.0

    /// How often the sender looks whether the sentence being said has ended: the server's end
    /// notification settles it on the shim's reader thread, which wakes no one.
    static let endPollSeconds = 0.02

    /// Takes handed commands into the queue and sends what it says to, one sentence at a time,
    /// the next when the last has ended; ends once `finish` has been called and nothing is left
    /// to say (or the server failed).
    private func startSender() {
        let thread = Thread { [self] in
            while true {
                while let step = state.withLock({ nextStep(&$0) }) {
                    switch step {
                    case .say(let utterance, let silences): say(utterance, unlessSilencedSince: silences)
                    case .handOver(let utterances, let silences):
                        for utterance in utterances where say(utterance, unlessSilencedSince: silences) == false { break }
                    case .cancel: cancel()
                    }
                }
                checkAnswers()
                let (done, waitingForEnd) = state.withLock { state in
                    (state.abandoned || state.failure != nil
                        || (state.finishing && state.commands.isEmpty && state.queue.isIdle && state.currentID == nil),
                     state.currentID != nil)
                }
                if done { break }
                _ = wake.wait(timeout: waitingForEnd ? .now() + Self.endPollSeconds : .distantFuture)
            }
            senderExited.signal()
        }
        thread.name = "speech-dispatcher"
        thread.start()
    }

    /// Under the lock: notes the end of the sentence being said, takes what was handed over,
    /// and returns what to send now, if anything.
    private func nextStep(_ state: inout State) -> Step? {
        guard !state.abandoned, state.failure == nil else { return nil }
        let now = MonotonicClock.now().seconds
        if let id = state.currentID, CVision_speech_is_unfinished(connection.pointer, id) == 0 {
            state.currentID = nil
            if let next = state.queue.finished(now: now) { return .say(next, silences: state.silences) }
        }
        while !state.commands.isEmpty {
            switch state.commands.removeFirst() {
            case .cancel:
                _ = state.queue.cancelAll()
                state.silences += 1
                state.currentID = nil
                return .cancel
            case .say(let event, let text):
                // The server itself stops one of ours that an arriving sentence may cut off
                // (an important one, or anything after a hint), as the queue has it.
                let actions = state.queue.add(SpeechQueue.Utterance(event, text: text, arrival: now))
                for case .speak(let utterance) in actions { return .say(utterance, silences: state.silences) }
            }
        }
        // Finishing: what waits (a page's lines, a picture's sentences) goes to the server at
        // once, which says it to its end even after this client has closed.
        if state.finishing {
            let handed = state.queue.handOverWaiting()
            if !handed.isEmpty { return .handOver(handed, silences: state.silences) }
        }
        return nil
    }

    /// While a sentence of ours has not ended for `answerSeconds`, asks whether the server still
    /// answers: a hung one never reports an end, and would keep every later sentence waiting.
    private func checkAnswers() {
        let now = MonotonicClock.now().seconds
        let due = state.withLock { state -> Bool in
            guard state.currentID != nil, state.failure == nil, !state.abandoned else { return false }
            return now - state.quietSince >= Self.quietProbeSeconds
        }
        guard due else { return }
        let answered = CVision_speech_check_answers(connection.pointer) == 1
        state.withLock { state in
            state.quietSince = MonotonicClock.now().seconds
            if !answered, state.failure == nil { state.failure = stoppedSentence }
        }
    }

    /// Sends one sentence, unless this client was silenced since it was taken (then false);
    /// when the server does not take it, keeps it (for `takeUnconveyed`) and sends nothing more.
    @discardableResult
    private func say(_ utterance: SpeechQueue.Utterance, unlessSilencedSince silences: Int) -> Bool {
        guard let event = utterance.event else { return true }
        guard state.withLock({ state in
            guard state.silences == silences else { return false }
            state.sending = event
            return true
        }) else { return false }
        let switching = !event.language.isEmpty && state.withLock { ($0.language ?? spoken.wording.language) != event.language }
        if switching, callShim({ CVision_speech_set_language(connection.pointer, event.language, $0, $1) }).status == CVision_OK {
            state.withLock { $0.language = event.language }
        }
        var id = 0
        let status = callShim { CVision_speech_say(connection.pointer, utterance.text, Self.speechPriority(utterance.priority), &id, $0, $1) }.status
        state.withLock { state in
            guard status == CVision_OK else {
                if state.failure == nil { state.failure = stoppedSentence }
                return
            }
            state.sending = nil
            // Only what the server has not finished is kept, so the list stays short.
            state.sent.removeAll { CVision_speech_is_unfinished(connection.pointer, $0.id) == 0 }
            state.sent.append((id, event))
            state.currentID = id
            state.quietSince = MonotonicClock.now().seconds
        }
        return status == CVision_OK
    }

    /// Silences this client at the server. What it was to silence is not said again elsewhere,
    /// even when the server failed to take the cancel.
    private func cancel() {
        let status = callShim { CVision_speech_cancel(connection.pointer, $0, $1) }.status
        state.withLock { state in
            state.sent.removeAll()
            if status != CVision_OK, state.failure == nil { state.failure = stoppedSentence }
        }
    }
}
