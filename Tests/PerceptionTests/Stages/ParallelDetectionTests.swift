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

/// Detecting ahead on several single-threaded networks must change nothing but speed: the
/// same frames, in order, with the same detections and the same narration.
@Suite(.serialized) struct ParallelDetectionTests {
    static func run(_ stage: AwarenessStage, path: String)
        throws -> (frames: [Int], detections: [[Detection]], events: [NarrationEvent], timings: [StageTimings]) {
        var frames: [Int] = [], detections: [[Detection]] = [], events: [NarrationEvent] = []
        stage.detectionObserver = { frame, found in
            frames.append(frame.index)
            detections.append(found)
        }
        let engine = StreamEngine(source: try VideoFile(path: path), stage: stage, clock: .everyFrame, wording: .english)
        engine.recordStageTimings(expectedFrames: 100)
        _ = try engine.run { events.append($0) }
        return (frames, detections, events, engine.stageTimings())
    }

    @Test func sameFramesDetectionsAndNarrationAsOneAtATime() throws {
        let path = try TestResources.file("video/walk.mkv").path
        let settings = DetectionSettings(modelPath: try TestResources.modelPath())
        let plain = try Self.run(AwarenessStage(step: try settings.makeStep(), narrator: AwarenessNarrator(wording: .english)), path: path)
        let workers = try (0..<3).map { _ in try settings.makeStep(singleThreaded: true) }
        let threads = OpenCVThreads.current
        let ahead = try Self.run(AwarenessStage(step: try settings.makeStep(), workerSteps: workers, narrator: AwarenessNarrator(wording: .english)),
                                 path: path)
        // Each network keeps to its worker's thread; OpenCV's process-wide count is never
        // changed (changing it while another thread is in a parallel loop crashes in TBB).
        #expect(workers.allSatisfy { $0.detector.runsOnOneThread })
        #expect(OpenCVThreads.current == threads, "OpenCV's thread count changed")

        #expect(ahead.frames == plain.frames)
        #expect(ahead.frames == Array(0..<plain.frames.count), "frames out of order or missing")
        #expect(plain.detections.contains { !$0.isEmpty }, "walk.mkv shows a person")
        for (index, (a, b)) in zip(ahead.detections, plain.detections).enumerated() {
            // One thread or several, the network's sums differ only in the last bits.
            #expect(a.count == b.count, "frame \(index)")
            for (x, y) in zip(a, b) {
                #expect(x.label == y.label && abs(x.confidence - y.confidence) < 1e-3, "frame \(index): \(x) vs \(y)")
                #expect(abs(x.box.x - y.box.x) < 1 && abs(x.box.width - y.box.width) < 1, "frame \(index): \(x) vs \(y)")
            }
        }
        #expect(ahead.events.map(\.text) == plain.events.map(\.text))
        // Every step of every frame is timed, ahead as one at a time (the benchmark reads them).
        for timings in [plain.timings, ahead.timings] {
            #expect(timings.count == plain.frames.count)
            #expect(timings.allSatisfy { $0.decode != nil && $0.inference != nil && $0.postprocess != nil && $0.tracking != nil })
        }
        #expect(ahead.timings.map(\.frame) == plain.frames)
    }

    /// `stop()` ends a run ahead soon, with every worker out of its network when `run` returns.
    @Test func stopEndsTheRunAhead() throws {
        let path = try TestResources.file("video/walk.mkv").path
        let settings = DetectionSettings(modelPath: try TestResources.modelPath())
        let stage = AwarenessStage(step: try settings.makeStep(),
                                   workerSteps: try (0..<2).map { _ in try settings.makeStep(singleThreaded: true) },
                                   narrator: AwarenessNarrator(wording: .english))
        let engine = StreamEngine(source: try VideoFile(path: path), stage: stage, clock: .everyFrame, wording: .english)
        stage.detectionObserver = { frame, _ in if frame.index == 4 { engine.stop() } }
        let statistics = try engine.run { _ in }
        #expect(statistics.framesProcessed == 5, "frames after the stop were still handed on")
        #expect(statistics.framesRead <= 5 + 2 * 2, "the look-ahead read more than its window")
    }
}

/// A stage whose first step sleeps a random while (so workers finish out of order), fails on
/// one chosen frame, and records what the rest of the stage saw.
private final class JitteryStep: FrameStep {
    let failAt: Int?
    init(failAt: Int?) { self.failAt = failAt }
    struct Failed: Error, Equatable { var frame: Int }

    func run(on frame: Frame) throws -> (output: Int, timings: StageTimings) {
        usleep(useconds_t.random(in: 0...3000))
        if frame.index == failAt { throw Failed(frame: frame.index) }
        return (frame.index * 10, StageTimings())
    }
}

private final class JitteryStage: SteppedStage {
    let step: JitteryStep
    let workerSteps: [JitteryStep]
    var seen: [(frame: Int, output: Int)] = []

    init(workers: Int, failAt: Int? = nil) {
        step = JitteryStep(failAt: failAt)
        workerSteps = (0..<workers).map { _ in JitteryStep(failAt: failAt) }
    }

    func observe(_ frame: Frame, after output: Int, timings: StageTimings) -> [NarrationEvent] {
        seen.append((frame.index, output))
        return []
    }

    func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { [] }
}

/// A recording of `count` small blank frames, read in order.
private final class BlankFrames: FrameSource {
    let count: Int
    var next = 0
    let image: Image
    init(_ count: Int) throws {
        self.count = count
        image = try [UInt8](repeating: 0, count: 16 * 16 * 3).withUnsafeBytes {
            try Image(bgr: $0, width: 16, height: 16, rowBytes: 48)
        }
    }
    let isLive = false
    func nextFrame() throws -> Frame? {
        guard next < count else { return nil }
        defer { next += 1 }
        return Frame(image: image, timestamp: Timestamp(seconds: Double(next) / 30), index: next)
    }
}

@Suite struct SteppedStageTests {
    @Test(arguments: [1, 3])
    func resultsReachTheStageInFrameOrder(workers: Int) throws {
        let stage = JitteryStage(workers: workers)
        let statistics = try StreamEngine(source: try BlankFrames(60), stage: stage, clock: .everyFrame, wording: .english).run { _ in }
        #expect(stage.seen.map(\.frame) == Array(0..<60))
        #expect(stage.seen.allSatisfy { $0.output == $0.frame * 10 }, "a frame got another frame's result")
        #expect(statistics.framesProcessed == 60 && statistics.framesRead == 60)
    }

    /// A step that fails on frame 25 ends the stream with its error, after every frame before
    /// it and none after.
    @Test func aFailingStepEndsTheStreamInOrder() throws {
        let stage = JitteryStage(workers: 3, failAt: 25)
        #expect(throws: JitteryStep.Failed(frame: 25)) {
            try StreamEngine(source: try BlankFrames(60), stage: stage, clock: .everyFrame, wording: .english).run { _ in }
        }
        #expect(stage.seen.map(\.frame) == Array(0..<25))
    }
}

@Suite struct OrderedWorkersTests {
    /// Jobs handed out largest first finish out of order, each emitting several outputs; they
    /// come out in place order, each job's in the order it emitted them.
    @Test(arguments: [1, 2, 5])
    func outputsComeOutInPlaceOrder(workers: Int) throws {
        let schedule = Array((0..<40).reversed())
        var next = 0
        let ordered = OrderedWorkers<String>(
            engines: Array(0..<workers), name: "test worker",
            nextJob: { () -> (place: Int, job: Int)? in
                guard next < schedule.count else { return nil }
                defer { next += 1 }
                return (schedule[next], schedule[next])
            },
            work: { (_: Int, job: Int, emit: (String) -> Void) in
                for part in 0..<3 {
                    usleep(useconds_t.random(in: 0...1000))
                    emit("\(job).\(part)")
                }
            })
        var outputs: [String] = []
        while let output = try ordered.next() { outputs.append(output) }
        ordered.waitForWorkers()
        #expect(outputs == (0..<40).flatMap { job in (0..<3).map { "\(job).\($0)" } })
    }

    /// With a window, no more jobs are taken than the window ahead of what was consumed:
    /// a look-ahead holds that many frames at most, however long the video.
    @Test func theWindowBoundsJobsTakenButNotConsumed() throws {
        let taken = Atomic(0)
        let consumed = Atomic(0)
        let worst = Mutex(0)
        var next = 0
        let ordered = OrderedWorkers<Int>(
            engines: [0, 1, 2], window: 4, name: "test worker",
            nextJob: { () -> (place: Int, job: Int)? in
                guard next < 100 else { return nil }
                defer { next += 1 }
                let ahead = taken.add(1, ordering: .relaxed).newValue - consumed.load(ordering: .relaxed)
                worst.withLock { $0 = max($0, ahead) }
                return (next, next)
            },
            work: { (_: Int, job: Int, emit: (Int) -> Void) in emit(job) })
        var outputs: [Int] = []
        while let output = try ordered.next() {
            usleep(500)  // a slow consumer, so the workers would run far ahead if they could
            outputs.append(output)
            consumed.add(1, ordering: .relaxed)
        }
        ordered.waitForWorkers()
        #expect(outputs == Array(0..<100))
        #expect(worst.withLock { $0 } <= 4 + 1, "jobs ran further ahead than the window")
    }

    /// An output taken by the consumer is not kept alive by the queue: a look-ahead's frames
    /// are released as soon as they have been handed on (measured: 29 MiB more on a 720p
    /// video when they were kept until the queue was trimmed).
    @Test func takenOutputsAreReleased() throws {
        final class Tracked: Sendable {
            static let alive = Atomic(0)
            init() { Self.alive.add(1, ordering: .relaxed) }
            deinit { Self.alive.subtract(1, ordering: .relaxed) }
        }
        var next = 0
        let ordered = OrderedWorkers<Tracked>(
            engines: [0, 1], window: 4, name: "test worker",
            nextJob: { () -> (place: Int, job: Int)? in
                guard next < 200 else { return nil }
                defer { next += 1 }
                return (next, next)
            },
            work: { (_: Int, _: Int, emit: (Tracked) -> Void) in emit(Tracked()) })
        var most = 0
        while try ordered.next() != nil {
            usleep(200)  // the workers fill the window meanwhile
            most = max(most, Tracked.alive.load(ordering: .relaxed))
        }
        ordered.waitForWorkers()
        #expect(most <= 4 + 2, "\(most) outputs alive at once with a window of 4")
        #expect(Tracked.alive.load(ordering: .relaxed) == 0)
    }

    /// `stop()` ends `next()` at once, and the workers leave after their current job.
    @Test func stopEndsTheRun() throws {
        var next = 0
        let ordered = OrderedWorkers<Int>(
            engines: [0, 1], window: 2, name: "test worker",
            nextJob: { () -> (place: Int, job: Int)? in
                defer { next += 1 }
                return (next, next)  // never runs out
            },
            work: { (_: Int, job: Int, emit: (Int) -> Void) in emit(job) })
        #expect(try ordered.next() == 0)
        ordered.stop()
        #expect(try ordered.next() == nil)
        ordered.waitForWorkers()
    }
}
