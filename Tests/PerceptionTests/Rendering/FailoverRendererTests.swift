// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

private func event(_ text: String, _ priority: Priority = .message, kind: NarrationKind = .status) -> NarrationEvent {
    NarrationEvent(time: .zero, frame: 0, kind: kind, priority: priority, text: text)
}

/// Waits (at most `seconds`) until `condition` holds; false if it never did.
private func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return true
}

/// Lines a `LineRenderer` printed, for the terminal level.
private final class PrintedLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var level: FailoverRenderer.Level {
        .init(name: "the terminal", taking: "printing the narration instead",
              open: { LineRenderer(format: .text) { line in self.lines.withLock { $0.append(line) } } })
    }
}

extension SynthesizedSpeech {
    /// The espeak-ng level, each utterance synthesized for real (there is no sound device here).
    var level: FailoverRenderer.Level {
        .init(name: "espeak-ng", taking: "speaking with espeak-ng", open: { EspeakRenderer(output: self, wording: .english) })
    }
}

/// Speech that goes away mid-run: a real speech-dispatcher killed (SIGKILL) while it speaks and
/// started again, whose log tells what it was given, and espeak-ng's real synthesis for what
/// came meanwhile. In the speech-dispatcher suite, which runs one server at a time.
extension SpeechDispatcherRendererTests {
    static func speechDispatcher(_ server: SpeechDispatcherServer) -> FailoverRenderer.Level {
        .init(name: "Speech-dispatcher", taking: "speaking through speech-dispatcher", open: {
            try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: server.address, autospawn: false)
        })
    }

    /// A message said to its end is not repeated; the one being said when the server died,
    /// the one waiting behind it and the next one go to espeak-ng after the one sentence
    /// saying why; once the server is back it says so and takes the narration again.
    @Test func speechDispatcherKilledMidRunGoesToEspeakAndComesBack() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 1.0)
        defer { server.stop() }
        let espeak = try SynthesizedSpeech()
        let printed = PrintedLines()
        let failover = try FailoverRenderer(levels: [Self.speechDispatcher(server), espeak.level, printed.level],
                                            wording: .english, retrySeconds: 1)
        defer { failover.finish(timeoutSeconds: 1) }
        #expect(failover.activeLevel == 0)

        failover.render(event("The first sentence is said to its end."))
        #expect(server.waitForMessages(timeout: 5) { $0.first?.state == .ended } != nil, "\(server.messages())")
        failover.render(event("The second is being said when the server dies."))
        failover.render(event("The third waits behind it."))
        #expect(server.waitForSpoken(2) != nil, "\(server.spoken())")
        server.kill()
        failover.render(event("The fourth comes after the server died."))

        let expected = [
            "Speech-dispatcher stopped; speaking with espeak-ng.", "The second is being said when the server dies.",
            "The third waits behind it.", "The fourth comes after the server died.",
        ].map(SpokenText(wording: .english).spelledOut)
        #expect(eventually { espeak.said.count >= 4 }, "espeak-ng said \(espeak.said)")
        // The words reached espeak-ng: each was synthesized into over a second of audio.
        #expect(espeak.said.map(\.text) == expected)
        #expect(espeak.said.allSatisfy { $0.seconds > 1 }, "\(espeak.said)")
        #expect(failover.activeLevel == 1)
        #expect(printed.all.isEmpty, "\(printed.all)")

        try server.restart()
        #expect(eventually { failover.activeLevel == 0 }, "never moved back; switches \(failover.switches)")
        failover.render(event("The fifth is said by the server again."))
        let back = server.waitForMessages(timeout: 5) { $0.count >= 2 && $0.allSatisfy { $0.state == .ended } }
        #expect(back?.map(\.text) == ["Speech-dispatcher is back.", "The fifth is said by the server again."],
                "\(server.messages())")
        #expect(back?.first?.priority == SpeechDispatcherServer.priorityNumbers[.message])
        #expect(espeak.said.map(\.text) == expected, "espeak-ng went on speaking: \(espeak.said)")
        #expect(failover.switches == [.init(from: "Speech-dispatcher", to: "espeak-ng", back: false),
                                      .init(from: "espeak-ng", to: "Speech-dispatcher", back: true)])
        #expect(failover.summary == "Speech-dispatcher stopped once during the run (espeak-ng took over) and came back once.")
    }

    /// The run is over and speech-dispatcher is still saying its last sentences when it dies:
    /// `finish` hands what it had not said to espeak-ng and waits for that instead.
    @Test func speechDispatcherDyingWhileTheRunFinishesStillHandsOver() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 1.0)
        defer { server.stop() }
        let espeak = try SynthesizedSpeech()
        let failover = try FailoverRenderer(levels: [Self.speechDispatcher(server), espeak.level, PrintedLines().level], wording: .english)
        failover.render(event("The last sentence but one."))
        failover.render(event("The last sentence."))
        #expect(server.waitForSpoken(1) != nil, "\(server.spoken())")
        let finished = DispatchSemaphore(value: 0)
        Thread {
            failover.finish(timeoutSeconds: 10)
            finished.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.2)
        server.kill()
        #expect(finished.wait(timeout: .now() + 10) == .success, "finish did not return")
        #expect(espeak.said.map(\.text) == ["Speech-dispatcher stopped; speaking with espeak-ng.", "The last sentence but one.",
                                            "The last sentence."].map(SpokenText(wording: .english).spelledOut), "\(espeak.said)")
    }

    /// With espeak-ng unable to start too, the narration is printed, and the sentence says both.
    @Test func withoutEspeakTheNarrationIsPrinted() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 1.0)
        defer { server.stop() }
        let printed = PrintedLines()
        let noEspeak = FailoverRenderer.Level(name: "espeak-ng", taking: "speaking with espeak-ng",
                                              open: { throw RendererError(.espeakNoSoundDevice) })
        let failover = try FailoverRenderer(levels: [Self.speechDispatcher(server), noEspeak, printed.level], wording: .english)
        defer { failover.finish(timeoutSeconds: 1) }
        failover.render(event("Being said when the server dies."))
        #expect(server.waitForSpoken(1) != nil, "\(server.spoken())")
        server.kill()
        // Nothing new is said: the watcher notices on its own, and what was lost is printed.
        #expect(eventually(5) { printed.all.count >= 2 }, "\(printed.all)")
        #expect(printed.all == ["Speech-dispatcher stopped and espeak-ng could not start; printing the narration instead.",
                                "Being said when the server dies."])
        failover.render(event("After it."))
        #expect(printed.all.last == "After it.")
        #expect(failover.summary == "Speech-dispatcher stopped once during the run (the terminal took over) and did not come back.")
    }
}

/// BRLTTY that goes away mid-run, with a real BRLTTY killed and started again, its display read.
@Suite(.serialized) struct BrailleFailoverTests {

    /// BRLTTY killed: the line on the display and what comes after are printed, after one
    /// sentence; BRLTTY started again: the display says it is back, then shows the narration.
    @Test func brailleGoesToTextAndComesBack() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let printed = PrintedLines()
        let braille = FailoverRenderer.Level(name: "BRLTTY", taking: "showing the narration on braille", open: {
            try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        })
        let failover = try FailoverRenderer(levels: [braille, printed.level], wording: .english, retrySeconds: 1)
        defer { failover.finish(timeoutSeconds: 1) }
        failover.render(event("A door at 12 o'clock."))
        #expect(server.waitForDisplay { $0.hasPrefix("A door") } != nil, "\(server.displayed())")

        server.kill()
        #expect(eventually(5) { printed.all.count >= 2 }, "\(printed.all)")
        #expect(printed.all == ["BRLTTY stopped; printing the narration instead.", "A door at 12 o'clock."])
        failover.render(event("A chair at 2 o'clock."))
        #expect(printed.all.last == "A chair at 2 o'clock.")

        try server.restart()
        #expect(eventually { failover.activeLevel == 0 }, "never moved back; switches \(failover.switches)")
        #expect(server.waitForDisplay { $0.hasPrefix("BRLTTY is back") } != nil, "\(server.displayed())")
        failover.render(event("A table at 1 o'clock."))
        #expect(server.waitForDisplay { $0.hasPrefix("A table") } != nil, "\(server.displayed())")
        #expect(printed.all.count == 3, "printed after BRLTTY came back: \(printed.all)")
        #expect(failover.switches.map(\.back) == [false, true])
    }
}

/// The failover's rules with a channel that fails on cue (a test double for a server): how
/// often it says a switch, and how it backs off a channel that keeps failing.
@Suite struct FailoverRuleTests {
    /// A channel that takes events until told to fail, and keeps what it took after that.
    final class Flaky: FallibleRenderer {
        private let state = Mutex((said: [String](), failed: false, unsaid: [NarrationEvent]()))
        func fail() { state.withLock { $0.failed = true } }
        var said: [String] { state.withLock { $0.said } }
        var failure: String? { state.withLock { $0.failed ? "gone" : nil } }
        func takeUnconveyed() -> [NarrationEvent] { state.withLock { $0.unsaid } }
        func render(_ event: NarrationEvent) {
            state.withLock { $0.failed ? $0.unsaid.append(event) : $0.said.append(event.text) }
        }
        func interrupt() {}
        func finish(timeoutSeconds: Double) {}
    }

    /// A server that dies each time soon after it came back: one sentence per switch, never
    /// more, and each wait before it is tried again twice the last.
    @Test func aFlappingChannelIsSaidOncePerSwitchAndTriedLessOften() throws {
        let openings = Mutex<[Flaky]>([])
        let flaky = FailoverRenderer.Level(name: "Speech-dispatcher", taking: "speaking", open: {
            let channel = Flaky()
            openings.withLock { $0.append(channel) }
            return channel
        })
        let printed = PrintedLines()
        let failover = try FailoverRenderer(levels: [flaky, printed.level], wording: .english, retrySeconds: 0.5)
        defer { failover.finish(timeoutSeconds: 1) }
        var backAt: [Date] = []
        for round in 1...3 {
            openings.withLock { $0.last?.fail() }
            #expect(eventually(5) { failover.switches.count == 2 * round - 1 }, "\(failover.switches)")
            #expect(eventually(10) { failover.activeLevel == 0 }, "round \(round): \(failover.switches)")
            backAt.append(Date())
        }
        let stopped = printed.all.filter { $0.hasPrefix("Speech-dispatcher stopped") }
        #expect(stopped.count == 3, "\(printed.all)")
        #expect(printed.all.count == 3, "only the switch sentences were printed: \(printed.all)")
        let backs = openings.withLock { $0.dropFirst().map(\.said) }
        #expect(backs == [["Speech-dispatcher is back."], ["Speech-dispatcher is back."], ["Speech-dispatcher is back."]])
        // Waits of 0.5, 1 and 2 s before each return (noticing a failure takes up to 0.5 s more).
        let second = backAt[1].timeIntervalSince(backAt[0]), third = backAt[2].timeIntervalSince(backAt[1])
        #expect(second >= 1 && third >= 2 && third > second + 0.4, "gaps \(second) s then \(third) s")
    }
}
