// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Synchronization
import Testing

import Options
@testable import sensecam

/// Profile → channels, `--output` overriding it, and the fallbacks when a device is missing.
@Suite struct OutputPlanTests {
    @Test(arguments: [
        // profile, --output, stdout tty, stderr tty → channels, text stream, text sense
        (nil, nil, true, true, [Channel.text], OutputPlan.Stream.standardOutput, Sense?.some(.sight)),
        (Profile.blind, nil, true, true, [.speech], .standardOutput, .hearing),
        (.lowVision, nil, true, true, [.speech, .text], .standardOutput, .sight),
        (.deafblind, nil, true, true, [.braille], .standardOutput, .touch),
        (.developer, nil, true, true, [.text, .jsonl], .standardError, .sight),
        // --output overrides the profile's channels, not its idea of how the terminal is read.
        (.blind, [Channel.speech, .text], true, true, [.speech, .text], .standardOutput, .hearing),
        (.blind, [.text, .speech], false, true, [.speech, .text], .standardOutput, nil),
        (nil, [.jsonl], false, false, [.jsonl], .standardError, nil),
        (.deafblind, [.braille, .speech], true, true, [.speech, .braille], .standardOutput, .touch),
    ] as [(Profile?, [Channel]?, Bool, Bool, [Channel], OutputPlan.Stream, Sense?)])
    func choice(profile: Profile?, output: [Channel]?, stdoutTTY: Bool, stderrTTY: Bool,
                channels: [Channel], stream: OutputPlan.Stream, sense: Sense?) {
        let plan = OutputPlan(profile: profile, channels: output, outputIsTerminal: stdoutTTY, errorsAreTerminal: stderrTTY)
        #expect(plan.channels == channels)
        #expect(plan.textStream == stream)
        if plan.channels.contains(.text) { #expect(plan.sense(of: plan.textStream) == sense) }
    }

    @Test(arguments: [
        (["--output", "speech,text"], [Channel.speech, .text]),
        (["--output", "jsonl"], [.jsonl]),
        (["--output", "braille, speech,braille"], [.braille, .speech]),
        (["--json"], [.jsonl]),
    ])
    func outputOption(arguments: [String], channels: [Channel]) throws {
        guard case .run(let command) = try parse(["aware", "--video", "v.mp4"] + arguments, root: Sensecam.root) else {
            Issue.record("did not parse")
            return
        }
        #expect(try OutputOptions(command).channels == channels)
    }

    @Test(arguments: ["speach", "text,", "audio"])
    func anUnknownChannelIsAUsageError(value: String) throws {
        guard case .run(let command) = try parse(["aware", "--video", "v.mp4", "--output", value], root: Sensecam.root) else {
            Issue.record("did not parse")
            return
        }
        #expect(throws: UsageError.self) { try OutputOptions(command) }
    }

    @Test(arguments: [
        (nil, nil, Verbosity.normal), (Profile.deafblind, nil, .terse), (.developer, nil, .detailed),
        (.deafblind, "detailed", .detailed),
    ] as [(Profile?, String?, Verbosity)])
    func verbosityComesFromTheFlagElseTheProfile(profile: Profile?, flag: String?, expected: Verbosity) throws {
        var arguments = ["aware", "--video", "v.mp4"]
        if let profile { arguments += ["--profile", profile.rawValue] }
        if let flag { arguments += ["--verbosity", flag] }
        guard case .run(let command) = try parse(arguments, root: Sensecam.root) else { return }
        #expect(try Settings(command).policy.verbosity == expected)
    }
}

/// A renderer that records, standing in for a speech or braille device.
final class FakeDevice: Renderer {
    let said = Mutex<[String]>([])
    func render(_ event: NarrationEvent) { said.withLock { $0.append(event.text) } }
    func interrupt() { said.withLock { $0.append("<interrupt>") } }
    func finish(timeoutSeconds: Double) {}
}

/// Quit, pause and a switch of mode silence speech before the engine hears of them; other
/// keys leave it speaking.
@Suite struct LiveControlTests {
    @Test(arguments: LiveCommand.allCases)
    func silencing(command: LiveCommand) {
        let speech = FakeDevice()
        let sent = Mutex<[LiveCommand]>([])
        let control = LiveControl(wording: .english) { command in sent.withLock { $0.append(command) } }
        control.handle(command)  // before the output exists: still reaches the engine
        control.attach(OutputRouter(events: [.init(channel: .speech, renderer: speech, sense: .hearing)], reports: []))
        control.handle(command)
        #expect(sent.withLock { $0 } == [command, command])
        let silences = [LiveCommand.quit, .pauseResume, .switchMode].contains(command)
        #expect(speech.said.withLock { $0 } == (silences ? ["<interrupt>"] : []))
    }

    /// A key that does nothing in this run never reaches the engine and says why not, on the
    /// review's channels; the help then names only the keys that act.
    @Test func aKeyThatDoesNotActSaysWhyNot() {
        let answers = FakeDevice()
        let review = LiveReview(wording: .english)
        review.answer(through: LiveReview.Output(speech: answers))
        let sent = Mutex<[LiveCommand]>([])
        let control = LiveControl(review: review, wording: .english,
                                  keys: KeyAvailability(commands: [.describeNow, .quit], reason: .keysNotForVideo)) { command in
            sent.withLock { $0.append(command) }
        }
        for press: KeyPress in [.live(.readNow), .live(.switchMode), .live(.describeNow), .help] { control.handle(press) }
        #expect(sent.withLock { $0 } == [.describeNow])
        let help = KeyTable.helpSentence(.english, acting: [.describeNow, .quit], said: review.history)
        #expect(help == "Keys: d describe, q quit, h again for the review keys.")
        #expect(answers.said.withLock { $0 }
                == ["<interrupt>", "Not available for a video.", "<interrupt>", "Not available for a video.", "<interrupt>", help])
    }

    /// Review keys never reach the engine: the review answers at once on its own speech, each
    /// answer interrupting only the review's last; the narration's speech is left alone. Without
    /// speech of its own the answers queue in the narration's, which is never interrupted.
    @Test(arguments: [true, false])
    func reviewKeysAnswerOnTheReviewsOwnSpeech(ownSpeech: Bool) {
        let narration = FakeDevice(), answers = FakeDevice()
        let review = LiveReview(wording: .english)
        review.answer(through: LiveReview.Output(speech: ownSpeech ? answers : nil, sharedSpeech: narration))
        let router = OutputRouter(events: [.init(channel: .speech, renderer: narration, sense: .hearing),
                                           .init(channel: .text, renderer: review, sense: nil)], reports: [])
        let sent = Mutex<[LiveCommand]>([])
        let control = LiveControl(review: review, wording: .english) { command in sent.withLock { $0.append(command) } }
        control.attach(router)
        for line in ["Take 2 tablets", "twice a day."] {
            router.render(NarrationEvent(time: .zero, frame: 1, kind: .text, priority: .message, text: line))
        }
        for press: KeyPress in [.review(.nextLine), .review(.nextWord), .help] { control.handle(press) }
        #expect(sent.withLock { $0 }.isEmpty)
        // Each review answer is marked as the review's; the help is one sentence, one answer.
        let help = [KeyTable.helpSentence(.english, said: review.history)]
        if ownSpeech {
            #expect(answers.said.withLock { $0 } == ["<interrupt>", "Review: Take 2 tablets", "<interrupt>", "Review: 2", "<interrupt>"] + help)
            #expect(narration.said.withLock { $0 } == ["Take 2 tablets", "twice a day."])
        } else {
            #expect(narration.said.withLock { $0 } == ["Take 2 tablets", "twice a day.", "Review: Take 2 tablets", "Review: 2"] + help)
        }
        #expect(review.history.lines == ["Take 2 tablets", "twice a day."])
    }
}

/// Each key answers once, briefly: reading on and spelling marked as the review's, the help in
/// two parts, and a key that does nothing said once however long it is held.
@Suite struct KeyAnswerTests {
    /// A control whose answers (and the review's) are recorded, after a page of two lines.
    /// The commands that reached the engine.
    final class Sent: Sendable {
        let commands = Mutex<[LiveCommand]>([])
    }

    static func control(keys: KeyAvailability = .every) -> (LiveControl, FakeDevice, Sent) {
        let answers = FakeDevice()
        let review = LiveReview(wording: .english)
        review.answer(through: LiveReview.Output(speech: answers))
        for line in ["Take 2 tablets", "twice a day."] {
            review.render(NarrationEvent(time: .zero, frame: 1, kind: .text, priority: .message, text: line))
        }
        let sent = Sent()
        let control = LiveControl(review: review, wording: .english, keys: keys) { command in sent.commands.withLock { $0.append(command) } }
        return (control, answers, sent)
    }

    /// The answers since the last call, without the interruptions between them.
    static func said(_ answers: FakeDevice) -> [String] {
        answers.said.withLock { said in
            defer { said = [] }
            return said.filter { $0 != "<interrupt>" }
        }
    }

    static let t = Timestamp(seconds: 1000)

    /// Reading on says every line marked (before, only the first: the rest sounded and printed
    /// as new narration); spelling is one marked answer (before, a line a letter).
    @Test func readingOnAndSpellingAreMarkedAsTheReviews() {
        let (control, answers, _) = Self.control()
        control.handle(.review(.readToEnd))
        #expect(Self.said(answers) == ["Review: Take 2 tablets", "Review: twice a day."])
        control.handle(.review(.spellWord))
        #expect(Self.said(answers) == ["Review: capital T, a, k, e"])
    }

    /// A second `h` soon after the first gives the review keys; later, or after another key,
    /// `h` starts again with the session's keys (before, one 84-word answer every time).
    @Test func aSecondHelpGivesTheReviewKeys() {
        let (control, answers, _) = Self.control()
        let first = "Keys: space repeat, d describe, r read, m switch mode, plus or minus verbosity, p pause, q quit, h again for the review keys."
        control.handle(.help, at: Self.t)
        #expect(Self.said(answers) == [first])
        control.handle(.help, at: Self.t.adding(seconds: 8))
        let second = Self.said(answers)
        #expect(second.count == 1 && second[0].hasPrefix("To go back over what was said: 1 and 3") && second[0].contains("7 and 9"), "\(second)")
        control.handle(.help, at: Self.t.adding(seconds: 9))
        #expect(Self.said(answers) == [first])
        control.handle(.help, at: Self.t.adding(seconds: 9 + LiveControl.helpAgainSeconds + 1))
        #expect(Self.said(answers) == [first])
        control.handle(.review(.nextLine), at: Self.t.adding(seconds: 40))
        control.handle(.help, at: Self.t.adding(seconds: 41))
        #expect(Self.said(answers) == ["Review: Take 2 tablets", first])
    }

    /// An unknown key says so once while held down (the terminal repeats it every 30 ms), again
    /// once let go for a moment; another key is answered at once. Before, it was silent.
    @Test func anUnknownKeyIsAnsweredOnceWhileHeld() {
        let (control, answers, sent) = Self.control()
        for repeatCount in 0..<40 { control.handle(.unknown("x"), at: Self.t.adding(seconds: 0.5 + 0.03 * Double(repeatCount))) }
        #expect(Self.said(answers) == ["The x key does nothing here; h lists the keys."])
        control.handle(.unknown("X"), at: Self.t.adding(seconds: 3))
        control.handle(.unknown("0"), at: Self.t.adding(seconds: 3.1))
        control.handle(.unknown("/"), at: Self.t.adding(seconds: 3.2))
        #expect(Self.said(answers) == ["The x key does nothing here; h lists the keys.", "The 0 key does nothing here; h lists the keys.",
                                       "The slash key does nothing here; h lists the keys."])
        #expect(sent.commands.withLock { $0 }.isEmpty)
    }

    /// A key that does not act, held down, is answered once too; two such keys one after the
    /// other each answer.
    @Test func aRefusedKeyHeldDownIsAnsweredOnce() {
        let (control, answers, _) = Self.control(keys: KeyAvailability(commands: [.quit], reason: .keysNotForVideo))
        for repeatCount in 0..<20 { control.handle(.live(.readNow), at: Self.t.adding(seconds: 0.03 * Double(repeatCount))) }
        control.handle(.live(.switchMode), at: Self.t.adding(seconds: 0.7))
        #expect(Self.said(answers) == ["Not available for a video.", "Not available for a video."])
    }

    /// In German, French and Spanish too, the unknown key is named and the sentence is the catalog's.
    @Test(arguments: [(Language.german, "Die Taste x hat hier keine Funktion; h nennt die Tasten."),
                      (.french, "La touche x ne fait rien ici\u{A0}; h donne la liste des touches."),
                      (.spanish, "La tecla x no hace nada aquí; h enumera las teclas.")])
    func theUnknownKeySentenceInEachLanguage(_ language: Language, expected: String) {
        let answers = FakeDevice()
        let review = LiveReview(wording: language.wording)
        review.answer(through: LiveReview.Output(speech: answers))
        LiveControl(review: review, wording: language.wording) { _ in }.handle(.unknown("x"))
        #expect(Self.said(answers) == [expected])
    }

    /// After a recording: keys that acted while it played say it has ended, those that never
    /// did still say why not (before, all said the same end sentence).
    @Test func afterARecordingEachKeySaysWhyNot() {
        var keys = KeyAvailability(commands: [.describeNow, .repeatLast, .quit], reason: .keysNotForVideo)
        keys.endedWithRecording = [.moreVerbose, .lessVerbose, .pauseResume]
        let (control, answers, sent) = Self.control(keys: keys)
        for (index, press) in ([.live(.moreVerbose), .live(.readNow), .live(.switchMode), .live(.describeNow)] as [KeyPress]).enumerated() {
            control.handle(press, at: Self.t.adding(seconds: Double(index)))
        }
        #expect(Self.said(answers) == ["No longer available; the video has ended.", "Not available for a video.", "Not available for a video."])
        #expect(sent.commands.withLock { $0 } == [.describeNow])
    }
}

/// Which renderer speaks when speech-dispatcher or espeak-ng cannot start, and that the
/// fallback is said once, on the channel that works.
@Suite struct OutputAssemblyTests {
    /// Standard output and error of a console, captured through pipes.
    final class CapturedConsole {
        let out = Pipe(), err = Pipe()
        lazy var console = Console(output: out.fileHandleForWriting, errors: err.fileHandleForWriting)
        func lines() -> (stdout: [String], stderr: [String]) {
            out.fileHandleForWriting.closeFile()
            err.fileHandleForWriting.closeFile()
            func read(_ pipe: Pipe) -> [String] {
                String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .split(separator: "\n").map(String.init)
            }
            return (read(out), read(err))
        }
    }

    static let event = NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .text, text: "Probably a chair.")

    /// Narrates `count` events for `profile` with these devices; returns what was printed.
    static func narrate(_ profile: Profile, terminals: Bool, count: Int = 1,
                        factories: RendererFactories) -> (stdout: [String], stderr: [String]) {
        let captured = CapturedConsole()
        let plan = OutputPlan(profile: profile, channels: nil, outputIsTerminal: terminals, errorsAreTerminal: terminals)
        let router = OutputAssembly.router(plan, speech: SpeechSettings(), wording: .english, console: captured.console, factories: factories)
        for _ in 0..<count { router.render(event) }
        router.finish()
        return captured.lines()
    }

    @Test func speechDispatcherFirst() {
        let dispatcher = FakeDevice(), espeak = FakeDevice()
        let factories = RendererFactories(speechDispatcher: { _, _ in dispatcher }, espeak: { _, _ in espeak }, braille: { _, _, _ in FakeDevice() })
        let lines = Self.narrate(.blind, terminals: true, factories: factories)
        #expect(dispatcher.said.withLock { $0 } == ["Probably a chair."])
        #expect(espeak.said.withLock { $0 }.isEmpty)
        #expect(lines.stdout.isEmpty, "a blind user's screen reader would say it a second time")
        #expect(lines.stderr.isEmpty)
    }

    @Test func espeakWhenSpeechDispatcherIsNotRunningSaidOnce() {
        let espeak = FakeDevice()
        let factories = RendererFactories(speechDispatcher: { _, _ in throw RendererError(.speechDispatcherNotRunning) },
                                          espeak: { _, _ in espeak }, braille: { _, _, _ in FakeDevice() })
        let lines = Self.narrate(.blind, terminals: true, count: 2, factories: factories)
        #expect(espeak.said.withLock { $0 } == ["Speech-dispatcher is not running; speaking with espeak-ng.",
                                                 "Probably a chair.", "Probably a chair."])
        #expect(lines.stderr.isEmpty, "spoken already; the screen reader must not say it again")
        #expect(lines.stdout.isEmpty)
    }

    @Test func textWhenNoSpeechAtAllSoTheUserIsNeverStranded() {
        let factories = RendererFactories(
            speechDispatcher: { _, _ in throw RendererError(.speechDispatcherNotRunning) },
            espeak: { _, _ in throw RendererError(.espeakNoSoundDevice) }, braille: { _, _, _ in FakeDevice() })
        let lines = Self.narrate(.blind, terminals: false, factories: factories)
        #expect(lines.stdout == ["Probably a chair."])
        #expect(lines.stderr == ["Cannot speak: speech-dispatcher is not running and espeak-ng could not start (espeak-ng found no sound device); printing the narration instead."])
    }

    @Test func noBrailleDisplayFallsBackToText() {
        let speech = FakeDevice()
        let factories = RendererFactories(speechDispatcher: { _, _ in speech }, espeak: { _, _ in speech },
                                          braille: { _, _, _ in throw RendererError(.brailleNotRunning) })
        let lines = Self.narrate(.deafblind, terminals: false, factories: factories)
        #expect(lines.stdout == ["Probably a chair."])
        #expect(lines.stderr == ["No braille display: BRLTTY is not running; printing the narration instead."])
        #expect(speech.said.withLock { $0 }.isEmpty, "a deafblind profile never speaks")
    }

    @Test func developerGetsJSONOnStandardOutputAndSentencesOnStandardError() throws {
        let devices = RendererFactories(speechDispatcher: { _, _ in FakeDevice() }, espeak: { _, _ in FakeDevice() },
                                        braille: { _, _, _ in FakeDevice() })
        let lines = Self.narrate(.developer, terminals: false, factories: devices)
        #expect(lines.stdout.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data(lines.stdout[0].utf8)) as? [String: Any]
        #expect(object?["text"] as? String == "Probably a chair.")
        #expect(lines.stderr == ["Probably a chair."])
    }
}

/// A braille display's keys in a live session: its freeze key pauses, typed letters mean
/// what they mean on the terminal, pan keys stay with the display.
@Suite struct BrailleKeyCommandTests {
    @Test(arguments: [
        (BrailleKey.pause, LiveCommand?.some(.pauseResume)),
        (.character("q"), .quit), (.character("D"), .describeNow), (.character(" "), .repeatLast),
        (.character("m"), .switchMode), (.character("é"), nil), (.character("x"), nil),
        (.panRight, nil), (.panLeft, nil), (.lineUp, nil), (.lineDown, nil), (.other(0x2000_0001), nil),
        (.character("u"), nil), (.character("h"), nil),  // review and help keys: the display reviews itself
    ] as [(BrailleKey, LiveCommand?)])
    func command(key: BrailleKey, expected: LiveCommand?) {
        #expect(KeyMap.command(for: key) == expected)
    }
}
