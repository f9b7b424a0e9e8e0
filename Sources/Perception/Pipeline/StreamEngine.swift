import Foundation
import Synchronization

/// How a stream's frames are paced through the pipeline.
public enum StreamClock: String, Sendable {
    /// Every frame is processed, however long it takes: deterministic, for evaluation and
    /// benchmarks on recorded video.
    case everyFrame = "every-frame"
    /// Frames arrive at their own pace and only the newest is processed: narration always
    /// describes now. The default for live sources.
    case realTime = "realtime"
}

/// What a run did, for `--stats` and benchmarks.
public struct StreamStatistics: Sendable, Equatable {
    public var framesRead = 0
    public var framesProcessed = 0
    public var framesDropped = 0
    public var events = 0
    /// Stream time covered, seconds.
    public var streamSeconds = 0.0
}

/// Source → stage (detection, tracking, narration; or page finding and reading) → events.
/// One engine per stream; `run` blocks its caller (a thread of its own, never the
/// cooperative pool).
public final class StreamEngine {
    let source: any FrameSource
    let stage: any StreamStage
    let clock: StreamClock

    public init(source: any FrameSource, stage: any StreamStage, clock: StreamClock) {
        self.source = source
        self.stage = stage
        self.clock = clock
    }

    public func run(emit: (NarrationEvent) -> Void) throws -> StreamStatistics {
        var statistics = StreamStatistics()
        var last: Frame?
        func deliver(_ events: [NarrationEvent]) {
            statistics.events += events.count
            events.forEach(emit)
        }
        func process(_ frame: Frame) throws {
            deliver(try stage.observe(frame))
            statistics.framesProcessed += 1
            last = frame
        }
        switch clock {
        case .everyFrame:
            while let frame = try source.nextFrame() {
                statistics.framesRead += 1
                try process(frame)
            }
        case .realTime:
            let limiter = FlowLimiter<Frame>()
            let reader = FrameReader(source: source, limiter: limiter)
            reader.start()
            defer { reader.stop() }
            while let frame = limiter.take() { try process(frame) }
            statistics.framesRead = try reader.result()
            statistics.framesDropped = limiter.dropped
        }
        if let last {
            deliver(stage.finish(at: last.timestamp, frame: last.index))
            statistics.streamSeconds = last.timestamp.seconds
        }
        return statistics
    }
}

/// Reads a source on a thread of its own into a flow limiter. A recorded file is paced to
/// its presentation times, as if it were being filmed now; a live source paces itself.
private final class FrameReader: @unchecked Sendable {
    // Safe: `source` is touched only by the reader thread between `start` and the end
    // signal; `result` waits for that signal before reading the outcome.
    private let source: any FrameSource
    private let limiter: FlowLimiter<Frame>
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Int, any Error>>(.success(0))
    private let stopped = Atomic<Bool>(false)

    init(source: any FrameSource, limiter: FlowLimiter<Frame>) {
        self.source = source
        self.limiter = limiter
    }

    func start() {
        let thread = Thread { [self] in
            defer {
                limiter.finish()
                done.signal()
            }
            do {
                var count = 0
                let started = DispatchTime.now().uptimeNanoseconds
                var first: Timestamp?
                while !stopped.load(ordering: .relaxed), let frame = try source.nextFrame() {
                    count += 1
                    if !source.isLive {
                        let origin = first ?? frame.timestamp
                        first = origin
                        let due = started + UInt64(max(0, frame.timestamp.seconds(since: origin)) * 1e9)
                        let now = DispatchTime.now().uptimeNanoseconds
                        if due > now { Thread.sleep(forTimeInterval: Double(due - now) / 1e9) }
                    }
                    limiter.offer(frame)
                }
                outcome.withLock { $0 = .success(count) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        thread.start()
    }

    /// Asks the reader to stop after the frame it is reading (the pipeline failed).
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Frames read, once the reader has finished; rethrows its error.
    func result() throws -> Int {
        done.wait()
        done.signal()
        return try outcome.withLock { $0 }.get()
    }
}
