// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization
import Words
import Frames
import Capture
import Stages
import Rendering

/// One narrated run of a mode over a still image, a recording or the camera: the mode's stage
/// on the frames, its words to the channels the output settings choose. A recording or the
/// camera from a terminal also takes the live keys and the review keys, a braille display's
/// keys, and signals that end the run cleanly; the camera's run says that it is ready and, with
/// `--stats`, what it counted. The command line only parses and starts one.
public final class Session {
    /// What the run looks at.
    public enum Input: Sendable, Equatable {
        /// A still image: a one-frame stream, answered whole at once.
        case image(String)
        /// A recording, at its own pace or every frame; with a caption track written beside.
        case video(String, clock: StreamClock, captions: String?)
        /// The camera, live, until the user quits.
        case camera(CaptureRequest)
    }

    /// Where the words go.
    public struct Output: Sendable {
        public var plan: OutputPlan
        public var speech: SpeechSettings
        /// How the braille display writes the words, in the wording's language (`--braille-grade`).
        public var brailleGrade = BrailleGrade.computer
        /// A still's record printed as one JSON object instead of its sentences (`--json`).
        public var printsRecord = false
        /// At the end of a camera run (and on SIGUSR1), what it counted (`--stats`).
        public var printsStatistics = false
        /// Started by the systemd unit: nobody is at a terminal, so the run says only that the
        /// camera is ready, and is stopped by unplugging it, not by a key.
        public var isService = false

        public init(plan: OutputPlan, speech: SpeechSettings, printsRecord: Bool = false, printsStatistics: Bool = false,
                    isService: Bool = false) {
            self.plan = plan
            self.speech = speech
            self.printsRecord = printsRecord
            self.printsStatistics = printsStatistics
            self.isService = isService
        }
    }

    /// How a run ended, when it did not fail.
    public enum Outcome: Sendable, Equatable {
        case completed
        /// It finished, but speech-dispatcher failed (at the start or during it) or BRLTTY stopped
        /// during it, and narration went elsewhere, which a script driving sensecam should be
        /// able to tell whenever it happened.
        case channelLost
        /// Ctrl-C stopped it, and it said so (`Interruption`).
        case interrupted
    }

    let mode: Mode
    /// The modes a live session's `m` cycles through (`ModeList.all`); the starting mode alone when empty.
    let modes: [Mode]
    let input: Input
    let settings: SessionSettings
    let limit: PixelLimit
    let output: Output
    let context: SessionContext

    public init(mode: Mode, modes: [Mode] = [], input: Input, settings: SessionSettings, limit: PixelLimit = .standard,
                output: Output, context: SessionContext) {
        self.mode = mode
        self.modes = modes
        self.input = input
        self.settings = settings
        self.limit = limit
        self.output = output
        self.context = context
    }

    private var wording: Wording { settings.wording }

    /// Runs to the end of the image or the recording, or until the user quits the camera. A
    /// failure is said once on the output's channels before it is thrown (`alreadySaid`).
    public func run() throws -> Outcome {
        switch input {
        case .image(let path): try runStill(path)
        case .video(let path, let clock, let captions): try runRecording(path, clock: clock, captions: captions)
        case .camera(let request): try runLive(request)
        }
    }

    // MARK: A still image

    private func runStill(_ path: String) throws -> Outcome {
        guard let makeStill = mode.still(settings) else { preconditionFailure("\(mode) takes no still images") }
        // The image is checked before the engine starts: a typo in the path should not cost
        // a model load, and its sentence is the one the user needs.
        let image: Image
        do { image = try ImageFile.load(path, limit: limit) } catch { throw RuntimeFailure(error) }
        if let note = mode.startNote(settings) { context.console.report(wording(note)) }
        let interruption = Interruption(early: wording(.sessionStopped), console: context.console)
        defer { interruption.cancel() }
        let analysis: ImageAnalysis
        do { analysis = try makeStill().analyze(image, source: path) } catch { throw RuntimeFailure(error) }
        if output.printsRecord {
            context.console.print(analysis.record.serialized())
            return .completed
        }
        let router = router()
        // Ctrl-C while it is said: silenced at once, then "Stopped." once the router has let go.
        interruption.stopping { router.interrupt() }
        let outcome = try router.narrate(wording) { for event in analysis.events { router.render(event) } }
        guard interruption.happened else { return outcome }
        OutputAssembly.say(wording(.sessionStopped), plan: output.plan, speech: output.speech, wording: wording,
                           console: context.console, factories: context.renderers)
        return .interrupted
    }

    // MARK: A recording

    private func runRecording(_ path: String, clock: StreamClock, captions: String?) throws -> Outcome {
        let captionTrack = try captionTrack(captions)
        // Sandboxed once the caption file is open, before the video and the models are.
        _ = context.confine(writing: captions.map { [$0] } ?? [], settings: settings, speaks: speaks)
        let interruption = Interruption(early: wording(.sessionStopped), console: context.console)
        defer { interruption.cancel() }
        let engine: StreamEngine
        do {
            let stage = try mode.stage(settings, arrival: clock == .everyFrame ? .everyFrame : .live)
            engine = StreamEngine(source: try VideoFile(path: path, limit: limit), stage: stage, clock: clock, wording: wording)
        } catch { throw RuntimeFailure(error) }
        // From a terminal the live keys work as on the camera: the review keys go over what was
        // said, and q ends the run; the keys the video's mode has no use for (and all but q when
        // every frame is processed) say so. A braille display's keys too, only when there is a
        // review to go over.
        let review = isatty(context.keyboard) == 1 ? LiveReview(wording: wording) : nil
        // Signalled by q, Ctrl-C or SIGTERM: the run stays open for review after the video until then.
        let closed = DispatchSemaphore(value: 0)
        // Keys the engine answers about the ended video, carried out on this thread; nil while it plays.
        let afterEnd = Mutex<[LiveCommand]?>(nil)
        let control = LiveControl(review: review, wording: wording, keys: .recording(engine)) { (command: LiveCommand) in
            if command == .quit {
                closed.signal()
                engine.stop()
            } else if !afterEnd.withLock({ $0?.append(command) != nil }) {
                engine.send(command)
            }
        }
        var keys: (@Sendable (LiveCommand) -> Void)?
        if review != nil { keys = { (command: LiveCommand) in control.handle(command) } }
        let router = router(captions: captionTrack, commands: keys, review: review)
        control.attach(router)
        var keyboard: KeyboardReader?
        if review != nil, (try? TerminalMode.enable(on: context.keyboard)) == true {
            keyboard = KeyboardReader(fd: context.keyboard) { control.handle($0) }
            keyboard?.start()
        }
        // Ctrl-C stops the run, key mode or not (`Interruption`); with the terminal in key mode,
        // SIGTERM must end it through here too, so the terminal is restored.
        interruption.stopping { router.interrupt(); closed.signal(); engine.stop() }
        let signals = keyboard.map { _ in SignalWatcher([SIGTERM: { router.interrupt(); closed.signal(); engine.stop() }]) }
        defer {
            signals?.cancel()
            keyboard?.stop()
            TerminalMode.restore()
        }
        if keyboard != nil { router.report(KeyTable.startSentence(wording, acting: control.availability.commands)) }
        let outcome = try router.narrate(wording) {
            _ = try engine.run { router.render($0) }
            if interruption.happened {
                router.report(wording(.sessionStopped))
                return
            }
            guard let keyboard, closed.wait(timeout: .now()) == .timedOut else { return }
            // The video ended by itself, with someone at the terminal: what was said stays
            // there to review until q (or the end of the terminal's input), and the keys that
            // can still answer about the video (a look at its last picture) do.
            afterEnd.withLock { $0 = [] }
            control.availability = .afterRecording(engine)
            router.report(wording(.keysVideoEnded))
            while closed.wait(timeout: .now() + .milliseconds(Int(KeyboardReader.pollInterval))) == .timedOut, !keyboard.hasEnded {
                for command in afterEnd.withLock({ commands in defer { commands = [] }; return commands ?? [] }) {
                    for event in try engine.answerAfterEnd(command) { router.render(event) }
                }
            }
            if interruption.happened { router.report(wording(.sessionStopped)) }
        }
        return interruption.happened ? .interrupted : outcome
    }

    /// The caption track `--captions FILE` asks for, writing to a file created now (so a
    /// folder that cannot be written is said before the video is processed).
    private func captionTrack(_ path: String?) throws -> CaptionTrack? {
        guard let path, let format = CaptionTrack.Format(fileName: path) else { return nil }
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure(Message(.sessionCannotWriteCaptions, ["path": .text(path)]))
        }
        return CaptionTrack(format: format) { text in file.write(Data(text.utf8)) }
    }

    // MARK: The camera

    private func runLive(_ request: CaptureRequest) throws -> Outcome {
        let console = context.console
        // A live session writes no file: sandboxed before the models load and the camera opens.
        let sandbox = context.confine(writing: [], settings: settings, speaks: speaks)
        let interruption = Interruption(early: wording(.sessionStopped), console: context.console)
        defer { interruption.cancel() }
        let session: LiveSession
        do { session = try LiveSession(starting: mode, modes: modes, settings: settings) } catch { throw RuntimeFailure(error) }
        let camera: Camera
        do {
            camera = try Camera(request: request, wording: wording, system: context.cameras)
        } catch .noCamera where mode.stillExample != nil {
            // A mode that reads pictures says how to give it one instead.
            throw RuntimeFailure(Message(.cameraNoneNameAnImage, ["example": .text(mode.stillExample ?? "")]))
        } catch {
            throw RuntimeFailure(error)
        }
        defer { camera.close() }

        // Only the newest frame is processed: narration always describes now.
        let engine = StreamEngine(source: camera, stage: session, clock: .realTime, wording: wording)
        // What was said, kept for the review keys (so only with a terminal to type them on) and
        // answered on channels of its own.
        let review = isatty(context.keyboard) == 1 ? LiveReview(wording: wording) : nil
        let control = LiveControl(review: review, wording: wording) { engine.send($0) }
        let router = router(commands: { control.handle($0) }, review: review)
        control.attach(router)
        defer { router.finish(timeoutSeconds: 2) }
        interruption.stopping { router.interrupt(); engine.stop() }
        let signals = SignalWatcher([
            SIGTERM: { router.interrupt(); engine.stop() },
            SIGUSR1: { [wording] in console.report(engine.statistics().summary(wording)) },
        ])
        defer { signals.cancel() }

        var keyboard: KeyboardReader?
        if (try? TerminalMode.enable(on: context.keyboard)) == true {
            keyboard = KeyboardReader(fd: context.keyboard) { control.handle($0) }
            keyboard?.start()
        }
        defer {
            keyboard?.stop()
            TerminalMode.restore()
        }
        router.report(readySentence(camera, keys: keyboard != nil))
        var statistics: StreamStatistics?
        let outcome = try router.narrate(wording) {
            statistics = try engine.run { router.render($0) }
            if interruption.happened { router.report(wording(.sessionStopped)) }
        }
        if output.printsStatistics, let statistics {
            console.report(statistics.summary(wording))
            // One line per channel that stopped mid-run (already said when it happened).
            for line in router.switchSummaries { console.report(line) }
            // A run the kernel could not sandbox said so when it started, once.
            if let sandbox, sandbox.isSandboxed { console.report(sandbox.sentence(wording)) }
        }
        return interruption.happened ? .interrupted : outcome
    }

    /// "Camera ready 1280 by 720. Keys: …", or "… Press Ctrl-C to stop." without a terminal;
    /// a service run only "Camera ready.".
    private func readySentence(_ camera: Camera, keys: Bool) -> String {
        if output.isService { return wording(.sessionServiceReady) }
        let then: MessageArgument = keys ? .text(KeyTable.startSentence(wording)) : .message(.sessionPressCtrlC)
        guard let format = camera.activeFormat else { return wording(.sessionCameraReady, ["then": then]) }
        return wording(.sessionCameraReadySized,
                       ["width": .integer(format.size.width), "height": .integer(format.size.height), "then": then])
    }

    // MARK: Output

    private var speaks: Bool { output.plan.channels.contains(.speech) }

    private func router(captions: CaptionTrack? = nil, commands: (@Sendable (LiveCommand) -> Void)? = nil,
                        review: LiveReview? = nil) -> OutputRouter {
        OutputAssembly.router(output.plan, speech: output.speech, braille: output.brailleGrade, wording: wording,
                              console: context.console, captions: captions, commands: commands, review: review,
                              factories: context.renderers)
    }
}

extension OutputRouter {
    /// Runs `body`, then lets queued speech finish. A failure is said once, through the
    /// router (spoken to a listener, printed otherwise), and ends the run. A run that finished
    /// but lost a channel on the way (speech-dispatcher or BRLTTY stopped, and narration moved
    /// elsewhere, back or not), or whose speech-dispatcher failed at the start, ends `channelLost`.
    public func narrate(_ wording: Wording, _ body: () throws -> Void) throws -> Session.Outcome {
        do {
            try body()
        } catch {
            var failure = RuntimeFailure(error)
            report(wording(failure.message), kind: .error)
            finish()
            failure.alreadySaid = true
            throw failure
        }
        finish()
        return channelsFailed ? .channelLost : .completed
    }
}
