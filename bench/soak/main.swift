// SPDX-License-Identifier: GPL-3.0-or-later
// The soak: `aware` on the injected camera, narrating a looping recording for a long time
// (an hour by default) with every sentence spoken through a real, private speech-dispatcher,
// while this process's resident memory, open file descriptors and threads are sampled every
// 10 s. A leak shows as growth once the session has settled; more than 2 % in any of the
// three after the first five minutes fails the run.
//
//   swift run -c release sensecam-soak [--minutes 60] [--fps 30] [--size 640x480] [--recording FILE] [--model FILE]
import CameraTestSupport
import Foundation
import Options
import Modes
import Perception

/// The soak's own options, beside the camera's and the detector's.
struct SoakOptions: OptionGroup {
    var minutes = Double(ProcessInfo.processInfo.environment["MINUTES"] ?? "") ?? 60
    var recording: String?

    init() {}

    static let options: [GroupOption<Self>] = [
        .number(\.minutes, "minutes", value: "n", help: Message(.benchToolMinutes), in: 0.1...10_000),
        .text(\.recording, "recording", value: "file", help: Message(.benchToolRecording)),
    ]
}

let command = CommandSpec(
    name: "sensecam-soak", abstract: Message(.benchToolSoak),
    options: SoakOptions.specs + [CameraOptions.option("size").spec, CameraOptions.option("fps").spec]
        + [DetectionOptions.option("model").spec]
).parseOrExit { command throws(UsageError) in
    var camera = try CameraOptions(command)
    // A smaller picture than a camera's usual: an hour of detection at 30 fps on a shared machine.
    if !command.isGiven("size") { camera.size = FrameSize(width: 640, height: 480) }
    return (try SoakOptions(command), camera, try DetectionOptions(command))
}
let (own, cameraOptions, detection) = command

/// One line out at once, unbuffered: a file or a pipe sees each minute's row as it comes.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// One look at the process's resources, from /proc.
struct Sample {
    var seconds: Double
    var residentMiB: Double
    var descriptors: Double
    var threads: Double
    var framesRead: Int

    static func field(_ name: String, in status: String) -> Double {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "0") ?? 0
    }

    static func now(seconds: Double, framesRead: Int) -> Sample {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        // Listing /proc/self/fd opens one descriptor of its own; it is counted every time alike.
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return Sample(seconds: seconds, residentMiB: field("VmRSS", in: status) / 1024, descriptors: Double(descriptors),
                      threads: field("Threads", in: status), framesRead: framesRead)
    }
}

/// The median of one measure over samples: a single sample can catch a transient thread or a
/// descriptor mid-use, so each end of the comparison is a minute's median, not one reading.
func median(_ samples: ArraySlice<Sample>, _ measure: (Sample) -> Double) -> Double {
    let values = samples.map(measure).sorted()
    return values.isEmpty ? 0 : values[values.count / 2]
}

let minutes = own.minutes
let fps = cameraOptions.fps
let size = cameraOptions.size
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let testData = ProcessInfo.processInfo.environment["SENSECAM_TEST_DATA"] ?? root.appendingPathComponent("../shared/data").path
let recording = own.recording ?? URL(fileURLWithPath: testData).appendingPathComponent("video/scenes-coco.mp4").standardized.path

/// Ten-second samples; growth is judged after `settle` (five minutes, or half a shorter run).
let interval = 10.0
let settle = min(300, minutes * 30)
/// The most any measure may grow once settled.
let allowedGrowth = 2.0

let server = try SpeechDispatcherServer(secondsPerMessage: 0.3)
let device = try InjectedCamera(recording: recording, formats: [.mjpeg([size], framesPerSecond: [fps])],
                                maxSourceFrames: 90, paced: true)
// The product's assembly on both sides: awareness's stage from its mode, and speech through the
// router a blind user's session gets, its speech-dispatcher the private server.
let stage = try Mode.aware.stage(SessionSettings(detection: detection.detection), arrival: .live)
let factories = RendererFactories(
    speechDispatcher: { try SpeechDispatcherRenderer(settings: $0, wording: $1, address: server.address, autospawn: false) },
    espeak: { _, _ in throw RuntimeFailure(Message(.benchToolSpeechOnly)) },
    braille: { _, _, _ in throw RuntimeFailure(Message(.benchToolSpeechOnly)) })
let router = OutputAssembly.router(OutputPlan(profile: .blind, channels: nil, outputIsTerminal: false, errorsAreTerminal: false),
                                   speech: SpeechSettings(), wording: .english, console: Console(), factories: factories)
let camera = try Camera(request: cameraOptions.request, wording: .english, system: device)
let engine = StreamEngine(source: camera, stage: stage, clock: .realTime, wording: .english)
let finished = DispatchSemaphore(value: 0)
let started = MonotonicClock.now()
Thread {
    _ = try? engine.run { event in router.render(event) }
    finished.signal()
}.start()

say("Soak: aware on the injected camera, \(size) MJPEG at \(Int(fps)) fps looping \(URL(fileURLWithPath: recording).lastPathComponent), speech through speech-dispatcher, \(Int(minutes)) min; a sample every \(Int(interval)) s.")
say("min   RSS MiB   fds  threads   frames  spoken")
var samples: [Sample] = []
while true {
    let next = Double(samples.count + 1) * interval
    let wait = next - MonotonicClock.now().seconds(since: started)
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    let sample = Sample.now(seconds: MonotonicClock.now().seconds(since: started), framesRead: engine.statistics().framesRead)
    samples.append(sample)
    // One row a minute keeps an hour's table short enough to hear.
    if samples.count % 6 == 0 {
        say(String(format: "%3.0f  %8.1f  %4.0f  %7.0f  %7d  %6d", sample.seconds / 60, sample.residentMiB,
                     sample.descriptors, sample.threads, sample.framesRead, server.spoken().count))
    }
    if sample.seconds >= minutes * 60 { break }
}
engine.stop()
finished.wait()
camera.close()
router.finish(timeoutSeconds: 2)
let spoken = server.spoken().count
server.stop()

let perMinute = Int(60 / interval)
let settled = samples.lastIndex { $0.seconds <= settle } ?? 0
let before = samples[max(0, settled + 1 - perMinute)...settled]
let after = samples.suffix(perMinute)
var failures: [String] = []
for (name, measure) in [("resident memory", \Sample.residentMiB), ("open file descriptors", \Sample.descriptors), ("threads", \Sample.threads)] {
    let start = median(before) { $0[keyPath: measure] }, end = median(after) { $0[keyPath: measure] }
    let peak = samples[settled...].map { $0[keyPath: measure] }.max() ?? end
    let growth = start > 0 ? (end - start) / start * 100 : 0
    say(String(format: "%@: %.1f at minute %.0f, %.1f in the last minute (%+.2f %%), peak %.1f after settling.",
                 name.prefix(1).uppercased() + name.dropFirst(), start, settle / 60, end, growth, peak))
    if growth > allowedGrowth { failures.append(name) }
}
say("Frames read \(engine.statistics().framesRead), dropped by the driver \(device.framesDropped); sentences spoken \(spoken).")
if router.channelsSwitched { failures.append("speech (\(router.switchSummaries.joined(separator: " ")))") }
if spoken == 0 { failures.append("speech (nothing was spoken)") }
if failures.isEmpty {
    say("No growth beyond \(Int(allowedGrowth)) % after the first \(Int(settle / 60)) minutes.")
} else {
    say("Soak failed on \(failures.joined(separator: ", ")): more than \(Int(allowedGrowth)) % growth after settling is a leak to find, and speech must keep working.")
    exit(1)
}
