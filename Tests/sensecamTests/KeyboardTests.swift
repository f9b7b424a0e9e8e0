// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

import Options
@testable import sensecam

/// The keyboard of a live session: key mapping, the reader thread, and the terminal mode.
@Suite struct KeyboardTests {}

private let escape = "\u{1B}"

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

// MARK: - Key map

extension KeyboardTests {
    @Suite struct KeyMapTests {
        @Test(arguments: [
            (" ", LiveCommand.repeatLast),
            ("d", .describeNow), ("D", .describeNow),
            ("r", .readNow), ("R", .readNow),
            ("m", .switchMode), ("M", .switchMode),
            ("+", .moreVerbose), ("=", .moreVerbose),
            ("-", .lessVerbose),
            ("p", .pauseResume), ("P", .pauseResume),
            ("q", .quit), ("Q", .quit),
        ])
        func key(_ key: String, means command: LiveCommand) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(key)) == [.live(command)])
        }

        @Test(arguments: LiveCommand.allCases)
        func everyCommandHasAKey(_ command: LiveCommand) {
            #expect((0...255).contains { KeyMap.command(for: UInt8($0)) == .live(command) })
        }

        /// Control keys (Enter, Tab, Ctrl-D, Backspace) and signs typed as UTF-8 mean nothing.
        @Test(arguments: ["\n", "\r", "\t", "\u{04}", "\u{7F}", "→", "\u{1B}OP\u{1B}[24~"])
        func controlKeysAreIgnored(_ key: String) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(key)).isEmpty)
        }

        /// A printable key no command has, also a letter typed as UTF-8, is an unknown key (the
        /// session says so; before, it was dropped in silence). Split across reads, it still is.
        @Test(arguments: ["x", "z", "Z", "_", "/", "0", "é", "ü", "ß", "Ω"])
        func unknownKeyIsReported(_ key: String) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(key)) == [.unknown(Character(key))])
            var split = KeyMap()
            #expect(bytes(key).flatMap { split.feed([$0]) } == [.unknown(Character(key))])
        }

        /// A cut-off UTF-8 character is dropped, and the byte that cut it is read afresh.
        @Test func aCutOffCharacterIsDroppedAndTheNextKeyRead() {
            var keys = KeyMap()
            #expect(keys.feed([0xC3, UInt8(ascii: "q")]) == [.live(.quit)])
            #expect(keys.feed([0xE2, 0x86, UInt8(ascii: "d")]) == [.live(.describeNow)])
            #expect(keys.feed([0xC3, 0x1B, UInt8(ascii: "["), UInt8(ascii: "A")]) == [.review(.previousLine)])
        }

        /// Many sequences end in a letter that is also a key (`R`, `D`, `P`, `Q`, `M`, `~`…);
        /// the letter must be swallowed with the sequence, and the keys around it still count.
        /// The review's keys are read from their sequences (`ReviewKeyMapTests`).
        @Test(arguments: [
            ("\(escape)[A", [.review(.previousLine)]),  // up arrow
            ("\(escape)[D", [.review(.previousWord)]),  // left arrow: D is also "describe"
            ("\(escape)[1;5D", []),  // Ctrl+left
            ("\(escape)[1;2R", []),  // Shift+F3 (and a cursor position report): R is "read"
            ("\(escape)[15~", []),  // F5
            ("\(escape)[200~", []),  // bracketed paste starts
            ("\(escape)[M", []),  // M is "switch mode"
            ("\(escape)OP", []),  // F1: P is "pause"
            ("\(escape)OQ", []),  // F2: Q is "quit"
            ("\(escape)OD", [.review(.previousWord)]),  // left arrow in application mode
            ("\(escape)q", []),  // Alt+q is not q
            ("\(escape)\(escape)[A", [.review(.previousLine)]),  // Escape, then up arrow
            ("q\(escape)[Ap", [.live(.quit), .review(.previousLine), .live(.pauseResume)]),
            ("\(escape)[Dd", [.review(.previousWord), .live(.describeNow)]),
            ("\(escape)OPr", [.live(.readNow)]),
            ("\(escape)[1;5\(escape)[Bm", [.review(.nextLine), .live(.switchMode)]),  // a cut-off sequence, then down arrow
            ("\(escape)[1\r", []),  // a control byte ends a broken sequence and is read itself
            ("\(escape)[[Ad", [.live(.describeNow)]),  // the Linux console's F1 (`ESC [ [ A`), then d
            ("\(escape)[24~", []),  // F12
            // Letters no command has end sequences too: never an unknown key.
            ("\(escape)[Z", []),  // Shift+Tab
            ("\(escape)[1;5C", []),  // Ctrl+right
            ("\(escape)OS", []),  // F4: S is "spell"
            ("\(escape)[1;2x", []),
            ("\(escape)x", []),  // Alt+x
            ("\(escape)[[E", []),  // the Linux console's F5
        ] as [(String, [KeyPress])])
        func escapeSequenceIsIgnoredWhole(_ input: String, expected: [KeyPress]) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(input)) == expected)
        }

        @Test(arguments: [
            (["\(escape)", "[", "A"], [.review(.previousLine)]),
            (["\(escape)[", "1;5", "D"], []),
            (["\(escape)[1;", "5Dq"], [.live(.quit)]),
            (["\(escape)O", "P", "d"], [.live(.describeNow)]),
            (["\(escape)", "OQ"], []),
            (["\(escape)", "q"], []),
            (["d", "", "r", " "], [.live(.describeNow), .live(.readNow), .live(.repeatLast)]),
            (["\(escape)[", "6", "~"], [.review(.nextUtterance)]),  // Page Down in three reads
            (["\(escape)", "O", "x"], [.review(.currentLine)]),  // keypad 8 in application mode
            (["\(escape)[", "[", "B", "5"], [.review(.currentWord)]),  // console F2, then 5
        ] as [([String], [KeyPress])])
        func bytesSplitAcrossFeeds(_ chunks: [String], expected: [KeyPress]) {
            var keys = KeyMap()
            #expect(chunks.flatMap { keys.feed(bytes($0)) } == expected)
        }

        @Test func aPauseAfterEscapeMeansTheEscapeKey() {
            var keys = KeyMap()
            #expect(keys.feed(bytes(escape)).isEmpty)
            keys.inputPaused()
            #expect(keys.feed(bytes("q")) == [.live(.quit)])
        }

        /// `h` says it in plain words, the session's keys and where the review's are, then (a
        /// second `h`) the review's; the start of a session says the session's keys and where
        /// the rest are.
        @Test func helpNamesEveryKeyInPlainWords() {
            let help = [KeyTable.helpSentence(.english), KeyTable.reviewHelpSentence(.english)]
            #expect(help == [
                "Keys: space repeat, d describe, r read, m switch mode, plus or minus verbosity, p pause, q quit, h again for the review keys.",
                "To go back over what was said: 1 and 3 or Page Up and Page Down, the previous and next thing said; "
                    + "7 and 9 or the up and down arrows, the previous and next line of a reading; "
                    + "4 and 6 or the left and right arrows, the previous and next word; "
                    + "v and n, the previous and next character; s spells the word; a reads on to the end.",
            ])
            #expect(!help.joined().contains("help") && !help.joined().contains("twice"))
            for text in help + [KeyTable.startSentence(.english)] {
                #expect(text.filter { $0 == "." }.count == 1 && text.hasSuffix("."), "\(text)")
            }
            #expect(KeyTable.startSentence(.english).count < 120 && KeyTable.startSentence(.english).hasSuffix("h more keys."))
            var keys = KeyMap()
            #expect(keys.feed(bytes("hH")) == [.help, .help])
        }

        /// The lists name only the keys that act in the run: a recording in awareness has no
        /// mode to switch to and nothing to read.
        @Test func listsNameOnlyTheKeysThatAct() {
            let acting: Set<LiveCommand> = [.repeatLast, .describeNow, .moreVerbose, .lessVerbose, .pauseResume, .quit]
            #expect(KeyTable.startSentence(.english, acting: acting)
                    == "Keys: space repeat, d describe, plus or minus verbosity, p pause, q quit, h more keys.")
            #expect(KeyTable.helpSentence(.english, acting: [.quit]) == "Keys: q quit, h again for the review keys.")
        }

        /// The first `h` is under 30 words in every language, the most keys it can name
        /// included (before, the one answer was 84 words in English, about 28 seconds).
        @Test(arguments: Language.allCases)
        func firstHelpIsUnder30Words(_ language: Language) {
            let help = KeyTable.helpSentence(language.wording)
            let words = help.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }
            #expect(words.count < 30, "\(words.count) words: \(help)")
            #expect(help.contains(language.wording(.keysHelpAgain)) && help.contains(language.wording(.keysQuit)), "\(help)")
        }

        /// `h` names what acts now: the repeat key once something was said, the review's line
        /// keys once there is a reading (before, awareness was told of line keys that only say
        /// "No reading yet."), and with nothing said the second `h` says when the review works.
        @Test func helpNamesOnlyWhatActsNow() {
            var history = ReviewHistory()
            #expect(KeyTable.helpSentence(.english, said: history)
                    == "Keys: d describe, r read, m switch mode, plus or minus verbosity, p pause, q quit, h again for the review keys.")
            #expect(KeyTable.reviewHelpSentence(.english, said: history) == "The review keys work once something has been said.")
            history.record(NarrationEvent(time: .zero, frame: 1, kind: .objects, priority: .text, text: "Probably a chair, at 2 o'clock."))
            #expect(KeyTable.helpSentence(.english, said: history).hasPrefix("Keys: space repeat, d describe"))
            let aware = KeyTable.reviewHelpSentence(.english, said: history)
            #expect(aware == "To go back over what was said: 1 and 3 or Page Up and Page Down, the previous and next thing said; "
                    + "4 and 6 or the left and right arrows, the previous and next word; "
                    + "v and n, the previous and next character; s spells the word; a reads on to the end.")
            history.record(NarrationEvent(time: .zero, frame: 2, kind: .text, priority: .text, text: "EXIT"))
            #expect(KeyTable.reviewHelpSentence(.english, said: history).contains("7 and 9 or the up and down arrows"))
        }
    }
}

extension KeyboardTests {
    /// The review cursor's keys, as a terminal sends them: the keypad's digits (NumLock on) in
    /// Orca's and NVDA's places, Orca's laptop letters, the arrows and the keypad with NumLock
    /// off (CSI, and SS3 in application mode), and the Linux console's Home and End.
    @Suite struct ReviewKeyMapTests {
        @Test(arguments: [
            ("7", ReviewCommand.previousLine), ("8", .currentLine), ("9", .nextLine),
            ("4", .previousWord), ("5", .currentWord), ("6", .nextWord),
            ("1", .previousUtterance), ("2", .currentUtterance), ("3", .nextUtterance),
            ("u", .previousLine), ("I", .currentLine), ("o", .nextLine),
            ("j", .previousWord), ("k", .currentWord), ("L", .nextWord),
            (",", .previousUtterance), (".", .nextUtterance), ("s", .spellWord), ("a", .readToEnd),
            ("v", .previousCharacter), ("B", .currentCharacter), ("n", .nextCharacter), ("N", .nextCharacter),
            ("\(escape)[A", .previousLine), ("\(escape)[B", .nextLine),
            ("\(escape)[C", .nextWord), ("\(escape)[D", .previousWord),
            ("\(escape)OA", .previousLine), ("\(escape)OB", .nextLine), ("\(escape)OC", .nextWord),
            ("\(escape)[H", .firstLine), ("\(escape)[F", .lastLine), ("\(escape)OH", .firstLine), ("\(escape)OF", .lastLine),
            ("\(escape)[1~", .firstLine), ("\(escape)[4~", .lastLine), ("\(escape)[7~", .firstLine), ("\(escape)[8~", .lastLine),
            ("\(escape)[5~", .previousUtterance), ("\(escape)[6~", .nextUtterance),
            ("\(escape)[E", .currentWord), ("\(escape)[G", .currentWord), ("\(escape)OE", .currentWord),  // keypad 5, NumLock off
            ("\(escape)Ow", .previousLine), ("\(escape)Ox", .currentLine), ("\(escape)Oy", .nextLine),
            ("\(escape)Ot", .previousWord), ("\(escape)Ou", .currentWord), ("\(escape)Ov", .nextWord),
            ("\(escape)Oq", .previousUtterance), ("\(escape)Or", .currentUtterance), ("\(escape)Os", .nextUtterance),
            ("\(escape)Ok", .readToEnd),  // keypad plus: say all
        ])
        func key(_ key: String, moves command: ReviewCommand) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(key)) == [.review(command)], "\(key.debugDescription)")
        }

        @Test(arguments: ReviewCommand.allCases)
        func everyReviewCommandHasAKey(_ command: ReviewCommand) {
            let sequences = (0...255).map { [UInt8($0)] } + ["[A", "[B", "[H", "[F", "[5~", "[6~", "Ok"].map { bytes(escape + $0) }
            #expect(sequences.contains { var keys = KeyMap(); return keys.feed($0) == [.review(command)] })
        }

        /// Modified arrows and other keys' sequences are not review keys.
        @Test(arguments: ["\(escape)[1;5A", "\(escape)[1;2C", "\(escape)[2~", "\(escape)[3~", "\(escape)[5;5~", "\(escape)OM"])
        func modifiedOrOtherKeysAreIgnored(_ key: String) {
            var keys = KeyMap()
            #expect(keys.feed(bytes(key)).isEmpty, "\(key.debugDescription)")
        }
    }
}

// MARK: - Reader

/// The commands a reader handed over, in order.
private final class Received: Sendable {
    private let commands = Mutex<[KeyPress]>([])
    func append(_ command: KeyPress) { commands.withLock { $0.append(command) } }
    var all: [KeyPress] { commands.withLock { $0 } }
}

/// Both ends of a pipe, closed when the test is done.
private final class TestPipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func write(_ text: String) {
        let data = bytes(text)
        #expect(data.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) } == data.count)
    }

    func closeWriteEnd() {
        close(writeEnd)
        writeEnd = -1
    }

    deinit {
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }
}

/// Waits up to `timeout` seconds for `condition`, checking often.
private func eventually(within timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// Long enough for the reader to have seen anything written, and to count a pause.
private func waitThreePollIntervals() {
    usleep(UInt32(KeyboardReader.pollInterval) * 3_000)
}

private func secondsTaken(_ body: () -> Void) -> Double {
    let start = Date()
    body()
    return Date().timeIntervalSince(start)
}

extension KeyboardTests {
    @Suite struct KeyboardReaderTests {
        @Test func commandsArriveInOrder() throws {
            let pipe = try TestPipe()
            let received = Received()
            let reader = KeyboardReader(fd: pipe.readEnd) { received.append($0) }
            reader.start()
            defer { reader.stop() }
            pipe.write("d r\(escape)[A")
            pipe.write("x+-\(escape)OQ")
            pipe.write("Mpq")
            let expected: [KeyPress] = [
                .live(.describeNow), .live(.repeatLast), .live(.readNow), .review(.previousLine),
                .unknown("x"), .live(.moreVerbose), .live(.lessVerbose), .live(.switchMode), .live(.pauseResume), .live(.quit),
            ]
            #expect(eventually { received.all.count >= expected.count })
            #expect(received.all == expected)
        }

        @Test func stopReturnsPromptlyAndEndsTheThread() throws {
            let pipe = try TestPipe()
            let received = Received()
            let reader = KeyboardReader(fd: pipe.readEnd) { received.append($0) }
            reader.start()
            usleep(50_000)  // let it block in poll
            #expect(!reader.hasEnded)
            let seconds = secondsTaken { reader.stop() }
            #expect(seconds < 1, "stop() took \(seconds) s")
            #expect(reader.hasEnded)  // stop() joined the thread
            pipe.write("q")
            waitThreePollIntervals()
            #expect(received.all.isEmpty)
            reader.stop()  // a second stop returns at once
        }

        @Test func endOfInputEndsItQuietly() throws {
            let pipe = try TestPipe()
            let received = Received()
            let reader = KeyboardReader(fd: pipe.readEnd) { received.append($0) }
            reader.start()
            pipe.write("d")
            pipe.closeWriteEnd()
            #expect(eventually { reader.hasEnded }, "the reader kept running after the end of input")
            #expect(received.all == [.live(.describeNow)])
            #expect(secondsTaken { reader.stop() } < 0.05)
        }

        @Test func stopFromTheHandlerDoesNotWaitForItself() throws {
            let pipe = try TestPipe()
            let received = Received()
            let holder = Mutex<KeyboardReader?>(nil)
            let reader = KeyboardReader(fd: pipe.readEnd) { command in
                received.append(command)
                if command == .live(.quit) { holder.withLock { $0 }?.stop() }
            }
            holder.withLock { $0 = reader }
            reader.start()
            pipe.write("qd")
            #expect(eventually { reader.hasEnded })
            #expect(received.all == [.live(.quit)])  // nothing after the stop
            reader.stop()
        }

        @Test func aLoneEscapeIsTheEscapeKeyOnceInputPauses() throws {
            let pipe = try TestPipe()
            let received = Received()
            let reader = KeyboardReader(fd: pipe.readEnd) { received.append($0) }
            reader.start()
            defer { reader.stop() }
            pipe.write(escape)
            waitThreePollIntervals()
            pipe.write("q")
            #expect(eventually { !received.all.isEmpty })
            #expect(received.all == [.live(.quit)])
        }

        @Test func stopBeforeStartMeansItNeverStarts() throws {
            let pipe = try TestPipe()
            let received = Received()
            let reader = KeyboardReader(fd: pipe.readEnd) { received.append($0) }
            reader.stop()
            reader.start()
            pipe.write("q")
            waitThreePollIntervals()
            #expect(received.all.isEmpty)
            #expect(!reader.hasEnded)
        }
    }
}

// MARK: - Terminal mode

/// The fields of a `termios`, comparable.
private struct Settings: Equatable, CustomStringConvertible {
    var input, output, control, local: tcflag_t
    var line: cc_t
    var characters: [cc_t]
    var inputSpeed, outputSpeed: speed_t

    init(_ t: termios) {
        input = t.c_iflag
        output = t.c_oflag
        control = t.c_cflag
        local = t.c_lflag
        line = t.c_line
        characters = withUnsafeBytes(of: t.c_cc) { Array($0) }
        inputSpeed = t.c_ispeed
        outputSpeed = t.c_ospeed
    }

    func has(local flag: Int32) -> Bool { local & tcflag_t(flag) != 0 }
    func has(output flag: Int32) -> Bool { output & tcflag_t(flag) != 0 }

    var description: String {
        "iflag \(input) oflag \(output) cflag \(control) lflag \(local) line \(line) cc \(characters) speeds \(inputSpeed)/\(outputSpeed)"
    }
}

/// A pseudo-terminal pair; `device` is the terminal side a program would read keys from.
private final class PseudoTerminal {
    let controller: Int32
    let device: Int32

    init() throws {
        var controller: Int32 = -1, device: Int32 = -1
        try #require(openpty(&controller, &device, nil, nil, nil) == 0, "openpty failed: errno \(errno)")
        self.controller = controller
        self.device = device
    }

    var current: Glibc.termios {
        var t = Glibc.termios()
        #expect(tcgetattr(device, &t) == 0)
        return t
    }

    var settings: Settings { Settings(current) }

    func set(_ t: Glibc.termios) {
        var t = t
        #expect(tcsetattr(device, TCSANOW, &t) == 0)
    }

    /// Settings no default would produce, so only a true restore can bring them back.
    func setDistinctiveSettings() {
        var t = current
        t.c_lflag &= ~tcflag_t(ECHOKE | IEXTEN)
        t.c_iflag |= tcflag_t(IXANY)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 3
            cc[Int(VTIME)] = 5
        }
        set(t)
    }

    deinit {
        TerminalMode.restore()  // never leave the process-wide state pointing at a closed fd
        close(controller)
        close(device)
    }
}

private func currentAction(_ signal: Int32) -> sigaction {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action
}

private func handlerAddress(_ action: sigaction) -> UInt {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
}

private func handlerAddress(_ handler: @convention(c) (Int32) -> Void) -> UInt {
    unsafeBitCast(handler, to: UInt.self)
}

// A stand-in for "whatever handled the signal before sensecam" that notes the terminal's
// settings at the moment the signal is passed on. Safe as plain globals: the suite is
// serialized, and the handler runs synchronously on the raising thread, inside `raise`.
nonisolated(unsafe) private var recordingFD: Int32 = -1
nonisolated(unsafe) private var recordedSettings: termios? = nil
nonisolated(unsafe) private var recordedSignal: Int32 = 0

private let recordingHandler: @convention(c) (Int32) -> Void = { signal in
    var t = termios()
    tcgetattr(recordingFD, &t)
    recordedSettings = t
    recordedSignal = signal
}

/// Installs `recordingHandler` for `signal` while `body` runs, then puts back what was there.
/// The signal is unblocked meanwhile (the test runner blocks SIGABRT on its threads), so a
/// `raise` reaches the handler at once, as it would in a process that is crashing.
private func withRecordingHandler(for signal: Int32, fd: Int32, _ body: () throws -> Void) rethrows {
    var unblocked = sigset_t(), savedMask = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblocked, &savedMask)
    var recording = sigaction()
    recording.__sigaction_handler.sa_handler = recordingHandler
    sigemptyset(&recording.sa_mask)
    var saved = sigaction()
    sigaction(signal, &recording, &saved)
    recordingFD = fd
    recordedSettings = nil
    recordedSignal = 0
    defer {
        sigaction(signal, &saved, nil)
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        recordingFD = -1
    }
    try body()
}

extension KeyboardTests {
    /// Serialized: the terminal mode and signal actions are process-wide.
    @Suite(.serialized) struct TerminalModeTests {
        @Test func enablingTurnsOffLineEditingAndEchoButKeepsSignalsAndOutput() throws {
            let terminal = try PseudoTerminal()
            let before = terminal.settings
            #expect(before.has(local: ICANON) && before.has(local: ECHO))

            #expect(try TerminalMode.enable(on: terminal.device))
            let during = terminal.settings
            #expect(TerminalMode.isActive)
            #expect(!during.has(local: ICANON))
            #expect(!during.has(local: ECHO))
            #expect(during.has(local: ISIG))
            #expect(during.has(output: OPOST) && during.has(output: ONLCR))
            #expect(during.characters[Int(VMIN)] == 1)
            #expect(during.characters[Int(VTIME)] == 0)
            #expect(during.input == before.input && during.control == before.control)
            TerminalMode.restore()
        }

        @Test func restorePutsBackExactlyWhatWasThere() throws {
            let terminal = try PseudoTerminal()
            terminal.setDistinctiveSettings()
            let original = terminal.settings

            try TerminalMode.enable(on: terminal.device)
            #expect(terminal.settings != original)
            TerminalMode.restore()
            #expect(terminal.settings == original)
            #expect(!TerminalMode.isActive)
        }

        /// The `atexit` handler calls `restore()`, so a second call (an explicit restore, then
        /// exit) must leave alone whatever the terminal has been set to since.
        @Test func restoreTwiceIsHarmless() throws {
            let terminal = try PseudoTerminal()
            let original = terminal.settings
            try TerminalMode.enable(on: terminal.device)
            TerminalMode.restore()
            #expect(terminal.settings == original)

            terminal.setDistinctiveSettings()  // as a shell might, after we finished
            let later = terminal.settings
            TerminalMode.restore()
            #expect(terminal.settings == later)
        }

        @Test func aPipeIsNotATerminalAndIsLeftAlone() throws {
            let pipe = try TestPipe()
            let segvBefore = handlerAddress(currentAction(SIGSEGV))
            #expect(try TerminalMode.enable(on: pipe.readEnd) == false)
            #expect(!TerminalMode.isActive)
            #expect(handlerAddress(currentAction(SIGSEGV)) == segvBefore)
        }

        @Test func signalHandlersAreInstalledWhileActiveAndRemovedAfter() throws {
            let terminal = try PseudoTerminal()
            let signals = TerminalMode.fatalSignals + TerminalMode.jobControlSignals
            let before = signals.map { handlerAddress(currentAction($0)) }

            try TerminalMode.enable(on: terminal.device)
            for signal in TerminalMode.fatalSignals {
                #expect(handlerAddress(currentAction(signal)) == handlerAddress(TerminalMode.fatalSignalHandler),
                        "signal \(signal)")
            }
            #expect(handlerAddress(currentAction(SIGTSTP)) == handlerAddress(TerminalMode.suspendHandler))
            #expect(handlerAddress(currentAction(SIGCONT)) == handlerAddress(TerminalMode.continueHandler))

            TerminalMode.restore()
            #expect(signals.map { handlerAddress(currentAction($0)) } == before)
        }

        /// The fatal-signal handler, called as the kernel would: it must restore the terminal
        /// first, then pass the signal on to the action that was there before.
        @Test(arguments: TerminalMode.fatalSignals)
        func fatalSignalRestoresTheTerminalThenPassesTheSignalOn(_ signal: Int32) throws {
            let terminal = try PseudoTerminal()
            terminal.setDistinctiveSettings()
            let original = terminal.settings
            try withRecordingHandler(for: signal, fd: terminal.device) {
                try TerminalMode.enable(on: terminal.device)
                TerminalMode.fatalSignalHandler(signal)

                #expect(recordedSignal == signal, "the signal was not passed on")
                #expect(recordedSettings.map(Settings.init) == original, "passed on before the terminal was restored")
                #expect(terminal.settings == original)
                #expect(!TerminalMode.isActive)
                #expect(handlerAddress(currentAction(signal)) == handlerAddress(recordingHandler))
                #expect(handlerAddress(currentAction(SIGTSTP)) != handlerAddress(TerminalMode.suspendHandler))
            }
        }

        /// Ctrl-Z: the terminal is restored while the process is stopped (the recording
        /// handler stands in for the stop), and cbreak comes back when it continues.
        @Test func suspendRestoresTheTerminalUntilContinued() throws {
            let terminal = try PseudoTerminal()
            let original = terminal.settings
            try withRecordingHandler(for: SIGTSTP, fd: terminal.device) {
                try TerminalMode.enable(on: terminal.device)
                let cbreak = terminal.settings
                TerminalMode.suspendHandler(SIGTSTP)

                #expect(recordedSignal == SIGTSTP)
                #expect(recordedSettings.map(Settings.init) == original)
                #expect(terminal.settings == cbreak)
                #expect(handlerAddress(currentAction(SIGTSTP)) == handlerAddress(TerminalMode.suspendHandler))
                TerminalMode.restore()
            }
            #expect(terminal.settings == original)
        }

        @Test func continueSetsCbreakAgain() throws {
            let terminal = try PseudoTerminal()
            let original = terminal.current
            try TerminalMode.enable(on: terminal.device)
            let cbreak = terminal.settings
            terminal.set(original)  // as the suspend handler leaves it
            TerminalMode.continueHandler(SIGCONT)
            #expect(terminal.settings == cbreak)
            TerminalMode.restore()
            #expect(terminal.settings == Settings(original))
        }
    }
}

