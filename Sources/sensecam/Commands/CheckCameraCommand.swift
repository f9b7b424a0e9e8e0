// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception
import Synchronization

/// `check-camera`: capture for a moment through the same code the live modes use, and say
/// whether pictures arrive, in what format and how fast. Faults on the way are said as they
/// happen, as in a live session.
struct CheckCameraCommand: Command {
    /// check-camera's own options, beside the camera's.
    struct CheckOptions: OptionGroup {
        var frames = 60
        var timeout = 10.0
        var jsonLines = false

        init() {}

        static let options: [GroupOption<Self>] = [
            .wholeNumber(\.frames, "frames", value: "count", help: Message(.helpCheckCameraFrames), in: 1...1_000_000),
            .number(\.timeout, "timeout", value: "seconds", help: Message(.helpCheckCameraTimeout), in: 1...3600),
            // Not `--output`, which elsewhere chooses narration's channels (speech, braille…).
            .flag(\.jsonLines, "jsonl", help: Message(.helpCheckCameraJSONLines)),
        ]
    }

    static let spec = CommandSpec(
        name: "check-camera",
        abstract: Message(.helpCheckCamera),
        options: CameraOptions.specs.filter { $0.long != "stats" } + CheckOptions.specs,
        renamedOptions: ["output": "jsonl"])

    let request: CaptureRequest
    let wanted: Int
    let timeoutSeconds: Double
    let jsonLines: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        request = try CameraOptions(command).request
        let options = try CheckOptions(command)
        wanted = options.frames
        timeoutSeconds = options.timeout
        jsonLines = options.jsonLines
    }

    func run(in context: SessionContext) throws -> Int32 {
        let console = context.console
        let (timeout, jsonLines) = (timeoutSeconds, self.jsonLines)
        let camera: Camera
        do { camera = try Camera(request: request, wording: context.wording, system: context.cameras) } catch { throw RuntimeFailure(error) }
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
            throw RuntimeFailure(Message(.checkCameraNoPicture, ["path": .text(camera.path), "seconds": .integer(Int(timeout))]))
        }
        let seconds = last.timestamp.seconds(since: first.timestamp)
        // The rate keeps its one decimal ("30.0"): it is a measurement, and how close it came matters.
        let rate = seconds > 0 ? String(format: "%.1f", Double(count - 1) / seconds) : "?"
        let format: MessageArgument = camera.activeFormat.map { .text("\($0.size) \($0.pixelFormat)") } ?? .message(.checkCameraUnknownFormat)
        let summary = context.wording(.checkCameraWorks, [
            "path": .text(camera.path), "frames": .integer(count), "format": format, "rate": .text(rate),
            "damaged": .integer(camera.damagedFrames),
        ])
        console.print(jsonLines ? NarrationEvent.status(summary, at: last).json.serialized() : summary)
        return 0
    }
}
