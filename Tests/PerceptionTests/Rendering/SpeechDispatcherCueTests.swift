// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Cues beside a real speech-dispatcher: heard on their own stream, never sent to the server.
extension SpeechDispatcherRendererTests {
    @Test func aCueIsHeardButNeverSentToTheServer() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.3)
        defer { server.stop() }
        let tones = RecordedToneOutput()
        let speech = try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: server.address, autospawn: false)
        let channel = SpeechWithCues(speech: speech, cues: CuePlayer(output: tones))
        defer { channel.finish(timeoutSeconds: 0.2) }
        let frame = Frame(image: try TestResources.greyImage(width: 2, height: 2) { _, _ in 0 }, timestamp: .zero, index: 0)
        let guidance = NarrationEvent(time: .zero, frame: 0, kind: .guidance, priority: .notification, text: "Move closer.")
        #expect(channel.conveys(.cue(Tone(hertz: 1_000, seconds: 0.015, perSecond: 5), at: frame)))
        channel.render(.cue(Tone(hertz: 1_000, seconds: 0.015, perSecond: 5), at: frame))
        channel.render(guidance)
        channel.render(.cue(Tone(hertz: 1_200, seconds: 0.015, perSecond: 8), at: frame))
        #expect(server.waitForQueued(1))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.queued().map(\.text) == ["Move closer."], "only the words reach the server")
        #expect(tones.sounds.count >= 2, "the ticks were heard: \(tones.sounds)")
        #expect(speech.failure == nil)
    }
}
