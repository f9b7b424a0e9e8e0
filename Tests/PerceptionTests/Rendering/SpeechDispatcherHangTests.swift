// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A speech-dispatcher that hangs (takes the connection, answers nothing) fails the renderer
/// within its time limit, at connect and mid-run, as one that died does: never a caller blocked
/// for ever. Each test runs the blocking part on a thread of its own and gives up on it after
/// `patience`, so that without the limit the test fails instead of hanging the suite.
@Suite(.serialized) struct SpeechDispatcherHangTests {
    /// The limit, plus room for a loaded machine.
    private static let allowed = Double(SpeechDispatcherRenderer.answerSeconds) + 2
    /// How long a test waits for a blocked call before it counts it as hung.
    private static let patience = 20.0

    private static func event(_ text: String) -> NarrationEvent {
        NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: text, language: "en")
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `body` on a thread of its own; nil when it has not returned within `patience`
    /// (the thread is left behind).
    private static func within<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + patience) == .success else { return nil }
        return result.withLock { $0 }
    }

    private static func connect(_ address: String) -> Result<SpeechDispatcherRenderer, RendererError> {
        do throws(RendererError) {
            return .success(try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: address,
                                                         autospawn: false))
        } catch {
            return .failure(error)
        }
    }

    @Test func connectingToAServerThatNeverAnswersFailsWithinTheLimit() throws {
        let server = try HangingSpeechServer(.silent)
        defer { server.stop() }
        let start = ContinuousClock.now
        let outcome = try #require(Self.within { Self.connect(server.address) }, "still connecting after \(Self.patience) s")
        let took = Self.seconds(since: start)
        #expect(took < Self.allowed, "gave up after \(took) s")
        switch outcome {
        case .success(let renderer):
            renderer.finish(timeoutSeconds: 0)
            Issue.record("a server that never answers was taken for a working one")
        case .failure(let error):
            #expect(error == RendererError(.speechDispatcherNotAnswering, ["seconds": .integer(SpeechDispatcherRenderer.answerSeconds)]))
            #expect(Wording.english(error.message) == "Speech-dispatcher did not answer within 3 seconds.")
        }
        #expect(server.connectionCount() >= 1, "the server was never reached")
    }

    /// A server that answered the handshake and the first text, then stops answering: the next
    /// text fails within the limit, and both come back for the next channel (the first was
    /// never reported said).
    @Test func aServerThatStopsAnsweringMidRunIsAFailure() throws {
        let server = try HangingSpeechServer(.silentAfterFirstMessage)
        defer { server.stop() }
        let renderer = try #require(try Self.within { Self.connect(server.address) }?.get(), "still connecting")
        renderer.render(Self.event("Probably a chair at 12 o'clock."))
        renderer.render(Self.event("Probably a cup at 2 o'clock."))
        let start = ContinuousClock.now
        let deadline = Date().addingTimeInterval(Self.patience)
        while renderer.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let took = Self.seconds(since: start)
        #expect(renderer.failure == "Speech-dispatcher stopped taking speech.")
        #expect(took < Self.allowed, "failure seen after \(took) s")
        #expect(server.queued() == ["Probably a chair at 12 o'clock."])
        #expect(renderer.takeUnconveyed().map(\.text) == ["Probably a chair at 12 o'clock.", "Probably a cup at 2 o'clock."])
        let finishing = ContinuousClock.now
        renderer.finish(timeoutSeconds: 10)
        #expect(Self.seconds(since: finishing) < 1)
    }

    /// A real speech-dispatcher that hangs (stopped) while it says the last text: finishing
    /// does not wait its whole timeout for an end that cannot come, and gives the text back.
    @Test func finishNoticesARealServerThatHangsWhileSpeaking() throws {
        // Said for longer than the server is given to stop: its end cannot come first.
        let server = try SpeechDispatcherServer(secondsPerMessage: 3)
        defer { server.stop() }
        let renderer = try #require(try Self.within { Self.connect(server.address) }?.get(), "still connecting")
        renderer.render(Self.event("The last sentence."))
        #expect(server.waitForQueued(1))
        server.pause()
        defer { server.resume() }
        let start = ContinuousClock.now
        let finished = Self.within { renderer.finish(timeoutSeconds: 30); return true }
        let took = Self.seconds(since: start)
        #expect(finished == true, "finish still waiting after \(Self.patience) s")
        // Quiet for the limit, then asked and given the limit to answer.
        #expect(took < 2 * Self.allowed, "finish took \(took) s")
        #expect(renderer.failure == "Speech-dispatcher stopped taking speech.")
        #expect(renderer.takeUnconveyed().map(\.text) == ["The last sentence."])
    }

    /// A real speech-dispatcher that hangs between two texts: the second fails within the limit.
    @Test func aRealServerThatHangsMidRunIsAFailure() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
        defer { server.stop() }
        let renderer = try #require(try Self.within { Self.connect(server.address) }?.get(), "still connecting")
        renderer.render(Self.event("First."))
        #expect(server.waitForMessages { $0.first?.state == .ended } != nil, "\(server.messages())")
        server.pause()
        defer { server.resume() }
        let start = ContinuousClock.now
        renderer.render(Self.event("Second."))
        let deadline = Date().addingTimeInterval(Self.patience)
        while renderer.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let took = Self.seconds(since: start)
        #expect(renderer.failure == "Speech-dispatcher stopped taking speech.")
        #expect(took < Self.allowed, "failure seen after \(took) s")
        #expect(renderer.takeUnconveyed().map(\.text) == ["Second."])
        renderer.finish(timeoutSeconds: 1)
    }
}
