import Foundation
import Glibc
import Perception

/// `aware` and `read` with no image or video: a live session on the camera until the user
/// quits (q, Ctrl-C, SIGTERM). Keys work when the context's keyboard is a terminal; every exit
/// path stops streaming, unmaps and closes the camera, restores the terminal and, with
/// --stats, prints the counters, a line for each channel that stopped mid-run and the sandbox the
/// run was in.
struct LiveRun {
    let request: CaptureRequest
    let output: NarrationOutput
    let printsStatistics: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        request = try CameraOptions.request(command)
        output = try NarrationOutput(command)
        printsStatistics = CameraOptions.stats.isSet(in: command)
    }

    func run(_ mode: LiveSession.Mode, settings: PipelineSettings, in context: CommandContext) throws -> Int32 {
        let console = context.console
        // A live session writes no file: sandboxed before the models load and the camera opens.
        let sandbox = context.confine(writing: [], settings: settings, output: output)
        let session: LiveSession
        do { session = try Pipelines.live(starting: mode, settings) } catch { throw RuntimeFailure(error) }
        let camera: Camera
        do { camera = try Camera(request: request, wording: settings.wording, system: context.cameras) } catch { throw RuntimeFailure(error) }
        defer { camera.close() }

        // Only the newest frame is processed: narration always describes now.
        let engine = StreamEngine(source: camera, stage: session, clock: .realTime)
        // What was said, kept for the review keys (so only with a terminal to type them on) and
        // answered on channels of its own.
        let review = isatty(context.keyboard) == 1 ? LiveReview() : nil
        let control = LiveControl(review: review) { engine.send($0) }
        let router = output.router(in: context, commands: { control.handle($0) }, review: review)
        control.attach(router)
        defer { router.finish(timeoutSeconds: 2) }
        let signals = SignalWatcher([
            SIGINT: { router.interrupt(); engine.stop() },
            SIGTERM: { router.interrupt(); engine.stop() },
            SIGUSR1: { console.report(engine.statistics().summary(settings.wording)) },
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

        let format = camera.activeFormat.map { " \($0.size.width) by \($0.size.height)" } ?? ""
        // Started by the systemd unit, the run is stopped by unplugging the camera, not by a key.
        let ready = ServiceRun.isService(context.environment) ? ServiceRun.readySentence
            : "Camera ready\(format). " + (keyboard != nil ? KeyMap.startText : "Press Ctrl-C to stop.")
        router.report(ready)
        var statistics: StreamStatistics?
        let status = try router.narrate { statistics = try engine.run { router.render($0) } }
        if printsStatistics, let statistics {
            console.report(statistics.summary(settings.wording))
            // One line per channel that stopped mid-run (already said when it happened).
            for line in router.switchSummaries { console.report(line) }
            // A run the kernel could not sandbox said so when it started, once.
            if let sandbox, sandbox.isSandboxed { console.report(sandbox.sentence(settings.wording)) }
        }
        return status
    }
}
