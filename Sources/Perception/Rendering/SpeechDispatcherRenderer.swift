import CVision
import Foundation
import Synchronization

/// Speech through the user's own speech-dispatcher (libspeechd): their voice and default rate,
/// and one queue shared with the screen reader, where the server applies the SSIP priority
/// rules (`Priority`). Every call to the server blocks until it answers, and a server can
/// hang, so the calls are made on a sender thread of the renderer's own: `render` and
/// `interrupt` only hand work to it and return at once.
///
/// `finish` must be called: the sender thread keeps the renderer and its connection until then.
public final class SpeechDispatcherRenderer: Renderer {
    /// The shim's connection. Safe to share: libspeechd serialises the calls on one
    /// connection under its own mutex, the shim guards its bookkeeping of unfinished messages
    /// with a lock, and the handle is closed only once the sender thread has left it.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private enum Command {
        case say(String, Priority)
        case cancel
    }

    private struct State {
        /// Waiting for the sender thread, oldest first. Nothing is dropped here: the server
        /// applies the priorities. `interrupt` empties it.
        var commands: [Command] = []
        /// Set by the first `finish`; nothing is taken afterwards.
        var finishing = false
        var failure: String?
    }

    private let connection: Connection
    private let state = Mutex(State())
    /// Signalled for each command handed over, and by `finish`.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled once by the sender thread as it ends.
    private let senderExited = DispatchSemaphore(value: 0)

    /// The name the server shows for this client (`spd-say`'s is "spd-say").
    static let clientName = "sensecam"

    /// Starts speech-dispatcher at the default address when none runs (the autospawn a
    /// connection would do), leaving no connection or thread behind; true when one answers.
    /// Called before a run sandboxes itself: a server it started later would be sandboxed too.
    @discardableResult
    public static func startServer() -> Bool {
        CVision_speech_start_server(clientName) == 1
    }

    /// Connects to speech-dispatcher (`address` nil: libspeechd's default, which honours
    /// $SPEECHD_ADDRESS; otherwise "unix_socket:/path" or "inet_socket:host:port") and applies
    /// the settings. With `autospawn`, libspeechd starts a server when none runs. Throws a
    /// one-sentence error when there is no server; the caller decides what speaks instead.
    public init(settings: SpeechSettings, address: String? = nil, autospawn: Bool = true) throws(RendererError) {
        var handle: OpaquePointer?
        let created = callShim { CVision_speech_create(Self.clientName, address, autospawn ? 1 : 0, &handle, $0, $1) }
        guard created.status == CVision_OK, let opened = handle else { throw RendererError(created.message) }
        // Rate 0 is the user's configured default, which the server keeps unless told otherwise.
        let rate = min(max(settings.rate, SpeechSettings.rateRange.lowerBound), SpeechSettings.rateRange.upperBound)
        var refused: String?
        if rate != 0, callShim({ CVision_speech_set_rate(opened, Int32(rate), $0, $1) }).status != CVision_OK {
            refused = "rate \(rate)"
        }
        if refused == nil, let language = settings.language,
           callShim({ CVision_speech_set_language(opened, language, $0, $1) }).status != CVision_OK {
            refused = "language '\(language)'"
        }
        if refused == nil, callShim({ CVision_speech_set_punctuation_some(opened, $0, $1) }).status != CVision_OK {
            refused = "punctuation level"
        }
        if let refused {
            CVision_speech_destroy(opened)
            throw RendererError("Speech-dispatcher refused the \(refused).")
        }
        connection = Connection(pointer: opened)
        startSender()
    }

    /// Why the server stopped taking speech (it ended, or the connection broke), once it has.
    public var failure: String? { state.withLock { $0.failure } }

    /// Queues the event's sentence, symbols spelled out, at the event's priority.
    public func render(_ event: NarrationEvent) {
        let text = SpokenText.spelledOut(event.text)
        guard !text.allSatisfy(\.isWhitespace) else { return }
        hand(.say(text, event.priority), replacingWaiting: false)
    }

    /// Cancels everything this client has queued or is saying; sentences not yet handed to
    /// the server are dropped. Other clients (the screen reader) are not touched.
    public func interrupt() {
        hand(.cancel, replacingWaiting: true)
    }

    /// Lets what was rendered be said (for at most `timeoutSeconds` in all), then closes the
    /// connection. Only the first call waits; later ones, and renders, are ignored. A server
    /// that stops answering is left as it is: closing would wait for it too.
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
        CVision_speech_destroy(connection.pointer)
    }

    /// Libspeechd's priority for each of ours; the names and rules are the same.
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
            if replacingWaiting { state.commands.removeAll() }
            state.commands.append(command)
            return true
        }
        if taken { wake.signal() }
    }

    /// Sends commands one at a time, so an `interrupt` also drops what it finds waiting;
    /// ends once `finish` has been called and nothing waits.
    private func startSender() {
        let thread = Thread { [self] in
            while true {
                wake.wait()
                while let command = state.withLock({ $0.commands.isEmpty ? nil : $0.commands.removeFirst() }) {
                    send(command)
                }
                if state.withLock({ $0.finishing && $0.commands.isEmpty }) { break }
            }
            senderExited.signal()
        }
        thread.name = "speech-dispatcher"
        thread.start()
    }

    private func send(_ command: Command) {
        let failed: Bool
        switch command {
        case .say(let text, let priority):
            let said = callShim { CVision_speech_say(connection.pointer, text, Self.speechPriority(priority), $0, $1) }
            failed = said.status != CVision_OK
        case .cancel:
            failed = callShim { CVision_speech_cancel(connection.pointer, $0, $1) }.status != CVision_OK
        }
        if failed {
            state.withLock { state in
                if state.failure == nil { state.failure = "Speech-dispatcher stopped taking speech." }
            }
        }
    }
}
