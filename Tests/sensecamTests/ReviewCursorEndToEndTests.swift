// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

#if canImport(Glibc)
import Glibc
#endif

import Options
@testable import sensecam

/// The review cursor end to end: `read` on the injected camera, speaking through a real
/// speech-dispatcher; once a page has been read, review keys typed on the terminal step
/// through its lines and words and spell one, and what reaches the server (its log) is exactly
/// the answers, at message priority, from the review's own client, with none of the
/// narration's messages cancelled. Inside `TerminalModeTests` because a terminal in cbreak mode
/// is process-wide (see LiveKeysEndToEndTests).
extension KeyboardTests.TerminalModeTests {
    @Suite struct ReviewCursorEndToEndTests {
        /// The welcome page, held still in front of the camera.
        @Test func reviewKeysAfterReadingTheWelcomePage() throws {
            let page = try ImageFile.load(SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png").path)
            let size = FrameSize(width: page.width, height: page.height)
            let camera = InjectedCamera(frames: try RecordedFrames(stills: [page], schedule: [0]),
                                        formats: [.mjpeg([size], framesPerSecond: [15])])
            try reviewAfterAReading(camera: camera, readingSeconds: 60)
        }

        /// document-phototest.mp4: a hand-held page drifting in, settling, sliding partly out and
        /// settling again, played by the camera as if filmed now.
        @Test func reviewKeysAfterReadingAPageVideo() throws {
            let camera = try InjectedCamera(recording: SharedTestData.path("video/document-phototest.mp4"),
                                            formats: [.mjpeg([InjectedCamera.Format.hd], framesPerSecond: [15])],
                                            maxSourceFrames: 360)
            try reviewAfterAReading(camera: camera, readingSeconds: 90)
        }

        /// The same video as a file (`read --video`, at the video's own pace): its 24 seconds
        /// leave time to review the first reading before the page slides out.
        @Test func reviewKeysWhileAPageVideoFilePlays() throws {
            // Not opened: the frames come from the file.
            let page = try ImageFile.load(SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png").path)
            let unused = InjectedCamera(frames: try RecordedFrames(stills: [page], schedule: [0]))
            try reviewAfterAReading(["read", "--video", try SharedTestData.path("video/document-phototest.mp4")],
                                    camera: unused, readingSeconds: 24)
        }

        func reviewAfterAReading(_ command: [String] = ["read"], camera: InjectedCamera, readingSeconds: Double) throws {
            let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
            defer { server.stop() }
            let renderers = RendererFactories.speech(server, thenEspeak: try SynthesizedSpeech())
            let live = try InProcessLive(command + ["--output", "speech,jsonl"], camera: camera, renderers: renderers)
            defer {
                live.type("q")
                _ = live.exitStatus()
            }
            let read = live.wait(seconds: readingSeconds) {
                live.events.contains { ($0["text"] as? String)?.hasPrefix("End of page") == true }
            }
            try #require(read, "no page was read: \(live.stdoutLines.suffix(8)) \(live.stderrLines.suffix(5))")
            // The lines of the last reading: the text events just before its summary.
            let events = live.events
            let summary = try #require(events.lastIndex { ($0["text"] as? String)?.hasPrefix("End of page") == true })
            let lines = events[..<summary].reversed().prefix { $0["kind"] as? String == "text" }.reversed()
                .compactMap { $0["text"] as? String }
            try #require(lines.count >= 2, "\(events)")
            let second = lines[1].split(separator: " ").map(String.init)
            try #require(second.count >= 3, "the second line has fewer than three words: \(lines[1])")
            // Let the narration's own messages (its lines, however they are spoken, then the
            // summary) reach the server first.
            #expect(live.wait { server.messages().contains { $0.client == "sensecam" && $0.text.hasPrefix("End of page") } },
                    "\(server.messages())")

            let escape = "\u{1B}"
            // Down from a fresh reading is its first line, then the second; right and keypad 6
            // step two words on; keypad 5 twice quickly says the word, then spells it; up is the
            // first line again, keypad 4 there is the top; Orca's laptop o is the next line.
            let keys = ["\(escape)[B", "\(escape)[B", "\(escape)[C", "6", "55", "\(escape)[A", "4", "o"]
            // Each answer opens with the review's marker, so it is not taken for narration.
            func marked(_ answer: [String]) -> [String] { answer.enumerated().map { $0 == 0 ? "Review: \($1)" : $1 } }
            let expected = [[lines[0]], [lines[1]], [second[1]], [second[2]], [second[2]],
                            [CharacterNames(wording: .english).spelled(second[2])], [lines[0]], ["Top."], [lines[1]]].flatMap(marked)
            // The second 5 comes 50 ms after the first: the word it said may still have been
            // waiting to be sent, and an answer cut off before it is sent is dropped unsent.
            var superseded = expected
            superseded.remove(at: 4)
            let review = { server.messages().filter { $0.client == SpeechDispatcherRenderer.reviewClientName } }
            // From a key press to its answer queued by the server, for single-byte keys.
            var latencies: [Double] = []
            for key in keys {
                let before = review().count
                // All of a key's bytes in one write, as a terminal sends them (byte by byte, a
                // loaded machine can leave a pause after ESC long enough to be the Escape key).
                let bytes = Array(key.utf8)
                #expect(bytes.withUnsafeBytes { write(live.controller, $0.baseAddress, $0.count) } == bytes.count)
                let typed = Date()
                if bytes.count == 1 {
                    let deadline = typed.addingTimeInterval(3)
                    while review().count == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
                    latencies.append(Date().timeIntervalSince(typed))
                }
                Thread.sleep(forTimeInterval: 0.7)  // slower than a double press
            }
            print(String(format: "Review key to answer queued by speech-dispatcher: %@ s",
                         latencies.map { String(format: "%.3f", $0) }.joined(separator: ", ")))
            #expect(live.wait(seconds: 10) { review().count >= superseded.count && review().last?.text == "Review: \(lines[1])" })
            let messages = server.messages()
            let answers = messages.filter { $0.client == SpeechDispatcherRenderer.reviewClientName }
            print("Review after a reading of \(lines.count) lines: keys \(keys.map(\.debugDescription)) said \(answers.map(\.text))")
            #expect([expected, superseded].map { $0.map(SpokenText(wording: .english).spelledOut) }.contains(answers.map(\.text)), "\(answers.map(\.text))")
            #expect(answers.allSatisfy { $0.priority == SpeechDispatcherServer.priorityNumbers[.message] }, "\(answers)")
            // The narration spoke through its own client, and none of its sentences was cancelled
            // (its progress ticks and notifications give way to any message by the server's own
            // priority rules, so only those may have been).
            let narration = messages.filter { $0.client == "sensecam" }
            #expect(messages.allSatisfy { $0.client != nil }, "\(messages)")
            let sentences = narration.filter { $0.priority <= SpeechDispatcherServer.priorityNumbers[.message]! }
            #expect(sentences.contains { $0.text.hasPrefix("End of page") }, "\(narration)")
            #expect(!sentences.contains { $0.state == .cancelled }, "\(sentences.filter { $0.state == .cancelled })")
            // Review answers are not narration: JSON Lines has none of them.
            #expect(!live.events.contains { ($0["text"] as? String)?.hasSuffix("Top.") == true }, "\(live.stdoutLines.suffix(5))")
        }
    }
}
