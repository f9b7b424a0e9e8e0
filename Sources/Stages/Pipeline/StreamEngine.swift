// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Words
import Frames
import Narration

/// How a stream's frames are paced through the pipeline.
public enum StreamClock: String, Sendable {
    /// Every frame is processed, however long it takes: deterministic, for evaluation and
    /// benchmarks on recorded video.
    case everyFrame = "every-frame"
    /// Frames arrive at their own pace and only the newest is processed: narration always
    /// describes now. The default for live sources.
    case realTime = "realtime"
}

/// Source → stage (detection, tracking, narration; or page finding and reading) → events.
/// One engine per stream; `run` blocks its caller (a thread of its own, never the
/// cooperative pool). While it runs, `send`, `stop` and `statistics` may be called from any
/// thread (a keyboard reader, a signal handler's queue).
public final class StreamEngine: @unchecked Sendable {
    // @unchecked: `source` and `stage` are used only by `run` and its reader thread (the
    // source's `cancel` is thread-safe by contract); everything else shared sits in `shared`.
    let source: any FrameSource
    let stage: any StreamStage
    package let clock: StreamClock
    /// The words of its own sentences (pause, resume, repeat).
    let wording: Wording

    private struct Shared {
        var limiter: FlowLimiter<TimedFrame, Message>?
        var reader: FrameReader?
        /// Stops the workers running a stage's first step ahead, while they run.
        var stopAhead: (@Sendable () -> Void)?
        var stopped = false
        /// Commands sent before `run` has its flow limiter: a key pressed as the session
        /// starts is carried out first, not lost.
        var early: [LiveCommand] = []
        var statistics = StreamStatistics()
        /// One entry per processed frame, only when asked for (benchmarks).
        var timings: [StageTimings]?
        /// Once `run` has returned: the last frame processed (or seen while paused) and the
        /// last thing said, for the keys that answer after the end.
        var lastFrame: Frame?
        var lastSaid: NarrationEvent?
    }
    private let shared = Mutex(Shared())

    /// What travels beside the frames, never dropped.
    enum Message: Sendable {
        case status(String)
        case command(LiveCommand)
        case stop
    }

    public init(source: any FrameSource, stage: any StreamStage, clock: StreamClock, wording: Wording) {
        self.source = source
        self.stage = stage
        self.clock = clock
        self.wording = wording
    }

    /// The commands a run carries out: in real time its own (pause, repeat, quit) and the
    /// stage's; every frame of a recording runs without commands, and only stops (`stop`).
    public var commands: Set<LiveCommand> {
        clock == .realTime ? stage.commands.union([.repeatLast, .pauseResume, .quit]) : [.quit]
    }

    /// The commands `answerAfterEnd` carries out once a recording has ended and stays open:
    /// a fresh look at the last frame and the last thing said again. The others change what
    /// is narrated next, and nothing is.
    public var commandsAfterEnd: Set<LiveCommand> {
        commands.intersection([.describeNow, .repeatLast])
    }

    /// After `run` has returned, from one thread at a time: `describe` looks at the last frame
    /// again, its first sentence opening with the words that say it is the video's last
    /// picture (not a new one: pressed twice it says the same); `repeat` says the last thing
    /// again. Any other command answers nothing.
    public func answerAfterEnd(_ command: LiveCommand) throws -> [NarrationEvent] {
        let (frame, said) = shared.withLock { ($0.lastFrame, $0.lastSaid) }
        switch command {
        case .repeatLast:
            return [said ?? .status(.sessionNothingSaidYet, wording, at: frame)]
        case .describeNow:
            guard let frame else { return [.noPictureYet(wording)] }
            var events = try stage.perform(.describeNow, on: frame)
            if !events.isEmpty {
                events[0].text = wording(.sessionVideoLastPicture, ["description": .text(events[0].text)])
            }
            return events
        default:
            return []
        }
    }

    /// A command from the user; carried out between frames, in order.
    public func send(_ command: LiveCommand) {
        let limiter = shared.withLock { shared in
            // Only a real-time run takes commands; every frame of a recording runs without them.
            if shared.limiter == nil, clock == .realTime { shared.early.append(command) }
            return shared.limiter
        }
        limiter?.send(.command(command))
    }

    /// Ends `run` soon, from any thread: the frame being processed finishes, no other starts.
    public func stop() {
        let (limiter, stopAhead) = shared.withLock { shared in
            shared.stopped = true
            return (shared.limiter, shared.stopAhead)
        }
        limiter?.send(.stop)
        stopAhead?()
        source.cancel()
    }

    /// Before `run`: keep every processed frame's step timings, in a buffer sized for
    /// `expectedFrames` so the run does not grow it (it still grows if the guess is short).
    public func recordStageTimings(expectedFrames: Int) {
        var timings: [StageTimings] = []
        timings.reserveCapacity(max(0, expectedFrames))
        shared.withLock { $0.timings = timings }
    }

    /// The step timings recorded so far, in processing order; empty unless asked for.
    public func stageTimings() -> [StageTimings] {
        shared.withLock { $0.timings ?? [] }
    }

    /// The counters so far (or final, after `run`).
    public func statistics() -> StreamStatistics {
        shared.withLock { shared in
            var statistics = shared.statistics
            if let reader = shared.reader { statistics.framesRead = reader.count }
            if let limiter = shared.limiter { statistics.framesDropped += limiter.dropped }
            statistics.framesDamaged = source.damagedFrames
            return statistics
        }
    }

    public func run(emit: (NarrationEvent) -> Void) throws -> StreamStatistics {
        var last: Frame?
        var paused = false
        var lastSaid: NarrationEvent?
        var stopped: Bool { shared.withLock { $0.stopped } }
        let recordingTimings = shared.withLock { $0.timings != nil }

        func deliver(_ events: [NarrationEvent], capturedAt arrival: Timestamp? = nil) {
            guard !events.isEmpty else { return }
            let now = MonotonicClock.now()
            shared.withLock { shared in
                shared.statistics.events += events.count
                if let arrival {
                    for _ in events { shared.statistics.eventLatency.record(seconds: now.seconds(since: arrival)) }
                }
            }
            for event in events {
                if event.kind != .progress { lastSaid = event }
                emit(event)
            }
        }
        /// `observe` is the stage's work on the frame (all of it, or what follows a step done ahead).
        func process(_ timed: TimedFrame, _ observe: () throws -> [NarrationEvent]) throws {
            last = timed.frame
            let started = MonotonicClock.now()
            let events = try observe()
            let done = MonotonicClock.now()
            shared.withLock { shared in
                shared.statistics.framesProcessed += 1
                shared.statistics.processing.record(seconds: done.seconds(since: started))
                shared.statistics.frameLatency.record(seconds: done.seconds(since: timed.arrival))
                shared.statistics.streamSeconds = timed.frame.timestamp.seconds
            }
            deliver(events, capturedAt: timed.arrival)
            guard recordingTimings else { return }
            var timings = stage.lastTimings
            timings.decode = timed.decodeSeconds
            timings.frame = timed.frame.index
            timings.streamSeconds = timed.frame.timestamp.seconds
            timings.endToEnd = MonotonicClock.now().seconds(since: timed.arrival)
            shared.withLock { $0.timings?.append(timings) }
        }
        /// Returns false when the session should end.
        func carryOut(_ command: LiveCommand) throws -> Bool {
            switch command {
            case .quit:
                return false
            case .pauseResume:
                paused.toggle()
                deliver([.status(paused ? .sessionPaused : .sessionResumed, wording, at: last)])
            case .repeatLast:
                deliver([lastSaid ?? .status(.sessionNothingSaidYet, wording, at: last)])
            default:
                deliver(try stage.perform(command, on: last))
            }
            return true
        }

        var ended = false  // the source ran out by itself
        switch clock {
        case .everyFrame:
            if let stepped = stage as? any SteppedStage, !stepped.workerSteps.isEmpty, !source.isLive {
                try runAhead(stepped, stopped: { stopped }, process: process)
            } else {
                while !stopped, let timed = try read() {
                    try process(timed) { try stage.observe(timed.frame) }
                }
            }
            ended = !stopped
        case .realTime:
            let limiter = FlowLimiter<TimedFrame, Message>()
            let reader = FrameReader(source: source, limiter: limiter)
            let alreadyStopped = shared.withLock { shared in
                shared.limiter = limiter
                shared.reader = reader
                for command in shared.early { limiter.send(.command(command)) }
                shared.early = []
                return shared.stopped
            }
            if alreadyStopped { return statistics() }
            source.onStatus { limiter.send(.status($0)) }
            reader.start()
            defer {
                // Also when the stage threw: the capture thread must be out of the source
                // before anyone closes it (a camera's buffers are unmapped on close).
                reader.stop()
                source.cancel()
                try? reader.result()
            }
            loop: while let delivery = limiter.take() {
                switch delivery {
                case .item(let timed):
                    if paused {
                        last = timed.frame
                        shared.withLock { $0.statistics.framesDropped += 1 }
                    } else {
                        try process(timed) { try stage.observe(timed.frame) }
                    }
                case .message(.status(let text)):
                    deliver([.status(text, language: wording.language, at: last)])
                case .message(.command(let command)):
                    if try !carryOut(command) { break loop }
                case .message(.stop):
                    break loop
                }
            }
            reader.stop()
            source.cancel()
            try reader.result()
            ended = !stopped && !source.isLive
        }
        if ended, let last { deliver(stage.finish(at: last.timestamp, frame: last.index)) }
        shared.withLock { [last, lastSaid] shared in
            shared.lastFrame = last
            shared.lastSaid = lastSaid
        }
        return statistics()
    }

    /// The source's next frame, timed and counted; nil at its end. Called by one thread at a time.
    private func read() throws -> TimedFrame? {
        let reading = MonotonicClock.now()
        guard let frame = try source.nextFrame() else { return nil }
        let arrival = MonotonicClock.now()
        shared.withLock { $0.statistics.framesRead += 1 }
        return TimedFrame(frame: frame, arrival: frame.captureTime ?? arrival,
                          decodeSeconds: source.isLive ? nil : arrival.seconds(since: reading))
    }

    /// Every frame of a recording, with the stage's first step (detection) run ahead on its
    /// worker steps, one thread each, and the rest of its work done here in frame order: the
    /// stage sees exactly what it would one frame at a time. On two cores two single-threaded
    /// networks get more frames through than one network spread over both (its threads wait
    /// on each other). The source is read by one worker at a time, in order.
    private func runAhead<Stage: SteppedStage>(
        _ stage: Stage, stopped: () -> Bool,
        process: (TimedFrame, () throws -> [NarrationEvent]) throws -> Void
    ) throws {
        var place = 0
        let ahead = OrderedWorkers<(timed: TimedFrame, output: Stage.Step.Output, timings: StageTimings)>(
            engines: stage.workerSteps,
            // Two frames a worker (one being detected, one waiting) keeps every core busy and
            // memory flat however long the video.
            window: 2 * stage.workerSteps.count, name: "look-ahead step",
            nextJob: { [self] () -> (place: Int, job: TimedFrame)? in
                guard let timed = try read() else { return nil }
                defer { place += 1 }
                return (place, timed)
            },
            work: { (step: Stage.Step, timed: TimedFrame, emit) in
                let (output, timings) = try step.run(on: timed.frame)
                emit((timed, output, timings))
            })
        shared.withLock { $0.stopAhead = { ahead.stop() } }
        defer {
            ahead.stop()
            ahead.waitForWorkers()  // no worker is left inside a network or the source
            shared.withLock { $0.stopAhead = nil }
        }
        if stopped() { return }
        while !stopped(), let result = try ahead.next() {
            try process(result.timed) { try stage.observe(result.timed.frame, after: result.output, timings: result.timings) }
        }
    }
}

/// A frame with the moment it was captured (a camera's buffer time) or, for a recording,
/// arrived: end-to-end latency is measured from there.
struct TimedFrame: Sendable {
    var frame: Frame
    var arrival: Timestamp
    /// Seconds the source took to produce a recorded frame; nil for a live source, whose
    /// `nextFrame` mostly waits for the camera.
    var decodeSeconds: Double? = nil
}

/// Reads a source on a thread of its own into a flow limiter. A recorded file is paced to
/// its presentation times, as if it were being filmed now; a live source paces itself.
final class FrameReader: @unchecked Sendable {
    // Safe: `source` is touched only by the reader thread between `start` and the end
    // signal; `result` waits for that signal before reading the outcome.
    private let source: any FrameSource
    private let limiter: FlowLimiter<TimedFrame, StreamEngine.Message>
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Void, any Error>>(.success(()))
    private let stopped = Atomic<Bool>(false)
    private let read = Atomic<Int>(0)

    init(source: any FrameSource, limiter: FlowLimiter<TimedFrame, StreamEngine.Message>) {
        self.source = source
        self.limiter = limiter
    }

    /// Frames read so far.
    var count: Int { read.load(ordering: .relaxed) }

    func start() {
        let thread = Thread { [self] in
            defer {
                limiter.finish()
                done.signal()
            }
            do {
                let started = MonotonicClock.now()
                var first: Timestamp?
                while !stopped.load(ordering: .relaxed) {
                    let reading = MonotonicClock.now()
                    guard let frame = try source.nextFrame() else { break }
                    let decodeSeconds = source.isLive ? nil : MonotonicClock.now().seconds(since: reading)
                    read.add(1, ordering: .relaxed)
                    if !source.isLive {
                        let origin = first ?? frame.timestamp
                        first = origin
                        let due = started.adding(seconds: max(0, frame.timestamp.seconds(since: origin)))
                        let wait = due.seconds(since: MonotonicClock.now())
                        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                    }
                    limiter.offer(TimedFrame(frame: frame, arrival: frame.captureTime ?? MonotonicClock.now(),
                                             decodeSeconds: decodeSeconds))
                }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
        }
        thread.name = "capture"
        thread.start()
    }

    /// Asks the reader to stop after the frame it is reading.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Waits until the reader has finished; rethrows its error.
    func result() throws {
        done.wait()
        done.signal()
        try outcome.withLock { $0 }.get()
    }
}
