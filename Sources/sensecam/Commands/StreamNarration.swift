import Foundation
import Glibc
import Perception

/// A recording narrated to its end (`aware --video`, `read --video`): its narration goes to
/// the channels the profile and `--output` choose and, with `--captions`, into a caption track.
/// From a terminal the live keys work as on the camera: the review keys go over what was said,
/// and q ends the run (a video processed frame by frame takes the other commands as no-ops).
struct StreamNarration {
    let output: NarrationOutput
    let captions: String?

    init(_ command: ParsedCommand, captions: String?) throws(UsageError) {
        output = try NarrationOutput(command)
        self.captions = captions
    }

    func run(in context: CommandContext, settings: PipelineSettings, _ makeEngine: () throws -> StreamEngine) throws -> Int32 {
        let captionTrack = try captionTrack()
        // Sandboxed once the caption file is open, before the video and the models are.
        _ = context.confine(writing: captions.map { [$0] } ?? [], settings: settings, output: output)
        let engine: StreamEngine
        do { engine = try makeEngine() } catch { throw RuntimeFailure(error) }
        let review = isatty(context.keyboard) == 1 ? LiveReview(wording: output.wording) : nil
        let control = LiveControl(review: review) { (command: LiveCommand) in
            if command == .quit { engine.stop() } else { engine.send(command) }
        }
        // A braille display's keys, like the terminal's, only when there is a review to go over.
        var keys: (@Sendable (LiveCommand) -> Void)?
        if review != nil { keys = { (command: LiveCommand) in control.handle(command) } }
        let router = output.router(in: context, captions: captionTrack, commands: keys, review: review)
        control.attach(router)
        var keyboard: KeyboardReader?
        if review != nil, (try? TerminalMode.enable(on: context.keyboard)) == true {
            keyboard = KeyboardReader(fd: context.keyboard) { control.handle($0) }
            keyboard?.start()
        }
        // With the terminal in key mode, Ctrl-C must end the run through here, so it is restored.
        let signals = keyboard.map { _ in
            SignalWatcher([SIGINT: { router.interrupt(); engine.stop() }, SIGTERM: { router.interrupt(); engine.stop() }])
        }
        defer {
            signals?.cancel()
            keyboard?.stop()
            TerminalMode.restore()
        }
        if keyboard != nil { router.report(KeyMap.startText) }
        return try router.narrate { _ = try engine.run { router.render($0) } }
    }

    /// The caption track `--captions FILE` asks for, writing to a file created now (so a
    /// folder that cannot be written is said before the video is processed).
    private func captionTrack() throws -> CaptionTrack? {
        guard let path = captions, let format = CaptionTrack.Format(fileName: path) else { return nil }
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure("Cannot write captions to \(path); choose a folder you can write to.")
        }
        return CaptionTrack(format: format) { text in file.write(Data(text.utf8)) }
    }
}
