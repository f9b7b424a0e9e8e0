// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
@testable import Modes
import Synchronization
import Testing

import Options
@testable import sensecam

/// `aware --video --profile blind`, run in this process exactly as the binary runs it, with a
/// real speech-dispatcher that is killed (SIGKILL) while it speaks: the narration goes on in
/// espeak-ng (its real synthesis measured), nothing spoken at the moment of the kill is lost, and
/// the exit status says a channel was lost on the way.
@Suite struct ChannelFailoverEndToEndTests {
    static let clip = "video/walk.mkv"  // 3 s: a person, then the end of the video

    @Test func speechDispatcherKilledMidVideoGoesOnInEspeakAndExits69() throws {
        try SensecamProcess.requireModel()
        // Two seconds a message: the first sentence is still being said when the server dies.
        let server = try SpeechDispatcherServer(secondsPerMessage: 2)
        defer { server.stop() }
        let espeak = try SynthesizedSpeech()
        let factories = RendererFactories.speech(server, thenEspeak: espeak)
        let output = CapturedLines(), errors = CapturedLines()
        let context = SessionContext(console: Console(output: output.writer, errors: errors.writer), environment: [:],
                                     renderers: factories, keyboard: -1, confinement: .none)  // a sandbox would bind the test runner
        let status = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let arguments = ["aware", "--video", try SharedTestData.path(Self.clip), "--profile", "blind",
                         "--model", SensecamProcess.modelPath]
        Thread {
            let code = Sensecam.run(arguments, context: context)
            status.withLock { $0 = code }
            done.signal()
        }.start()

        #expect(server.waitForSpoken(1, timeout: 30) != nil, "nothing reached speech-dispatcher: \(errors.lines)")
        let first = try #require(server.queued().first?.text)
        server.kill()
        let killed = Date()
        // Noticed by the watcher (within half a second), not only when the next sentence comes.
        let deadline = Date().addingTimeInterval(5)
        while espeak.said.count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let switched = Date().timeIntervalSince(killed)
        #expect(switched < 1.5, "espeak-ng began \(switched) s after the kill")
        #expect(done.wait(timeout: .now() + 60) == .success, "the run did not end")
        #expect(status.withLock { $0 } == ExitStatus.channelLost, "\(errors.lines)")

        let said = espeak.said
        #expect(said.first?.text == "Speech-dispatcher stopped; speaking with espeak-ng.", "\(said)")
        #expect(said.dropFirst().first?.text == first, "the sentence being said when it died is said again: \(said)")
        #expect(said.last?.text == "End of video.", "\(said)")
        #expect(said.allSatisfy { $0.seconds > 0.5 }, "espeak-ng made too little audio: \(said)")
        #expect(said.filter { $0.text.hasPrefix("Speech-dispatcher") }.count == 1, "said more than once: \(said)")
        // Spoken only: a blind user's screen reader must not read the narration a second time.
        #expect(output.lines.isEmpty && errors.lines.isEmpty, "\(output.lines) \(errors.lines)")
    }
}
