// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

import Options
@testable import sensecam

/// A live command run in this process, start to exit, exactly as the binary runs it, but on
/// the injected camera, its keys typed on a pseudo-terminal and its output captured; outside
/// the kernel's sandbox, which would bind the test runner too (SandboxTests prove it).
final class InProcessLive: Sendable {
    /// The terminal side the command reads keys from, and the side a test types on.
    let device: Int32, controller: Int32
    private let output = CapturedLines(), errors = CapturedLines()
    private let status = Mutex<Int32?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ arguments: [String], camera: InjectedCamera, renderers: RendererFactories = .system,
         environment: [String: String] = [:]) throws {
        var controller: Int32 = -1, device: Int32 = -1
        try #require(openpty(&controller, &device, nil, nil, nil) == 0, "openpty failed: errno \(errno)")
        (self.controller, self.device) = (controller, device)
        let context = SessionContext(console: Console(output: output.writer, errors: errors.writer), environment: environment,
                                     cameras: camera, renderers: renderers, keyboard: device, confinement: .none)
        Thread { [self] in
            let code = Sensecam.run(arguments, context: context)
            status.withLock { $0 = code }
            done.signal()
        }.start()
    }

    deinit {
        close(controller)
        close(device)
    }

    /// Types `keys` as a user would, one press at a time.
    func type(_ keys: String) {
        for byte in keys.utf8 {
            var key = byte
            _ = write(controller, &key, 1)
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    var stdoutLines: [String] { output.lines }
    var stderrLines: [String] { errors.lines }

    /// The JSON Lines events on standard output so far.
    var events: [[String: Any]] {
        stdoutLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Waits (up to `seconds`) until `condition` holds.
    @discardableResult
    func wait(seconds: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// The exit status, once the command has ended (nil if it has not within `seconds`).
    func exitStatus(within seconds: Double = 20) -> Int32? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        done.signal()
        return status.withLock { $0 }
    }
}

/// Lines written to a pipe, read on a thread of their own as they come.
final class CapturedLines: Sendable {
    private let pipe = Pipe()
    private let text = Mutex("")

    init() {
        let reader = pipe.fileHandleForReading
        Thread { [self] in
            while case let data = reader.availableData, !data.isEmpty {
                text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }.start()
    }

    var writer: FileHandle { pipe.fileHandleForWriting }
    var lines: [String] { text.withLock { $0 }.split(separator: "\n").map(String.init) }
}

/// The keys of a live session, end to end. Inside `TerminalModeTests` because a terminal in
/// cbreak mode is process-wide: these tests and those take turns.
extension KeyboardTests.TerminalModeTests {
    @Suite struct LiveKeysEndToEndTests {
        /// walk.mkv's first frame, served over and over: a person at 12 o'clock and a chair to
        /// the right, whose hour depends on the lens (1 o'clock at 60 degrees, 2 at 150).
        static func camera() throws -> InjectedCamera {
            try InjectedCamera(recording: SharedTestData.path("video/walk.mkv"), formats: [.mjpeg()], maxSourceFrames: 1)
        }

        /// The frame the camera serves, decoded as the capture code decodes it.
        static func servedFrame(_ camera: InjectedCamera) throws -> Image {
            try camera.frames.frame(0, format: .mjpeg, size: InjectedCamera.Format.hd).withUnsafeBytes { try Image(mjpeg: $0) }
        }

        /// `read`'s `m` key switches to awareness set up by the command line: the clock hours
        /// come from `--hfov` and the objects from a network at `--input-size` (before this
        /// was fixed, the switch built its detector with neither).
        @Test func readSwitchesToAwarenessWithTheConfiguredLensAndInputSize() throws {
            try SensecamProcess.requireModel()
            let camera = try Self.camera()
            let live = try InProcessLive(["read", "--hfov", "150", "--input-size", "320", "--output", "jsonl",
                                          "--model", SensecamProcess.modelPath], camera: camera)
            #expect(live.wait { live.stderrLines.contains { $0.hasPrefix("Camera ready") } }, "\(live.stderrLines)")
            live.type("m")
            #expect(live.wait { live.events.contains { $0["text"] as? String == "Awareness mode." } },
                    "stdout: \(live.stdoutLines.suffix(5)); stderr: \(live.stderrLines.suffix(5))")
            let objectsSaid = live.wait {
                Set(live.events.filter { $0["kind"] as? String == "objects" }
                    .flatMap { ($0["objects"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String } })
                    .isSuperset(of: ["person", "chair"])
            }
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
            try #require(objectsSaid, "the person and the chair were not both announced: \(live.stdoutLines)")

            let frame = try Self.servedFrame(camera)
            func detections(_ inputSize: Int) throws -> [Detection] {
                try DetectionSettings(modelPath: SensecamProcess.modelPath, inputSize: inputSize).makeStep().detect(in: frame)
            }
            let at320 = try detections(320), at416 = try detections(416)
            let narrated = live.events.filter { $0["kind"] as? String == "objects" }.flatMap { $0["objects"] as? [[String: Any]] ?? [] }
            for object in narrated {
                let label = try #require(object["label"] as? String)
                let confidence = try #require(object["confidence"] as? Double)
                // The object as a 320 network saw it (one picture served again and again, so
                // the track's smoothing leaves it as it is); 416 sees it differently.
                let seen = try #require(at320.first { $0.label == label }, "\(label) is not what a 320 network finds")
                #expect(abs(seen.confidence - confidence) < 1e-3, "\(label): \(confidence) said, \(seen.confidence) at 320")
                let other = try #require(at416.first { $0.label == label })
                #expect(abs(other.confidence - confidence) > 1e-2, "\(label) is as a 416 network sees it: the input size was ignored")
                // Its hour through a 150-degree lens.
                let hour = ClockDirection(of: seen.box, imageWidth: frame.width, horizontalFieldOfView: 150).hour
                #expect(object["direction"] as? Int == hour, "\(label): \(object)")
            }
            // The chair's hour tells the lenses apart, so a forgotten --hfov cannot pass.
            let chair = try #require(at320.first { $0.label == "chair" })
            #expect(ClockDirection(of: chair.box, imageWidth: frame.width, horizontalFieldOfView: 150).hour
                    != ClockDirection(of: chair.box, imageWidth: frame.width, horizontalFieldOfView: 60).hour)
        }

        /// Under `--profile deafblind`, `d` is answered on a real braille display (BRLTTY) in
        /// terse braille made from the objects, and its JSON event carries those objects (before,
        /// the display got the full sentences and the event no objects).
        @Test func describeKeyUnderDeafblindShowsTerseBrailleAndCarriesTheObjects() throws {
            try SensecamProcess.requireModel()
            let server = try BrailleServer()
            defer { server.stop() }
            let renderers = RendererFactories.braille(server)
            let live = try InProcessLive(["aware", "--profile", "deafblind", "--output", "braille,jsonl",
                                          "--model", SensecamProcess.modelPath], camera: try Self.camera(), renderers: renderers)
            #expect(live.wait { live.events.contains { $0["kind"] as? String == "objects" } }, "\(live.stdoutLines)")
            // A status line on the display first, so the summary is seen to replace it: the
            // profile's wording is already the shortest, and `-` says so (before, it said "Short
            // descriptions." as if something had changed).
            let shortest = "Already the shortest descriptions."
            live.type("-")
            #expect(server.waitForDisplay(timeout: 10) { $0.hasPrefix(shortest.prefix(30)) } != nil, "\(server.displayed())")
            live.type("d")
            #expect(live.wait { live.events.contains { $0["kind"] as? String == "summary" } }, "\(live.stdoutLines)")
            let summary = try #require(live.events.last { $0["kind"] as? String == "summary" })
            let shown = server.waitForDisplay(timeout: 10) { !$0.hasPrefix(shortest.prefix(30)) && !$0.isEmpty }
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")

            let objects = try #require(summary["objects"] as? [[String: Any]], "\(summary)")
            #expect(Set(objects.compactMap { $0["label"] as? String }).isSuperset(of: ["person", "chair"]), "\(summary)")
            #expect(objects.allSatisfy { $0["track"] is NSNull && $0["state"] as? String == "present" }, "\(summary)")
            // Terse wording: no opening, no hedge word spelled out as in speech.
            let text = try #require(summary["text"] as? String)
            #expect(!text.hasPrefix("In view") && text.contains("person 12 o'clock"), "\(text)")
            let expected = try #require(BrailleWording(wording: .english).objects(objects.compactMap(OutputEndToEndTests.narratedObject)))
            let line = try #require(shown, "the summary never reached the display: \(server.displayed())")
                .trimmingCharacters(in: .whitespaces)
            #expect(!line.isEmpty && expected.hasPrefix(line), "display: \(line); expected: \(expected)")
            #expect(line.contains("12h") && !line.contains("o'clock"), "not terse braille: \(line)")
        }
    }
}
