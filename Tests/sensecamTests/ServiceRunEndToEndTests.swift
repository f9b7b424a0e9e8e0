// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
@testable import Modes
import Testing

import Options
@testable import sensecam

/// A live run as the systemd unit starts it (`SENSECAM_SERVICE=1`, `aware --camera NODE`) on the
/// injected camera, with a real speech-dispatcher. Inside `TerminalModeTests` because the run's
/// keyboard is a pseudo-terminal in cbreak mode, which is process-wide (see LiveKeysEndToEndTests).
extension KeyboardTests.TerminalModeTests {
    @Suite struct ServiceRunEndToEndTests {
        /// A settings folder holding `settings` as its config.json, removed by the caller.
        static func settingsFolder(_ settings: String?) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-service-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sensecam"), withIntermediateDirectories: true)
            if let settings { try settings.write(to: folder.appendingPathComponent("sensecam/config.json"), atomically: true, encoding: .utf8) }
            return folder
        }

        /// "Camera ready." is the first thing the speech-dispatcher is given, at message priority,
        /// and nothing about keys or Ctrl-C; with the settings' profile (blind) and, with no
        /// profile in the settings, the same through the service's own fallback.
        @Test(.needsTestData("video/walk"), arguments: [#"{"profile": "blind"}"#, nil])
        func cameraReadyReachesSpeechDispatcher(_ settings: String?) throws {
            try SensecamProcess.requireModel()
            let server = try SpeechDispatcherServer(secondsPerMessage: 0.2)
            defer { server.stop() }
            let espeak = try SynthesizedSpeech()
            let config = try Self.settingsFolder(settings)
            defer { try? FileManager.default.removeItem(at: config) }
            let camera = try InjectedCamera(recording: SharedTestData.path("video/walk.mkv"), nodes: ["/dev/video2"],
                                            formats: [.mjpeg()], maxSourceFrames: 1)
            let live = try InProcessLive(["aware", "--camera", "/dev/video2", "--model", SensecamProcess.modelPath],
                                         camera: camera, renderers: .speech(server, thenEspeak: espeak),
                                         environment: [ServiceRun.variable: "1", "XDG_CONFIG_HOME": config.path])
            #expect(live.wait { server.queued().contains { $0.text.hasPrefix("Probably a person") } },
                    "\(server.queued()) \(live.stderrLines)")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
            let queued = server.queued()
            #expect(queued.first?.text == "Camera ready.", "\(queued)")
            #expect(queued.first?.priority == SpeechDispatcherServer.priorityNumbers[.message], "\(queued)")
            #expect(queued.filter { $0.text.hasPrefix("Camera ready") }.count == 1, "\(queued)")
            #expect(espeak.said.isEmpty, "\(espeak.said)")
            #expect(!live.stdoutLines.contains { $0.contains("Probably a person") }, "speech only: \(live.stdoutLines)")
        }

        /// Outside the service the sentence is unchanged: the size, and how to stop.
        @Test func aTerminalRunStillSaysTheSizeAndTheKeys() throws {
            try SensecamProcess.requireModel()
            let server = try SpeechDispatcherServer(secondsPerMessage: 0.2)
            defer { server.stop() }
            let espeak = try SynthesizedSpeech()
            let camera = try InjectedCamera(recording: SharedTestData.path("video/walk.mkv"), formats: [.mjpeg()], maxSourceFrames: 1)
            let live = try InProcessLive(["aware", "--profile", "blind", "--model", SensecamProcess.modelPath],
                                         camera: camera, renderers: .speech(server, thenEspeak: espeak))
            #expect(live.wait { server.queued().contains { $0.text.hasPrefix("Camera ready") } }, "\(server.queued())")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
            let ready = server.queued().first { $0.text.hasPrefix("Camera ready") }?.text ?? ""
            #expect(ready.hasPrefix("Camera ready 1280 by 720. "), "\(ready)")
        }
    }
}
