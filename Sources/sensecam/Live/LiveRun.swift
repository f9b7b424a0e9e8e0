import Foundation
import Glibc
import Perception

/// `aware` and `read` with no image or video: a live session on the camera until the user
/// quits (q, Ctrl-C, SIGTERM). Keys work when standard input is a terminal; every exit path
/// stops streaming, unmaps and closes the camera, restores the terminal and, with --stats,
/// prints the counters.
enum LiveRun {
    static func run(_ mode: LiveSession.Mode, command: ParsedCommand, console: Console,
                    aware: @escaping () throws -> AwarenessStage, reader: @escaping () throws -> DocumentReader) throws -> Int32 {
        let request = try CameraOptions.request(command)
        let plan = try OutputOptions.plan(command)
        let speech = try OutputOptions.speechSettings(command)
        let session = LiveSession(mode: mode, aware: aware, reader: reader)
        do { try session.prepare() } catch { throw RuntimeFailure(error) }
        let camera: Camera
        do { camera = try Camera(request: request) } catch { throw RuntimeFailure(error) }
        defer { camera.close() }

        // Only the newest frame is processed: narration always describes now.
        let engine = StreamEngine(source: camera, stage: session, clock: .realTime)
        let control = LiveControl { engine.send($0) }
        let router = OutputAssembly.router(plan, speech: speech, console: console, commands: { control.handle($0) })
        control.attach(router)
        defer { router.finish(timeoutSeconds: 2) }
        let signals = SignalWatcher([
            SIGINT: { router.interrupt(); engine.stop() },
            SIGTERM: { router.interrupt(); engine.stop() },
            SIGUSR1: { console.report(engine.statistics().summary) },
        ])
        defer { signals.cancel() }

        var keyboard: KeyboardReader?
        if (try? TerminalMode.enable(on: STDIN_FILENO)) == true {
            keyboard = KeyboardReader(fd: STDIN_FILENO) { control.handle($0) }
            keyboard?.start()
        }
        defer {
            keyboard?.stop()
            TerminalMode.restore()
        }

        let format = camera.activeFormat.map { " \($0.size.width) by \($0.size.height)" } ?? ""
        let ready = "Camera ready\(format). " + (keyboard != nil ? KeyMap.helpText : "Press Ctrl-C to stop.")
        router.report(ready)
        var statistics: StreamStatistics?
        let status = try CommonOptions.narrate(router) { statistics = try engine.run { router.render($0) } }
        if command.flag("stats"), let statistics { console.report(statistics.summary) }
        return status
    }
}

