import Foundation

/// Every-frame awareness on a recording, with the network on several frames at once: a
/// reader takes frames from the video in order, workers — each with a single-threaded
/// network of its own — detect them side by side, and `nextFrame` hands them on in order
/// with their detections attached, so tracking and narration see exactly what they would
/// have seen one frame at a time. On two cores, two single-threaded networks get more
/// frames through than one network spread over both (its threads wait on each other).
///
/// Only for recordings processed every frame: a live camera wants the newest frame, not a
/// queue of them.
///
/// `@unchecked Sendable`: every mutable property is touched only while holding `state`; the
/// inner source is read by the one reader thread only, and each detector by its one worker.
public final class LookaheadDetection: FrameSource, @unchecked Sendable {
    public let isLive = false
    private let source: any FrameSource
    private let minConfidence: Double
    private let state = NSCondition()
    /// Guarded by `state`.
    private var results: [Int: Result<Frame, any Error>] = [:]
    private var next = 0
    private var ended: Int?
    private var stopped = false
    private var readerFailure: (any Error)?
    /// At most this many frames are read but not yet handed on (two per worker: one being
    /// detected, one waiting), so memory stays flat however long the video.
    private let window: Int
    /// Read, waiting for a worker.
    private var pending: [Frame] = []

    /// Owned by one worker thread for the whole run.
    private final class DetectorBox: @unchecked Sendable {
        let detector: ObjectDetector
        init(_ detector: ObjectDetector) { self.detector = detector }
    }

    /// `detectors` must not be shared with anything else; each runs on its worker's thread alone.
    public init(source: any FrameSource, detectors: [ObjectDetector], minConfidence: Double) {
        self.source = source
        self.minConfidence = minConfidence
        self.window = 2 * max(1, detectors.count)
        for detector in detectors { detector.runsOnOneThread = true }
        startReader()
        for detector in detectors { startWorker(DetectorBox(detector)) }
    }

    public func nextFrame() throws -> Frame? {
        state.lock()
        defer { state.unlock() }
        while true {
            if let result = results.removeValue(forKey: next) {
                next += 1
                if case .failure = result {
                    // The stream ends here: stop the reader and workers rather than leave
                    // them waiting for frames nobody will take.
                    stopped = true
                }
                state.broadcast()
                return try result.get()
            }
            if let ended, next >= ended {
                if let readerFailure { throw readerFailure }
                return nil
            }
            if stopped { return nil }
            state.wait()
        }
    }

    public func cancel() {
        state.lock()
        stopped = true
        state.broadcast()
        state.unlock()
        source.cancel()
    }

    public var damagedFrames: Int { source.damagedFrames }

    /// Reads in order, so the video is only ever read by one thread.
    private func startReader() {
        let thread = Thread { [self] in
            var count = 0
            while true {
                state.lock()
                while !stopped, count - next >= window { state.wait() }
                let stop = stopped
                state.unlock()
                if stop { break }
                do {
                    let reading = MonotonicClock.now()
                    guard var frame = try source.nextFrame() else { break }
                    let read = MonotonicClock.now()
                    frame.captureTime = frame.captureTime ?? read
                    frame.detectionTimings = StageTimings()
                    frame.detectionTimings?.decode = read.seconds(since: reading)
                    state.lock()
                    pending.append(frame)
                    count += 1
                    state.broadcast()
                    state.unlock()
                } catch {
                    state.lock()
                    readerFailure = error
                    state.unlock()
                    break
                }
            }
            state.lock()
            ended = count
            state.broadcast()
            state.unlock()
        }
        thread.name = "lookahead reader"
        thread.start()
    }

    private func startWorker(_ box: DetectorBox) {
        let thread = Thread { [self] in
            while true {
                state.lock()
                while pending.isEmpty, ended == nil, !stopped { state.wait() }
                if stopped || pending.isEmpty {
                    state.unlock()
                    return
                }
                var frame = pending.removeFirst()
                state.unlock()
                let result: Result<Frame, any Error>
                do {
                    frame.detections = try box.detector.detect(in: frame.image, minConfidence: minConfidence)
                    var timings = box.detector.lastTimings
                    timings.decode = frame.detectionTimings?.decode
                    frame.detectionTimings = timings
                    result = .success(frame)
                } catch {
                    result = .failure(error)
                }
                state.lock()
                results[frame.index] = result
                state.broadcast()
                state.unlock()
            }
        }
        thread.name = "lookahead detector"
        thread.stackSize = 8 << 20
        thread.start()
    }
}
