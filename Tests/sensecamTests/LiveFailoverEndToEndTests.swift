// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
@testable import Modes
import Testing

import Options
@testable import sensecam

/// A live session whose speech-dispatcher is killed and started again. Inside
/// `TerminalModeTests` because a terminal in cbreak mode is process-wide (see LiveKeysEndToEndTests).
extension KeyboardTests.TerminalModeTests {
    @Suite struct LiveFailoverEndToEndTests {
        /// `aware --profile blind --stats` on the injected camera: speech-dispatcher killed, `d`
        /// is answered by espeak-ng (its real synthesis) after one sentence saying why; the server
        /// started again, it says it is back and answers the next `d` (its log); at the end
        /// `--stats` says so in one line, and the exit status is 69.
        @Test func speechDispatcherKilledAndRestartedInALiveSession() throws {
            try SensecamProcess.requireModel()
            let server = try SpeechDispatcherServer(secondsPerMessage: 0.2)
            defer { server.stop() }
            let espeak = try SynthesizedSpeech()
            let factories = RendererFactories.speech(server, thenEspeak: espeak)
            let camera = try InjectedCamera(recording: SharedTestData.path("video/walk.mkv"), formats: [.mjpeg()],
                                            maxSourceFrames: 1)
            let live = try InProcessLive(["aware", "--profile", "blind", "--stats", "--model", SensecamProcess.modelPath],
                                         camera: camera, renderers: factories)
            // The summary opens with the place or the light.
            let summary = { (text: String) in text.contains("In view") }
            #expect(live.wait { server.queued().contains { $0.text.hasPrefix("Probably a person") } },
                    "\(server.queued()) \(live.stderrLines)")

            server.kill()
            live.type("d")
            #expect(live.wait { espeak.said.contains { summary($0.text) } }, "espeak-ng said \(espeak.said)")
            let said = espeak.said
            #expect(said.first?.text == "Speech-dispatcher stopped; speaking with espeak-ng.", "\(said)")
            #expect(said.allSatisfy { $0.seconds > 0.5 }, "\(said)")

            try server.restart()
            #expect(live.wait(seconds: 15) { server.queued().first?.text == "Speech-dispatcher is back." },
                    "\(server.queued())")
            live.type("d")
            #expect(live.wait { server.queued().contains { summary($0.text) } }, "\(server.queued())")
            live.type("q")
            #expect(live.exitStatus() == ExitStatus.channelLost, "\(live.stderrLines)")

            #expect(espeak.said.filter { $0.text.hasPrefix("Speech-dispatcher") }.count == 1, "\(espeak.said)")
            #expect(!espeak.said.contains { $0.text == "Speech-dispatcher is back." }, "\(espeak.said)")
            let switchLines = live.stderrLines.filter { $0.hasPrefix("Speech-dispatcher stopped") }
            #expect(switchLines == ["Speech-dispatcher stopped once during the run (espeak-ng took over) and came back once."],
                    "\(live.stderrLines)")
            #expect(live.stderrLines.contains { $0.hasPrefix("Frames:") }, "\(live.stderrLines)")
        }

        /// `aware --profile deafblind --stats` on a real BRLTTY killed and started again: the
        /// line on the display and the answer to `d` are printed after one sentence; BRLTTY back,
        /// the display says so and shows the next answer; `--stats` says it in one line; exit 69.
        @Test func brlttyKilledAndRestartedInALiveSession() throws {
            try SensecamProcess.requireModel()
            let server = try BrailleServer()
            defer { server.stop() }
            let renderers = RendererFactories.braille(server)
            let camera = try InjectedCamera(recording: SharedTestData.path("video/walk.mkv"), formats: [.mjpeg()],
                                            maxSourceFrames: 1)
            let live = try InProcessLive(["aware", "--profile", "deafblind", "--stats", "--model", SensecamProcess.modelPath],
                                         camera: camera, renderers: renderers)
            #expect(server.waitForDisplay(timeout: 20) { $0.contains("person") } != nil, "\(server.displayed())")

            server.kill()
            #expect(live.wait { live.stdoutLines.count >= 2 }, "\(live.stdoutLines)")
            #expect(live.stdoutLines.first == "BRLTTY stopped; printing the narration instead.", "\(live.stdoutLines)")
            #expect(live.stdoutLines.dropFirst().first?.contains("person") == true, "\(live.stdoutLines)")
            let before = live.stdoutLines.count
            live.type("d")
            #expect(live.wait { live.stdoutLines.dropFirst(before).contains { $0.contains("person") } }, "\(live.stdoutLines)")

            try server.restart()
            #expect(server.waitForDisplay(timeout: 15) { $0.hasPrefix("BRLTTY is back") } != nil, "\(server.displayed())")
            let printed = live.stdoutLines.count
            live.type("d")
            #expect(server.waitForDisplay(timeout: 10) { $0.contains("person") } != nil, "\(server.displayed())")
            live.type("q")
            #expect(live.exitStatus() == ExitStatus.channelLost, "\(live.stderrLines)")
            #expect(live.stdoutLines.count == printed, "printed after BRLTTY came back: \(live.stdoutLines)")
            #expect(live.stderrLines.filter { $0.hasPrefix("BRLTTY stopped") }
                    == ["BRLTTY stopped once during the run (the terminal took over) and came back once."], "\(live.stderrLines)")
        }
    }
}
