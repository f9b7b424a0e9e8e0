// The soak: `aware` on the injected camera, narrating a looping recording for a long time
// (an hour by default) with every sentence spoken through a real, private speech-dispatcher,
// while this process's resident memory, open file descriptors and threads are sampled every
// 10 s. A leak shows as growth once the session has settled; more than 2 % in any of the
// three after the first five minutes fails the run.
//
//   swift run -c release sensecam-soak [--minutes 60] [--fps 30] [--size 640x480] [--recording FILE]
import CameraTestSupport
import Foundation
import Perception

func option(_ name: String, _ fallback: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}

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

let minutes = Double(option("minutes", ProcessInfo.processInfo.environment["MINUTES"] ?? "60"))!
let fps = Double(option("fps", "30"))!
let sizeParts = option("size", "640x480").split(separator: "x").compactMap { Int($0) }
let size = FrameSize(width: sizeParts[0], height: sizeParts[1])
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let testData = ProcessInfo.processInfo.environment["SENSECAM_TEST_DATA"] ?? root.appendingPathComponent("../shared/data").path
let recording = option("recording", URL(fileURLWithPath: testData).appendingPathComponent("video/scenes-coco.mp4").standardized.path)
let modelPath = try ModelLocator.locate(explicit: option("model", root.appendingPathComponent("Models/yolox_nano.onnx").path))

/// Ten-second samples; growth is judged after `settle` (five minutes, or half a shorter run).
let interval = 10.0
let settle = min(300, minutes * 30)
/// The most any measure may grow once settled.
let allowedGrowth = 2.0

let server = try SpeechDispatcherServer(secondsPerMessage: 0.3)
let speech = try SpeechDispatcherRenderer(settings: SpeechSettings(), address: server.address, autospawn: false)
let device = try InjectedCamera(recording: recording, formats: [.mjpeg([size], framesPerSecond: [fps])],
                                maxSourceFrames: 90, paced: true)
let detector = try ObjectDetector(modelPath: modelPath)
let camera = try Camera(request: CaptureRequest(size: size, frameRate: fps), wording: .english, system: device)
let stage = AwarenessStage(step: DetectionStep(detector: detector, minConfidence: DetectionSettings.defaultMinConfidence),
                           narrator: AwarenessNarrator())
let engine = StreamEngine(source: camera, stage: stage, clock: .realTime)
let finished = DispatchSemaphore(value: 0)
let started = MonotonicClock.now()
Thread {
    _ = try? engine.run { event in speech.render(event) }
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
speech.finish(timeoutSeconds: 2)
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
if let failure = speech.failure { failures.append("speech (\(failure))") }
if spoken == 0 { failures.append("speech (nothing was spoken)") }
if failures.isEmpty {
    say("No growth beyond \(Int(allowedGrowth)) % after the first \(Int(settle / 60)) minutes.")
} else {
    say("Soak failed on \(failures.joined(separator: ", ")): more than \(Int(allowedGrowth)) % growth after settling is a leak to find, and speech must keep working.")
    exit(1)
}
