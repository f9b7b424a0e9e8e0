// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

private func event(_ text: String, _ priority: Priority = .message, kind: NarrationKind = .status,
                   language: String = "en") -> NarrationEvent {
    NarrationEvent(time: .zero, frame: 0, kind: kind, priority: priority, text: text, language: language)
}

private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The speech-dispatcher renderer against a real speech-dispatcher (`SpeechDispatcherServer`):
/// what the tests check is what the server logged it received, queued, said and cancelled.
/// Serialized, so that this suite runs one server at a time: several tests time a kill or a
/// cancel against a message being said. Servers of other suites in the process may run beside
/// it: the shim keeps each connection's notifications to itself.
@Suite(.serialized) struct SpeechDispatcherRendererTests {
    /// Runs `body` with a fresh server and a renderer connected to it, finishing and stopping
    /// both however the body ends.
    private func connected(settings: SpeechSettings = SpeechSettings(), secondsPerMessage: Double = 0.3,
                           _ body: (SpeechDispatcherServer, SpeechDispatcherRenderer) throws -> Void) throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: secondsPerMessage)
        defer { server.stop() }
        let renderer = try SpeechDispatcherRenderer(settings: settings, wording: .english, address: server.address, autospawn: false)
        defer { renderer.finish(timeoutSeconds: 0.2) }
        try body(server, renderer)
    }

    @Test(arguments: [
        (Priority.important, 1), (.message, 2), (.text, 3), (.notification, 4), (.progress, 5),
    ])
    func priorityReachesTheServer(priority: Priority, logged: Int) throws {
        try connected { server, renderer in
            renderer.render(event("Probably a person at 12 o'clock.", priority))
            #expect(server.waitForQueued(1))
            let queued = server.queued()
            #expect(queued.map(\.text) == ["Probably a person at 12 o'clock."])
            #expect(queued.map(\.priority) == [logged])
            #expect(SpeechDispatcherServer.priorityNumbers[priority] == logged)
        }
    }

    @Test func symbolsArriveSpelledOut() throws {
        try connected { server, renderer in
            renderer.render(event("Speed 2.0×, battery at 40%, about 2 m away."))
            #expect(server.waitForQueued(1))
            #expect(server.queued().map(\.text) == ["Speed 2.0 times, battery at 40 percent, about 2 metres away."])
            // The server's own symbol pass then makes "2.0" "2 .0" for the synthesizer (and at
            // punctuation "none" drops a "%" altogether); the spelled words pass through.
            renderer.finish(timeoutSeconds: 5)
            let spoken = try #require(server.spoken().first)
            #expect(spoken.contains("times, battery at 40 percent, about 2 metres away."))
        }
    }

    /// An important message cuts off the message being said (it is not resumed), at once: the
    /// renderer sends it while the line is said, and the server cuts the line off. The lines
    /// waiting (kept by the renderer, one sentence at a time) are said after it.
    @Test func hazardInterruptsTheLineBeingReadAndReadingGoesOn() throws {
        try connected(secondsPerMessage: 1.0) { server, renderer in
            let lines = ["Chapter one.", "It was a bright cold day in April.", "The clocks were striking thirteen."]
            for line in lines { renderer.render(event(line, .message, kind: .text)) }
            let said = server.waitForSpoken(1)
            #expect(said == [lines[0]], "the first line was never said")
            renderer.render(event("Careful: a car at 12 o'clock, about 3 m away.", .important, kind: .hazard))
            renderer.finish(timeoutSeconds: 10)

            let messages = server.messages()
            #expect(messages.map(\.priority) == [2, 1, 2, 2])
            #expect(messages.map(\.state) == [.cancelled, .ended, .ended, .ended])
            #expect(server.spoken() == [lines[0], "Careful: a car at 12 o'clock, about 3 metres away.", lines[1], lines[2]])
            #expect(!server.commands().contains("CANCEL SELF"))
        }
    }

    @Test func interruptCancelsWhatIsSaidAndWhatWaits() throws {
        try connected(secondsPerMessage: 2.0) { server, renderer in
            for line in ["Line one.", "Line two.", "Line three."] { renderer.render(event(line)) }
            let said = server.waitForSpoken(1)
            #expect(said == ["Line one."])
            #expect(server.queued().map(\.text) == ["Line one."], "the others wait in the renderer until it is said")
            let start = ContinuousClock.now
            renderer.interrupt()
            let settled = server.waitForMessages(timeout: 1) { $0.allSatisfy { $0.state == .cancelled } }
            #expect(settled?.count == 1, "still \(server.messages().map(\.state)) after interrupt")
            #expect(seconds(since: start) < 1)
            #expect(server.commands().filter { $0 == "CANCEL SELF" }.count == 1)
            Thread.sleep(forTimeInterval: 0.3)
            #expect(server.queued().map(\.text) == ["Line one."], "what waited was dropped, not sent")
            #expect(server.spoken() == ["Line one."])

            // Nothing is left to wait for.
            let finishing = ContinuousClock.now
            renderer.finish(timeoutSeconds: 5)
            #expect(seconds(since: finishing) < 1)
        }
    }

    @Test func interruptDropsWhatWasNotYetSentAndLaterSpeechGoesOn() throws {
        try connected { server, renderer in
            renderer.interrupt()
            renderer.render(event("After the pause."))
            renderer.finish(timeoutSeconds: 5)
            #expect(server.messages().map(\.text) == ["After the pause."])
            #expect(server.messages().map(\.state) == [.ended])
        }
    }

    @Test func finishWaitsUntilEverythingIsSaidThenCloses() throws {
        try connected(secondsPerMessage: 0.4) { server, renderer in
            renderer.render(event("First."))
            renderer.render(event("Second."))
            let open = server.closedConnections()
            let start = ContinuousClock.now
            renderer.finish(timeoutSeconds: 5)
            let took = seconds(since: start)
            #expect(took >= 0.7, "finish returned after \(took) s, before both messages were said")
            #expect(took < 3)
            #expect(server.messages().map(\.state) == [.ended, .ended])
            let closed = server.waitForMessages(timeout: 5) { _ in server.closedConnections() == open + 1 }
            #expect(closed != nil, "the connection was not closed")

            // Idempotent, and nothing is taken afterwards.
            let again = ContinuousClock.now
            renderer.finish(timeoutSeconds: 5)
            #expect(seconds(since: again) < 0.1)
            renderer.render(event("Too late."))
            renderer.interrupt()
            Thread.sleep(forTimeInterval: 0.3)
            #expect(server.queued().map(\.text) == ["First.", "Second."])
            #expect(!server.commands().contains("CANCEL SELF"))
        }
    }

    @Test func finishGivesUpAtItsTimeout() throws {
        try connected(secondsPerMessage: 5) { server, renderer in
            renderer.render(event("A long sentence."))
            #expect(server.waitForQueued(1))
            let start = ContinuousClock.now
            renderer.finish(timeoutSeconds: 0.5)
            let took = seconds(since: start)
            #expect(took >= 0.45 && took < 1.5, "finish took \(took) s")
            #expect(server.messages().map(\.state) == [.speaking])
        }
    }

    /// A notification that comes while something is being said is dropped (by the renderer,
    /// as the server would), so finish does not wait for it.
    @Test func finishDoesNotWaitForWhatTheServerDropped() throws {
        try connected(secondsPerMessage: 0.5) { server, renderer in
            renderer.render(event("Reading a line."))
            // Only while something is said: a notification that arrives as the server takes
            // the first message off its queue is said after it.
            let said = server.waitForSpoken(1)
            #expect(said == ["Reading a line."])
            renderer.render(event("Move the page left.", .notification, kind: .guidance))
            let start = ContinuousClock.now
            renderer.finish(timeoutSeconds: 5)
            #expect(seconds(since: start) < 2)
            #expect(server.messages().map(\.state) == [.ended])
            #expect(server.spoken() == ["Reading a line."])
        }
    }

    @Test func rateLanguageAndPunctuationReachTheServer() throws {
        try connected(settings: SpeechSettings(rate: 40, language: "de")) { server, renderer in
            renderer.render(event("Hallo."))
            #expect(server.waitForQueued(1))
            let commands = server.commands()
            #expect(commands.contains("SET SELF RATE 40"))
            #expect(commands.contains("SET SELF LANGUAGE de"))
            #expect(commands.contains("SET SELF PUNCTUATION some"))
            #expect(commands.contains { $0.hasPrefix("SET SELF CLIENT_NAME") && $0.contains(":sensecam:") })
        }
    }

    /// Each message is spoken in the language it was worded in: the server is told before a
    /// message whose language differs from the last one's, and only then.
    @Test func eachMessageGetsItsLanguage() throws {
        try connected(settings: SpeechSettings(rate: 0, language: "en")) { server, renderer in
            renderer.render(event("Hello.", language: "en"))
            renderer.render(event("Wahrscheinlich ein Stuhl, auf 12 Uhr.", language: "de"))
            renderer.render(event("Wahrscheinlich zwei Personen, auf 11 Uhr.", language: "de"))
            renderer.render(event("Probablement une chaise, à 12 heures.", language: "fr"))
            #expect(server.waitForQueued(4))
            let languages = server.commands().filter { $0.hasPrefix("SET SELF LANGUAGE") }
            #expect(languages == ["SET SELF LANGUAGE en", "SET SELF LANGUAGE de", "SET SELF LANGUAGE fr"])
            // The test server's synthesizer has no German or French voice, so the log is the witness.
            #expect(server.messages().map(\.text) == ["Hello.", "Wahrscheinlich ein Stuhl, auf 12 Uhr.",
                                                     "Wahrscheinlich zwei Personen, auf 11 Uhr.", "Probablement une chaise, à 12 heures."])
        }
    }

    /// Rate 0 is the user's own default rate, which the server keeps; no language keeps theirs.
    @Test func defaultSettingsLeaveTheUsersVoiceAlone() throws {
        try connected(settings: SpeechSettings(rate: 0, language: nil)) { server, renderer in
            renderer.render(event("Hello."))
            #expect(server.waitForQueued(1))
            let commands = server.commands()
            #expect(!commands.contains { $0.hasPrefix("SET SELF RATE") })
            #expect(!commands.contains { $0.hasPrefix("SET SELF LANGUAGE") })
        }
    }

    /// With no language in the settings the user's own voice speaks the user's sentences; a
    /// page's lines in another language are preceded by that language, and the user's language is
    /// set again before the next sentence of the user's own (the voice it chooses is the user's
    /// default for it).
    @Test func aPageInAnotherLanguageGetsItsVoiceEvenWithoutALanguageSetting() throws {
        try connected(settings: SpeechSettings(rate: 0, language: nil)) { server, renderer in
            renderer.render(event("Read as a German page.", language: "en"))
            renderer.render(event("Sehr geehrte Frau Lefèvre,", kind: .text, language: "de"))
            renderer.render(event("vielen Dank für Ihren Brief.", kind: .text, language: "de"))
            renderer.render(event("End of page: 2 lines.", language: "en"))
            #expect(server.waitForQueued(4))
            let heard = server.queuedLanguages()
            #expect(heard.map(\.text) == ["Read as a German page.", "Sehr geehrte Frau Lefèvre,", "vielen Dank für Ihren Brief.",
                                          "End of page: 2 lines."])
            #expect(heard.map(\.language) == [nil, "de", "de", "en"])
        }
    }

    @Test func rateOutsideTheRangeIsClamped() throws {
        try connected(settings: SpeechSettings(rate: 250)) { server, renderer in
            renderer.render(event("Fast."))
            #expect(server.waitForQueued(1))
            #expect(server.commands().contains("SET SELF RATE 100"))
        }
    }

    @Test func noServerThrowsOneSentenceQuickly() throws {
        let directory = NSTemporaryDirectory() + "no-speechd-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/speechd.sock"
        let start = ContinuousClock.now
        #expect(throws: RendererError(.speechDispatcherNotRunningAt, ["address": .text("unix_socket:" + socket)])) {
            try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: "unix_socket:" + socket, autospawn: false)
        }
        #expect(seconds(since: start) < 1)
    }

    @Test(arguments: ["tcp:localhost", "unix_socket:", "inet_socket:localhost:port"])
    func invalidAddressIsNamed(address: String) {
        #expect(throws: RendererError(.speechDispatcherBadAddress, ["address": .text(address)])) {
            try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: address, autospawn: false)
        }
    }

    /// The server ending mid-session: speech stops with one sentence saying so, and finish
    /// does not wait for notifications that cannot come.
    @Test func serverThatGoesAwayIsReportedAndFinishReturns() throws {
        let server = try SpeechDispatcherServer()
        let renderer = try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: server.address, autospawn: false)
        renderer.render(event("Before."))
        #expect(server.waitForQueued(1))
        server.stop()
        for index in 0..<5 {
            renderer.render(event("After \(index)."))
            Thread.sleep(forTimeInterval: 0.05)
        }
        let deadline = Date().addingTimeInterval(3)
        while renderer.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(renderer.failure == "Speech-dispatcher stopped taking speech.")
        let start = ContinuousClock.now
        renderer.finish(timeoutSeconds: 3)
        #expect(seconds(since: start) < 1)
    }

    /// Two connections at once, to two servers: each server numbers its clients and its
    /// messages from 1, so both connections have the same client id and their messages the same
    /// ids. The ends the second server reports must not count for the first's messages: when
    /// the first server dies, both its sentences are still given back. (With notifications
    /// found by client id, both were taken as said; a sensecam end-to-end test speaking through
    /// its own server beside `speechDispatcherDyingWhileTheRunFinishesStillHandsOver` could so
    /// make that test lose "The last sentence.")
    @Test func anotherServersNotificationsDoNotSettleThisConnectionsMessages() throws {
        let slow = try SpeechDispatcherServer(secondsPerMessage: 3)
        defer { slow.stop() }
        let quick = try SpeechDispatcherServer(secondsPerMessage: 0.1)
        defer { quick.stop() }
        let renderer = try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: slow.address, autospawn: false)
        renderer.render(event("Being said when the server dies."))
        // Kept by the renderer until the first has been said.
        renderer.render(event("Waiting behind it."))
        #expect(slow.waitForMessages { $0.count == 1 && $0.allSatisfy { $0.id != nil } } != nil, "\(slow.messages())")
        let other = try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: quick.address, autospawn: false)
        other.render(event("One."))
        other.render(event("Two."))
        let ended = quick.waitForMessages { $0.count == 2 && $0.allSatisfy { $0.state == .ended } }
        #expect(ended?.first?.id != nil && ended?.first?.id == slow.messages().first?.id, "the same ids on both servers")
        other.finish(timeoutSeconds: 1)
        slow.kill()
        let deadline = Date().addingTimeInterval(3)
        while renderer.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(renderer.failure != nil)
        #expect(renderer.takeUnconveyed().map(\.text) == ["Being said when the server dies.", "Waiting behind it."])
        renderer.finish(timeoutSeconds: 0.5)
    }
}
