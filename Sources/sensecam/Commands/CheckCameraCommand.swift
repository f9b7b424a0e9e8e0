import Foundation
import Perception
import Synchronization

/// `check-camera`: capture for a moment through the same code the live modes use, and say
/// whether pictures arrive, in what format and how fast. Faults on the way are said as they
/// happen, as in a live session.
struct CheckCameraCommand: Command {
    static let frames: Option<Int> = .wholeNumber("frames", value: "count", help: "How many frames to capture.", default: 60,
                                                  in: 1...1_000_000)
    static let timeout: Option<Double> = .number("timeout", value: "seconds", help: "Give up when no frame arrives for this long.",
                                                 default: 10, in: 1...3600)
    static let format: Option<Format> = .choice("output", value: "format", help: "How narration is written.", default: .text)

    /// check-camera's own `--output`: its status lines as sentences or as JSON Lines.
    enum Format: String, CaseIterable, Sendable { case text, jsonl }

    static let spec = CommandSpec(
        name: "check-camera",
        abstract: "Capture from the camera for a moment and say whether pictures arrive, in what format and how fast.",
        options: [CameraOptions.camera.spec, CameraOptions.size.spec, CameraOptions.fps.spec, frames.spec, timeout.spec, format.spec])

    let request: CaptureRequest
    let wanted: Int
    let timeoutSeconds: Double
    let jsonLines: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        request = try CameraOptions.request(command)
        wanted = try Self.frames.value(in: command)
        timeoutSeconds = try Self.timeout.value(in: command)
        jsonLines = try Self.format.value(in: command) == .jsonl
    }

    func run(in context: CommandContext) throws -> Int32 {
        let console = context.console
        let (timeout, jsonLines) = (timeoutSeconds, self.jsonLines)
        let camera: Camera
        do { camera = try Camera(request: request, wording: .english, system: context.cameras) } catch { throw RuntimeFailure(error) }
        defer { camera.close() }
        camera.onStatus { text in
            console.print(jsonLines ? NarrationEvent.status(text, at: nil).json.serialized() : text)
        }
        // A watchdog, since a camera that went away waits for its return indefinitely.
        let lastProgress = Mutex(MonotonicClock.now())
        let finished = Atomic<Bool>(false)
        let watchdog = Thread {
            while !finished.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: 0.1)
                if MonotonicClock.now().seconds(since: lastProgress.withLock { $0 }) > timeout { camera.cancel() }
            }
        }
        watchdog.start()
        defer { finished.store(true, ordering: .relaxed) }

        var count = 0
        var first: Frame?
        var last: Frame?
        while count < wanted, let frame = try camera.nextFrame() {
            lastProgress.withLock { $0 = MonotonicClock.now() }
            count += 1
            if first == nil { first = frame }
            last = frame
            if jsonLines {
                console.print(CameraRecords.frame(frame, sequence: camera.lastSequence).serialized())
            }
        }
        guard count == wanted, let first, let last else {
            throw RuntimeFailure("No picture from camera \(camera.path) for \(NumberWords.spoken(Int(timeout))) seconds; check that nothing covers it and try another USB port.")
        }
        let seconds = last.timestamp.seconds(since: first.timestamp)
        let rate = seconds > 0 ? String(format: "%.1f", Double(count - 1) / seconds) : "?"
        let format = camera.activeFormat.map { "\($0.size) \($0.pixelFormat)" } ?? "unknown format"
        let summary = "Camera \(camera.path) works: \(count) frames of \(format) at \(rate) per second, \(camera.damagedFrames) damaged."
        console.print(jsonLines ? NarrationEvent.status(summary, at: last).json.serialized() : summary)
        return 0
    }
}
