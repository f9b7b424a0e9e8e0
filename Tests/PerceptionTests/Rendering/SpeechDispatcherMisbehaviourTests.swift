// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A speech-dispatcher that answers what is not SSIP ("050 OK", garbage, a reply cut short by a
/// closed socket, a line that never ends) fails the renderer as one that hangs does, within the
/// limit, and gives back what it did not say: the process never ends (libspeechd, used before,
/// printed "Fatal error (libspeechd) … Internal error during communication." and exited 1), and
/// a line that never ends is not held in memory. An END notification between the lines of a
/// reply is SSIP all the same: speech goes on.
@Suite(.serialized) struct SpeechDispatcherMisbehaviourTests {
    private static let allowed = Double(SpeechDispatcherRenderer.answerSeconds) + 2
    private static let patience = 20.0
    private static let broken: [MisbehavingSpeechServer.Misbehaviour] = [.code050, .garbage, .close, .truncated, .hugeLine]

    private static func event(_ text: String) -> NarrationEvent {
        NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: text, language: "en")
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `body` on a thread of its own; nil when it has not returned within `patience`.
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
            return .success(try SpeechDispatcherRenderer(settings: SpeechSettings(rate: 10, language: "en"), wording: .english,
                                                         address: address, autospawn: false))
        } catch {
            return .failure(error)
        }
    }

    /// Misbehaving from the first SET (the client's name): no connection, and the error a server
    /// that does not answer gives, so the caller speaks elsewhere as it would for that one.
    @Test(arguments: broken)
    func aBadReplyToASettingIsAServerThatDoesNotAnswer(misbehaviour: MisbehavingSpeechServer.Misbehaviour) throws {
        let server = try MisbehavingSpeechServer(misbehaviour, at: "SET")
        defer { server.stop() }
        let start = ContinuousClock.now
        let outcome = try #require(Self.within { Self.connect(server.address) }, "still connecting after \(Self.patience) s")
        #expect(Self.seconds(since: start) < Self.allowed)
        #expect(server.triggered())
        switch outcome {
        case .success(let renderer):
            renderer.finish(timeoutSeconds: 0)
            Issue.record("a server that answered \(misbehaviour) was taken for a working one")
        case .failure(let error):
            #expect(error == SpeechDispatcherRenderer.notAnswering)
        }
    }

    /// Misbehaving at the first SPEAK: the renderer fails within the limit and both sentences
    /// come back for the next channel.
    @Test(arguments: broken)
    func aBadReplyToSpeakIsAFailureAndNothingIsLost(misbehaviour: MisbehavingSpeechServer.Misbehaviour) throws {
        let server = try MisbehavingSpeechServer(misbehaviour, at: "SPEAK")
        defer { server.stop() }
        let renderer = try #require(try Self.within { Self.connect(server.address) }?.get(), "still connecting")
        renderer.render(Self.event("Probably a chair at 12 o'clock."))
        renderer.render(Self.event("Probably a cup at 2 o'clock."))
        let start = ContinuousClock.now
        let deadline = Date().addingTimeInterval(Self.patience)
        while renderer.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(renderer.failure == "Speech-dispatcher stopped taking speech.")
        #expect(Self.seconds(since: start) < Self.allowed)
        #expect(renderer.takeUnconveyed().map(\.text) == ["Probably a chair at 12 o'clock.", "Probably a cup at 2 o'clock."])
        renderer.finish(timeoutSeconds: 1)
        if misbehaviour == .hugeLine {
            // The client hung up after at most a line's limit and the sockets' buffers.
            let taken = try #require(Self.within { () -> Int? in
                while server.hugeLineTaken() == nil { Thread.sleep(forTimeInterval: 0.02) }
                return server.hugeLineTaken()
            } ?? nil)
            #expect(taken < 4 << 20, "the client took \(taken) bytes of a line that never ends")
        }
    }

    /// An END notification between the two lines of the reply to a text is taken in stride:
    /// every sentence is sent, one at a time, and the renderer does not fail.
    @Test func anEventInTheMiddleOfAReplyIsNoFailure() throws {
        let server = try MisbehavingSpeechServer(.eventInReply, at: "SPEAK")
        defer { server.stop() }
        let renderer = try #require(try Self.within { Self.connect(server.address) }?.get(), "still connecting")
        let sentences = ["First.", "Second.", "Third."]
        for sentence in sentences { renderer.render(Self.event(sentence)) }
        let finished = Self.within { renderer.finish(timeoutSeconds: 10); return true }
        #expect(finished == true)
        #expect(renderer.failure == nil)
        #expect(server.queued() == sentences)
        #expect(renderer.takeUnconveyed().isEmpty)
    }
}
