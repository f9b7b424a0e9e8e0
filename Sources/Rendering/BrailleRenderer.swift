// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Synchronization
import Words
import Frames
import Narration

/// A key pressed on the braille display, as BRLTTY reports it: one of its commands, or a
/// character typed on the display's braille keyboard.
public enum BrailleKey: Sendable, Hashable {
    /// Pan and line keys: the renderer moves through the text with them and does not report them.
    case panLeft, panRight
    case lineUp, lineDown
    /// BRLTTY's freeze command — the display's "hold the picture" key — which a live
    /// session takes as pause.
    case pause
    case character(Character)
    /// Any other key: BrlAPI's code without its flags.
    case other(UInt64)

    /// The key for a raw BrlAPI key code.
    init(code raw: UInt64) {
        let code = raw & (CVision_BRAILLE_KEY_TYPE_MASK | CVision_BRAILLE_KEY_CODE_MASK)
        switch code {
        case CVision_BRAILLE_COMMAND_PAN_LEFT: self = .panLeft
        case CVision_BRAILLE_COMMAND_PAN_RIGHT: self = .panRight
        case CVision_BRAILLE_COMMAND_LINE_UP: self = .lineUp
        case CVision_BRAILLE_COMMAND_LINE_DOWN: self = .lineDown
        case CVision_BRAILLE_COMMAND_FREEZE: self = .pause
        default:
            self = Self.typed(code) ?? .other(code)
        }
    }

    /// A printable character from an X keysym: Latin-1 keysyms are the character itself,
    /// others are 0x01000000 plus the Unicode scalar.
    private static func typed(_ code: UInt64) -> BrailleKey? {
        guard code & CVision_BRAILLE_KEY_TYPE_MASK != CVision_BRAILLE_KEY_TYPE_COMMAND else { return nil }
        let keysym = code & CVision_BRAILLE_KEY_CODE_MASK
        let value = keysym < 0x100 ? keysym : keysym & 0xFF00_0000 == 0x0100_0000 ? keysym & 0x00FF_FFFF : nil
        guard let value, let scalar = Unicode.Scalar(UInt32(value)),
              !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) else { return nil }
        return .character(Character(scalar))
    }
}

/// Narration on a braille display through BRLTTY's BrlAPI. The display shows the newest
/// event's terse line (`BrailleWording`; progress is skipped), in computer braille or, with a
/// `BrailleGrade` that asks for it, as the language's literary braille cells (liblouis), one
/// display-width segment at a time. Pan right shows the next segment, then the next event;
/// pan left goes back through the last `historyLimit` events; line up and down go a whole
/// event back or on (a reading's lines are one event each). This is the review cursor on
/// braille: the same history as the spoken review's. Other keys go to `onKey`, on the key thread,
/// which runs until `finish` (a renderer never finished keeps its thread and connection).
/// When BRLTTY goes away (the key thread sees it within a key poll), `failure` says so and
/// `takeUnconveyed` gives back the line that was shown, for the next channel.
public final class BrailleRenderer: FallibleRenderer {
    /// How long one key read waits: bounds how late `finish` is noticed.
    static let keyPollMilliseconds: Int32 = 100
    /// Events kept for panning back, as many as the spoken review keeps; older ones are dropped.
    public static let historyLimit = ReviewHistory.utteranceLimit

    /// Cells on the display (columns times rows), or `BrailleWording.defaultWidth` when
    /// BRLTTY reports none.
    public let width: Int
    /// The words of its lines and of its failures.
    private let braille: BrailleWording
    /// Puts each line into the language's literary braille; nil for computer braille.
    public let translator: BrailleTranslator?
    /// The grade, for the lines of a page read in another language, which are written in that
    /// language's braille.
    private let grade: BrailleGrade
    private let language: String
    /// Their translators by language code, made when first needed; nil where liblouis cannot
    /// load the table (`translator` writes those lines).
    private let otherTranslators = Mutex<[String: BrailleTranslator?]>([:])

    /// The connection's pointer. Safe to share: BrlAPI lets one thread read keys while
    /// another writes, every other call is made under `state`'s lock, and the handle is
    /// freed only once the key thread has left it.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private struct State {
        /// Nil once finished.
        var connection: Connection?
        /// Each event's segments, oldest first.
        var history: [[String]] = []
        /// The event shown; `history.count` while the display is blank.
        var event = 0
        var segment = 0
        var failure: String?
        /// The newest event written before a failure was seen, until `interrupt` blanks it.
        var newest: NarrationEvent?
        /// Events rendered once the display had failed, and not shown.
        var refused: [NarrationEvent] = []
        /// Set by `takeUnconveyed`: nothing more is written.
        var abandoned = false
    }

    private let state: Mutex<State>
    private let keyHandler: Mutex<(@Sendable (BrailleKey) -> Void)?>
    private let connection: Connection
    private let stopRequested = Atomic(false)
    /// Signalled once by the key thread as it ends.
    private let exited = DispatchSemaphore(value: 0)
    /// The key thread's pthread, so a `finish` from `onKey` does not wait for itself.
    private let keyThread = Atomic<UInt>(0)

    /// Connects to BRLTTY (`host` and `auth` nil: BrlAPI's defaults, $BRLAPI_HOST and
    /// $BRLAPI_AUTH) and takes the display. Lines are in `grade` braille of the wording's
    /// language: computer braille is the text in BRLTTY's own table; the others are translated
    /// by liblouis, whose table is loaded first. Throws a one-sentence error when the table
    /// cannot be loaded, there is no BRLTTY or it will not give the display; the caller
    /// decides whether to go on without.
    public init(host: String? = nil, auth: String? = nil, wording: Wording, grade: BrailleGrade = .computer,
                onKey: (@Sendable (BrailleKey) -> Void)? = nil) throws(RendererError) {
        translator = try BrailleTranslator(language: Language(code: wording.language) ?? .english, grade: grade)
        self.grade = grade
        language = wording.language
        var pointer: OpaquePointer?
        let opened = callShim { CVision_braille_create(host, auth, &pointer, $0, $1) }
        guard opened.status == CVision_OK, let pointer else { throw Self.notConnected(opened.status) }
        var columns: Int32 = 0, rows: Int32 = 0
        _ = callShim { CVision_braille_display_size(pointer, &columns, &rows, $0, $1) }
        var tty: Int32 = 0
        let entered = callShim { CVision_braille_enter_tty_mode(pointer, &tty, $0, $1) }
        guard entered.status == CVision_OK else {
            CVision_braille_destroy(pointer)
            throw Self.notTaken(entered.status)
        }
        braille = BrailleWording(wording: wording)
        let cells = Int(columns) * Int(rows)
        width = cells > 0 ? cells : BrailleWording.defaultWidth
        connection = Connection(pointer: pointer)
        state = Mutex(State(connection: connection))
        keyHandler = Mutex(onKey)
        state.withLock { show(&$0) }
        startKeyThread()
    }

    /// Why BRLTTY could not be reached, worded from the shim's status.
    static func notConnected(_ status: CVision_Status) -> RendererError {
        switch status {
        case CVision_ErrorNotRunning: RendererError(.brailleNotRunning)
        case CVision_ErrorRefused: RendererError(.brailleKeyRefused)
        case CVision_ErrorBadAddress: RendererError(.brailleHostUnknown)
        default: RendererError(.brailleNoDisplay)
        }
    }

    /// Why BRLTTY would not give the display, worded from the shim's status.
    static func notTaken(_ status: CVision_Status) -> RendererError {
        RendererError(status == CVision_ErrorInUse ? .brailleTakenByAnother : .brailleNotTaken)
    }

    /// The translator for a line in `code`'s language: its own table in the same grade (an English
    /// page's lines in English braille, whose contractions a German table would not make).
    private func translator(for code: String) -> BrailleTranslator? {
        guard translator != nil, code != language, let other = Language(code: code) else { return translator }
        return otherTranslators.withLock { made in
            if let known = made[code] { return known ?? translator }
            let new = try? BrailleTranslator(language: other, grade: grade)
            made[code] = .some(new)
            return new ?? translator
        }
    }

    /// Called on the key thread with every key but the pan and line keys (a pause key, typed
    /// characters); it may call `interrupt` or `finish`.
    public var onKey: (@Sendable (BrailleKey) -> Void)? {
        get { keyHandler.withLock { $0 } }
        set { keyHandler.withLock { $0 = newValue } }
    }

    /// Why the display stopped taking text (BRLTTY ended, the connection broke), once it has.
    public var failure: String? { state.withLock { $0.failure } }

    /// Everything but progress ticks, which would wipe the line being read.
    public func conveys(_ event: NarrationEvent) -> Bool {
        braille.line(for: event) != nil
    }

    public func render(_ event: NarrationEvent) {
        guard let line = braille.line(for: event) else { return }
        // Translated once, here: panning and review show the cells kept in the history.
        let segments = BrailleWording.segments(line, width: width, translator: translator(for: event.language))
        state.withLock { state in
            guard state.connection != nil else { return }
            guard !state.abandoned else { return state.refused.append(event) }
            if state.failure == nil { state.newest = event } else { state.refused.append(event) }
            state.history.append(segments)
            if state.history.count > Self.historyLimit { state.history.removeFirst(state.history.count - Self.historyLimit) }
            state.event = state.history.count - 1
            state.segment = 0
            show(&state)
        }
    }

    /// Blanks the display; the history stays, so pan left brings the last event back.
    public func interrupt() {
        state.withLock { state in
            state.newest = nil
            state.refused.removeAll()
            guard !state.abandoned else { return }
            state.event = state.history.count
            state.segment = 0
            show(&state)
        }
    }

    /// The line that was on the display when BRLTTY went away (the person may not have read
    /// it yet), and whatever came after; nothing is written afterwards.
    public func takeUnconveyed() -> [NarrationEvent] {
        state.withLock { state in
            guard !state.abandoned else { return [] }
            state.abandoned = true
            defer {
                state.newest = nil
                state.refused.removeAll()
            }
            return (state.newest.map { [$0] } ?? []) + state.refused
        }
    }

    /// Stops the key thread (waiting at most `timeoutSeconds`, and never less than one key
    /// poll), gives the display back to BRLTTY and closes the connection.
    public func finish(timeoutSeconds: Double) {
        stopRequested.store(true, ordering: .releasing)
        var keyThreadLeft = true
        if keyThread.load(ordering: .acquiring) != UInt(pthread_self()) {
            let wait = max(timeoutSeconds, 2 * Double(Self.keyPollMilliseconds) / 1000)
            keyThreadLeft = exited.wait(timeout: .now() + wait) == .success
            if keyThreadLeft { exited.signal() }  // so a second finish returns at once too
        }
        state.withLock { state in
            guard let connection = state.connection else { return }
            state.connection = nil
            _ = callShim { CVision_braille_leave_tty_mode(connection.pointer, $0, $1) }
            // A key thread stuck in BrlAPI still uses the handle: leaking it beats freeing it.
            if keyThreadLeft { CVision_braille_destroy(connection.pointer) }
        }
    }

    // MARK: Display

    /// Writes the segment `state` points at (blank past the newest event).
    private func show(_ state: inout State) {
        guard let connection = state.connection, !state.abandoned else { return }
        let text = state.event < state.history.count ? state.history[state.event][state.segment] : ""
        let written = callShim { CVision_braille_write_text(connection.pointer, text, $0, $1) }
        if written.status != CVision_OK, state.failure == nil {
            state.failure = braille.wording(.brailleStoppedShowing)
        }
    }

    /// Pan right: the next segment, else the next event's first. Pan left: the previous
    /// segment, else the previous event's last. At either end the display stays as it is.
    private func pan(forward: Bool) {
        state.withLock { state in
            let segments = state.event < state.history.count ? state.history[state.event].count : 0
            if forward {
                if state.segment + 1 < segments {
                    state.segment += 1
                } else if state.event + 1 < state.history.count {
                    state.event += 1
                    state.segment = 0
                } else {
                    return
                }
            } else {
                if state.segment > 0 {
                    state.segment -= 1
                } else if state.event > 0 {
                    state.event -= 1
                    state.segment = state.history[state.event].count - 1
                } else {
                    return
                }
            }
            show(&state)
        }
    }

    /// Line down: the next event's first segment. Line up: the previous event's first (from a
    /// blank display, the newest). At either end the display stays as it is.
    private func moveLine(forward: Bool) {
        state.withLock { state in
            let target = forward ? state.event + 1 : state.event - 1
            guard target >= 0, target < state.history.count else { return }
            state.event = target
            state.segment = 0
            show(&state)
        }
    }

    // MARK: Keys

    private func startKeyThread() {
        // BrlAPI's key read blocks: it gets a thread of its own, never the cooperative pool.
        let thread = Thread { [self] in
            keyThread.store(UInt(pthread_self()), ordering: .releasing)
            readKeys()
            exited.signal()
        }
        thread.name = "sensecam braille keys"
        thread.start()
    }

    private func readKeys() {
        while !stopRequested.load(ordering: .acquiring) {
            var hasKey: Int32 = 0
            var code: UInt64 = 0
            let read = callShim {
                CVision_braille_read_key(connection.pointer, Self.keyPollMilliseconds, &hasKey, &code, $0, $1)
            }
            guard read.status == CVision_OK else {
                state.withLock { state in
                    if state.failure == nil {
                        state.failure = braille.wording(.brailleStoppedAnswering)
                    }
                }
                return
            }
            guard hasKey != 0, !stopRequested.load(ordering: .acquiring) else { continue }
            switch BrailleKey(code: code) {
            case .panRight: pan(forward: true)
            case .panLeft: pan(forward: false)
            case .lineDown: moveLine(forward: true)
            case .lineUp: moveLine(forward: false)
            case let key: onKey?(key)
            }
        }
    }
}
