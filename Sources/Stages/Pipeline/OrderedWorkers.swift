// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Jobs done side by side, one thread per worker, each worker with an engine of its own for
/// the whole run (a network or a Tesseract is never shared between threads), and their
/// outputs handed back in job order, so what comes out is the same whatever the threads'
/// timing. A batch's images and videos, and a recording's look-ahead detection, both run on it.
///
/// Jobs are taken one at a time from `nextJob`, under a lock of their own (so a video is only
/// ever read by one thread), each with its place in the output order: places are 0, 1, 2, … in some order
/// (a batch hands out its largest files first). A job may emit several outputs (a video's
/// frame records): they are handed on as they come while its job is the earliest unfinished
/// one, and held back until then otherwise. One consumer takes them with `next()`.
///
/// `@unchecked Sendable`: every mutable property is touched only while holding `condition`
/// (`taken` is also only changed by the worker holding `taking`); each engine is used by its
/// one worker thread only.
public final class OrderedWorkers<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Held while a worker takes its next job (reading a video frame takes milliseconds), so
    /// jobs are taken one at a time and in order without holding up workers handing in
    /// their outputs or the consumer taking them.
    private let taking = NSLock()
    /// Guarded by `condition`. Outputs in order, each job's followed by a marker once the job
    /// has finished, so `next()` knows when a job's outputs are all taken.
    private var ready: [Entry] = []
    private var readIndex = 0

    private enum Entry {
        case output(Output)
        /// The job at this place has finished and its outputs are all before this.
        case finished(place: Int)
        /// Already taken: released at once, so a frame is not kept alive by the queue.
        case taken
    }
    /// Outputs of jobs that are not yet the earliest unfinished one.
    private var held: [Int: [Output]] = [:]
    private var finished: Set<Int> = []
    /// The earliest job not yet finished.
    private var head = 0
    /// Jobs handed out so far, and the leading jobs whose outputs have all been taken.
    private var taken = 0
    private var delivered = 0
    /// How many jobs there were, once `nextJob` has said there are no more.
    private var total: Int?
    /// The earliest failure: a job that threw, or `nextJob` throwing (at the next place).
    private var failure: (place: Int, error: any Error)?
    private var stopped = false
    private var running: Int
    /// At most this many jobs are taken but not yet wholly handed on: a look-ahead holds that
    /// many frames in memory at most, however long the video.
    private let window: Int

    /// Starts one thread per engine at once. `nextJob` gives a job and its place in the
    /// output order, or nil when there are no more; `work` does one job on a worker's engine,
    /// emitting its outputs.
    /// With a `window`, jobs must be handed out in place order (0, 1, 2, …), so the earliest
    /// unfinished job is always one being worked on.
    public init<Engine, Job: Sendable>(engines: [Engine], window: Int = .max, name: String, stackSize: Int = 8 << 20,
                                       nextJob: @escaping () throws -> (place: Int, job: Job)?,
                                       work: @escaping (Engine, Job, _ emit: (Output) -> Void) throws -> Void) {
        precondition(!engines.isEmpty, "ordered workers need at least one engine")
        self.window = max(1, window)
        running = engines.count
        let plan = Plan(nextJob: nextJob, work: work)
        for engine in engines {
            let box = EngineBox(engine)
            let thread = Thread { [self] in
                defer { workerEnded() }
                while let (place, job) = take(plan.nextJob) {
                    do {
                        try plan.work(box.engine, job) { output in emit(output, place: place) }
                        finish(place)
                    } catch {
                        fail(at: place, error)
                        return
                    }
                }
            }
            thread.name = name
            thread.stackSize = stackSize  // Tesseract recurses deeply on complex pages
            thread.start()
        }
    }

    /// The caller's closures, shared by the worker threads. `@unchecked Sendable`: `nextJob` is
    /// only ever called under `taking`, one thread at a time; `work` is called concurrently
    /// but each call is given its own worker's engine.
    private final class Plan<Engine, Job>: @unchecked Sendable {
        let nextJob: () throws -> (place: Int, job: Job)?
        let work: (Engine, Job, (Output) -> Void) throws -> Void
        init(nextJob: @escaping () throws -> (place: Int, job: Job)?,
             work: @escaping (Engine, Job, (Output) -> Void) throws -> Void) {
            self.nextJob = nextJob
            self.work = work
        }
    }

    /// Moves a worker's engine into its thread; only that thread touches it afterwards.
    private final class EngineBox<Engine>: @unchecked Sendable {
        let engine: Engine
        init(_ engine: Engine) { self.engine = engine }
    }

    /// The next output in job order, waiting for it; nil once every job's outputs have been
    /// taken, or after `stop()`. Rethrows the earliest failure once the outputs before it
    /// have been taken.
    public func next() throws -> Output? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { return nil }
            if readIndex < ready.count {
                let entry = ready[readIndex]
                ready[readIndex] = .taken
                readIndex += 1
                if readIndex > 64, readIndex * 2 > ready.count {  // drop the taken entries, now and then
                    ready.removeFirst(readIndex)
                    readIndex = 0
                }
                switch entry {
                case .output(let output): return output
                case .finished(let place):
                    delivered = place + 1
                    condition.broadcast()  // the window has room again
                case .taken: break
                }
                continue
            }
            if let failure, failure.place == head {
                stopped = true
                condition.broadcast()
                throw failure.error
            }
            if let total, delivered >= total { return nil }
            condition.wait()
        }
    }

    /// Ends the run soon: no job starts after this, `next()` returns nil, and the workers
    /// leave once their current job is done.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every worker thread has ended (after the last job, a failure or `stop()`),
    /// so no engine is still in use when its owner lets it go.
    public func waitForWorkers() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    // MARK: Worker side

    /// The next job for a worker once the window has room; nil when there is none, after a
    /// failure or after `stop()`.
    private func take<Job>(_ nextJob: () throws -> (place: Int, job: Job)?) -> (Int, Job)? {
        taking.lock()
        defer { taking.unlock() }
        condition.lock()
        while !stopped, failure == nil, total == nil, taken - delivered >= window { condition.wait() }
        let proceed = !stopped && failure == nil && total == nil
        condition.unlock()
        guard proceed else { return nil }
        // Outside `condition`, inside `taking`: one thread reads at a time, in order.
        let next: (place: Int, job: Job)?
        do {
            next = try nextJob()
        } catch {
            condition.lock()
            failure = (taken, error)
            total = taken
            condition.broadcast()
            condition.unlock()
            return nil
        }
        condition.lock()
        defer { condition.unlock() }
        if next == nil { total = taken } else { taken += 1 }
        condition.broadcast()
        return next
    }

    private func emit(_ output: Output, place: Int) {
        condition.lock()
        defer { condition.unlock() }
        if place == head {
            ready.append(.output(output))
            condition.broadcast()
        } else {
            held[place, default: []].append(output)
        }
    }

    private func finish(_ place: Int) {
        condition.lock()
        defer { condition.unlock() }
        finished.insert(place)
        while finished.remove(head) != nil {
            ready.append(.finished(place: head))
            head += 1
            for output in held.removeValue(forKey: head) ?? [] { ready.append(.output(output)) }
        }
        condition.broadcast()
    }

    private func fail(at place: Int, _ error: any Error) {
        condition.lock()
        defer { condition.unlock() }
        if failure == nil || place < failure!.place { failure = (place, error) }
        condition.broadcast()
    }

    private func workerEnded() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
