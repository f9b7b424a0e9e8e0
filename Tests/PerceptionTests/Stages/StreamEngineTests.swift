// SPDX-License-Identifier: GPL-3.0-or-later
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

@Suite struct FlowLimiterTests {
    typealias Limiter = FlowLimiter<Int, String>

    /// The item a delivery carries, or nil for a message or the end.
    static func item(_ delivery: Limiter.Delivery?) -> Int? {
        if case .item(let item)? = delivery { return item }
        return nil
    }

    @Test func keepsOnlyTheNewestAndCountsTheRest() {
        let limiter = Limiter()
        for item in 1...5 { limiter.offer(item) }
        #expect(Self.item(limiter.take()) == 5)
        #expect(limiter.dropped == 4)
        limiter.offer(6)
        limiter.finish()
        #expect(Self.item(limiter.take()) == 6, "an item offered before the end is still delivered")
        #expect(limiter.take() == nil)
        #expect(limiter.take() == nil, "the end stays the end")
    }

    /// Messages (statuses, keys) are never dropped, keep their order, and go before the
    /// waiting frame; frames between them are still dropped to the newest.
    @Test func messagesAreNeverDroppedAndGoFirst() {
        let limiter = Limiter()
        limiter.offer(1)
        limiter.send("camera disconnected")
        limiter.offer(2)
        limiter.send("camera reconnected")
        limiter.offer(3)
        limiter.finish()
        var deliveries: [String] = []
        while let delivery = limiter.take() {
            switch delivery {
            case .item(let item): deliveries.append("frame \(item)")
            case .message(let text): deliveries.append(text)
            }
        }
        #expect(deliveries == ["camera disconnected", "camera reconnected", "frame 3"])
        #expect(limiter.dropped == 2)
    }

    /// On a fake clock: a camera at 30 fps feeding a stage that takes 20, 100 or 250 ms per
    /// frame. Every frame the stage gets is the newest captured before it was free (at most
    /// one frame interval old when taken) — a queue would hand it older ones — and every
    /// other frame is counted as dropped.
    @Test(arguments: [0.1, 0.25, 0.02])
    func fasterArrivalsNeverQueue(processingSeconds: Double) {
        let limiter = Limiter()
        let interval = 1.0 / 30
        let frames = 300
        var clock = 0.0  // the stage's time, seconds
        var captured = 0
        var processed: [Int] = []
        var maximumAge = 0.0
        var offeredSinceTake = false
        while processed.last != frames - 1 {
            // Every frame captured by now reaches the hand-off before the stage looks.
            while captured < frames, Double(captured) * interval <= clock + 1e-9 {
                limiter.offer(captured)
                offeredSinceTake = true
                captured += 1
            }
            guard offeredSinceTake, let frame = Self.item(limiter.take()) else {
                clock = Double(captured) * interval  // idle until the next frame
                continue
            }
            offeredSinceTake = false
            maximumAge = max(maximumAge, clock - Double(frame) * interval)
            #expect(frame == captured - 1, "the stage got an old frame while a newer one existed")
            processed.append(frame)
            clock += processingSeconds
        }
        #expect(maximumAge <= interval + 1e-9)
        #expect(processed.count + limiter.dropped == frames)
        // A stage slower than the camera processes about one frame per processing time.
        let expected = min(Double(frames), Double(frames) * interval / processingSeconds)
        #expect(abs(Double(processed.count) - expected) <= 2, "processed \(processed.count), expected about \(expected)")
    }

    /// A slow consumer sees items in increasing order and never one older than what was
    /// waiting: every drop is counted, nothing is delivered twice.
    @Test func aSlowConsumerGetsFreshItemsInOrder() {
        let limiter = Limiter()
        let producer = Thread {
            for item in 1...200 {
                limiter.offer(item)
                Thread.sleep(forTimeInterval: 0.0005)
            }
            limiter.finish()
        }
        producer.start()
        var received: [Int] = []
        while let delivery = limiter.take() {
            if let item = Self.item(delivery) { received.append(item) }
            Thread.sleep(forTimeInterval: 0.003)
        }
        #expect(received == received.sorted() && Set(received).count == received.count)
        #expect(received.last == 200)
        #expect(received.count + limiter.dropped == 200)
        #expect(limiter.dropped > 0)
    }
}

@Suite struct StreamEngineTests {
    /// Real-time mode on a recording plays it at its own pace and processes only the newest
    /// frame, so it takes about the video's length and drops what it cannot keep up with;
    /// every-frame mode processes all of them.
    @Test func realTimeKeepsPaceAndEveryFrameProcessesAll() throws {
        let video = try TestResources.file("video/walk.mkv").path
        let detector = try ObjectDetector(modelPath: try TestResources.modelPath())

        func stage() -> AwarenessStage { AwarenessStage(detector: detector, narrator: AwarenessNarrator(wording: .english), minConfidence: 0.25) }
        let everyFrame = try StreamEngine(source: try VideoFile(path: video), stage: stage(), clock: .everyFrame, wording: .english)
            .run { _ in }
        #expect(everyFrame.framesProcessed == everyFrame.framesRead)
        #expect(everyFrame.framesDropped == 0)
        #expect(everyFrame.framesRead >= 80, "walk.mkv has about 3 s of frames")

        let started = Date()
        let realTime = try StreamEngine(source: try VideoFile(path: video), stage: stage(), clock: .realTime, wording: .english)
            .run { _ in }
        let elapsed = Date().timeIntervalSince(started)
        #expect(realTime.framesRead == everyFrame.framesRead)
        #expect(realTime.framesProcessed + realTime.framesDropped <= realTime.framesRead)
        #expect(realTime.framesProcessed >= 1)
        #expect(elapsed >= realTime.streamSeconds * 0.9, "a recording is played at its own pace, not faster")
        print(String(format: "Real time on walk.mkv: %d frames read, %d processed, %d dropped, %.1f s for %.1f s of video",
                     realTime.framesRead, realTime.framesProcessed, realTime.framesDropped, elapsed, realTime.streamSeconds))
    }

    /// A key pressed as the session starts, before `run` has begun, is carried out first, not lost.
    @Test func aCommandSentBeforeTheRunIsCarriedOut() throws {
        final class Silent: StreamStage {
            func observe(_ frame: Frame) throws -> [NarrationEvent] { [] }
            func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { [] }
        }
        let engine = StreamEngine(source: try VideoFile(path: try TestResources.file("video/walk.mkv").path), stage: Silent(),
                                  clock: .realTime, wording: .english)
        engine.send(.pauseResume)
        engine.send(.quit)
        var said: [String] = []
        let statistics = try engine.run { said.append($0.text) }
        #expect(said == ["Paused."])
        #expect(statistics.framesProcessed == 0, "the quit sent before the run was lost")
    }
}
