import Foundation
import Synchronization
import Testing
@testable import Perception

@Suite struct FlowLimiterTests {
    @Test func keepsOnlyTheNewestAndCountsTheRest() {
        let limiter = FlowLimiter<Int>()
        for item in 1...5 { limiter.offer(item) }
        #expect(limiter.take() == 5)
        #expect(limiter.dropped == 4)
        limiter.offer(6)
        limiter.finish()
        #expect(limiter.take() == 6, "an item offered before the end is still delivered")
        #expect(limiter.take() == nil)
        #expect(limiter.take() == nil, "the end stays the end")
    }

    /// A slow consumer sees items in increasing order and never one older than what was
    /// waiting: every drop is counted, nothing is delivered twice.
    @Test func aSlowConsumerGetsFreshItemsInOrder() {
        let limiter = FlowLimiter<Int>()
        let producer = Thread {
            for item in 1...200 {
                limiter.offer(item)
                Thread.sleep(forTimeInterval: 0.0005)
            }
            limiter.finish()
        }
        producer.start()
        var received: [Int] = []
        while let item = limiter.take() {
            received.append(item)
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

        func stage() -> AwarenessStage { AwarenessStage(detector: detector, narrator: AwarenessNarrator(), minConfidence: 0.25) }
        let everyFrame = try StreamEngine(source: try VideoFile(path: video), stage: stage(), clock: .everyFrame)
            .run { _ in }
        #expect(everyFrame.framesProcessed == everyFrame.framesRead)
        #expect(everyFrame.framesDropped == 0)
        #expect(everyFrame.framesRead >= 80, "walk.mkv has about 3 s of frames")

        let started = Date()
        let realTime = try StreamEngine(source: try VideoFile(path: video), stage: stage(), clock: .realTime)
            .run { _ in }
        let elapsed = Date().timeIntervalSince(started)
        #expect(realTime.framesRead == everyFrame.framesRead)
        #expect(realTime.framesProcessed + realTime.framesDropped <= realTime.framesRead)
        #expect(realTime.framesProcessed >= 1)
        #expect(elapsed >= realTime.streamSeconds * 0.9, "a recording is played at its own pace, not faster")
        print(String(format: "Real time on walk.mkv: %d frames read, %d processed, %d dropped, %.1f s for %.1f s of video",
                     realTime.framesRead, realTime.framesProcessed, realTime.framesDropped, elapsed, realTime.streamSeconds))
    }
}
