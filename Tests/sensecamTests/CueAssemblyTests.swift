// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing
import Options
@testable import sensecam

/// The assembled speech channel plays cues when their sound device opens, and says once, at the
/// first cue, when it did not; other channels never see a cue.
@Suite struct CueAssemblyTests {
    static let cue = NarrationEvent(time: .zero, frame: 0, kind: .cue, priority: .notification, text: "",
                                    tone: Tone(hertz: 1_000, seconds: 0.015))

    static func narrate(cues: @escaping @Sendable () throws -> CuePlayer?, speech: FakeDevice) -> (stdout: [String], stderr: [String]) {
        let captured = OutputAssemblyTests.CapturedConsole()
        let factories = RendererFactories(speechDispatcher: { _, _ in speech }, espeak: { _, _ in speech },
                                          braille: { _, _, _ in FakeDevice() }, cues: cues)
        let plan = OutputPlan(profile: .blind, channels: nil, outputIsTerminal: true, errorsAreTerminal: true)
        let router = OutputAssembly.router(plan, speech: SpeechSettings(), wording: .english, console: captured.console, factories: factories)
        router.render(cue)
        router.render(OutputAssemblyTests.event)
        router.render(cue)
        Thread.sleep(forTimeInterval: 0.1)  // the cue's sound is written before the channel closes
        router.finish()
        return captured.lines()
    }

    @Test func cuesArePlayedBesideTheWords() {
        let speech = FakeDevice(), tones = RecordedToneOutput()
        let lines = Self.narrate(cues: { CuePlayer(output: tones) }, speech: speech)
        #expect(speech.said.withLock { $0 } == ["Probably a chair."])
        #expect(tones.sounds.count >= 1, "\(tones.sounds)")
        #expect(tones.isClosed)
        #expect(lines.stdout.isEmpty && lines.stderr.isEmpty, "\(lines)")
    }

    @Test func noSoundDeviceForCuesIsSaidOnceAtTheFirstCue() {
        let speech = FakeDevice()
        let lines = Self.narrate(cues: { throw RendererError(.tonesNoSoundDevice) }, speech: speech)
        #expect(speech.said.withLock { $0 } == ["Cannot play tones: no sound device was found.", "Probably a chair."])
        #expect(lines.stdout.isEmpty && lines.stderr.isEmpty, "\(lines)")
    }
}
