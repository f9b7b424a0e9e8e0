// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization
import Words
import Frames

/// A live V4L2 camera as a frame source that survives the faults of real hardware: an
/// unplugged cable (it waits, then reopens from scratch), a stalled stream, damaged frames.
/// Each fault is said once through the status handler; none ends the stream. Frames are
/// read from one thread (the capture thread); `cancel` and the counters are safe anywhere.
public final class Camera: FrameSource, @unchecked Sendable {
    // @unchecked: the session and the stream state are touched only by the capture thread
    // (between `init` and `close`); what other threads touch is atomic or under a mutex.
    public let path: String
    let request: CaptureRequest
    let system: any V4L2System
    private var session: CaptureSession?
    private let cancelled = Atomic<Bool>(false)
    private let damaged = Atomic<Int>(0)
    private let statusHandler = Mutex<(@Sendable (String) -> Void)?>(nil)
    /// The words of what the camera says about itself.
    public let wording: Wording

    private var origin: Timestamp?
    private var index = -1
    /// The driver's sequence number of the last frame (it restarts when the camera is reopened).
    public private(set) var lastSequence: UInt32?
    private var lastFrameAt = MonotonicClock.now()
    private var stallAnnounced = false
    private var lastDamageAt: Timestamp?
    private var lastReopenAttempt: Timestamp?
    private var waitingReasonSaid: CaptureError?

    /// Silence this long means the camera has stalled.
    static let stallSeconds = 2.0
    /// A stall this long gets the camera restarted from scratch, which revives many USB
    /// cameras that stopped sending without going away; then again after as long once more.
    static let restartAfterStallSeconds = 5.0
    /// How often a lost camera is looked for.
    static let reconnectSeconds = 0.5
    /// Damaged frames this far apart are separate bursts, each said once.
    static let damageBurstSeconds = 10.0
    /// Each wait is short so that `cancel` is honoured promptly.
    static let pollMilliseconds: Int32 = 100

    /// Opens the camera now, so a missing, busy or forbidden camera is one clear sentence
    /// before anything else starts. Without a path, the first camera that captures. The status
    /// sentences (a disconnect, a reconnect) are worded in `wording`.
    public init(request: CaptureRequest, wording: Wording, system: any V4L2System = KernelV4L2System()) throws(CaptureError) {
        self.request = request
        self.wording = wording
        self.system = system
        if let path = request.path {
            self.path = path
        } else {
            guard let first = CameraDirectory(system: system).cameraPaths().first else { throw .noCamera }
            self.path = first
        }
        session = try CaptureSession.start(path: path, request: request, system: system)
    }

    deinit { session?.close() }

    public var isLive: Bool { true }

    /// The format and size being captured now (nil while the camera is away).
    public var activeFormat: ActiveFormat? { session?.format }
    public var frameRate: Double? { session?.frameRate }

    /// Frames skipped because the driver flagged them or they could not be decoded.
    public var damagedFrames: Int { damaged.load(ordering: .relaxed) }

    public func onStatus(_ handler: @escaping @Sendable (String) -> Void) {
        statusHandler.withLock { $0 = handler }
    }

    /// Makes `nextFrame` return nil soon (within one poll slice), from any thread.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Stops streaming, unmaps and closes. Call from the capture thread or after it ended.
    public func close() {
        session?.close()
        session = nil
    }

    /// The next good frame; nil once cancelled. Faults are said and survived here.
    public func nextFrame() throws -> Frame? {
        while !cancelled.load(ordering: .relaxed) {
            guard let session else {
                reconnectIfDue()
                continue
            }
            let outcome: CaptureSession.Outcome
            do {
                outcome = try session.next(timeoutMilliseconds: Self.pollMilliseconds)
            } catch {
                lose(session, because: error)
                continue
            }
            let now = MonotonicClock.now()
            switch outcome {
            case .frame(let image, let buffer):
                if stallAnnounced {
                    stallAnnounced = false
                    say(.cameraSendingAgain)
                }
                lastFrameAt = now
                return frame(image, buffer, now: now)
            case .nothingYet:
                let silent = now.seconds(since: lastFrameAt)
                if !stallAnnounced, silent >= Self.stallSeconds {
                    stallAnnounced = true
                    say(.cameraStalled, ["seconds": .integer(Int(Self.stallSeconds))])
                }
                if silent >= Self.restartAfterStallSeconds {
                    lose(session, because: .failed(path: path, operation: "poll", errno: Errno(ETIMEDOUT)))
                }
            case .damaged:
                damaged.add(1, ordering: .relaxed)
                if lastDamageAt.map({ now.seconds(since: $0) >= Self.damageBurstSeconds }) ?? true {
                    say(.cameraFramesDamaged)
                }
                lastDamageAt = now
            }
        }
        return nil
    }

    private func frame(_ image: Image, _ buffer: DequeuedBuffer, now: Timestamp) -> Frame {
        let captured = buffer.monotonicTime ?? now
        let origin = self.origin ?? captured
        self.origin = origin
        // Sequence gaps are frames the driver dropped because no buffer was free.
        if let last = lastSequence, buffer.sequence > last {
            index += Int(buffer.sequence - last)
        } else {
            index += 1
        }
        lastSequence = buffer.sequence
        return Frame(image: image, timestamp: Timestamp(microseconds: captured.microseconds - origin.microseconds),
                     index: index, captureTime: captured)
    }

    /// Closes a session that failed mid-stream; the camera is then looked for again.
    private func lose(_ failed: CaptureSession, because error: CaptureError) {
        failed.close()
        session = nil
        lastSequence = nil
        lastReopenAttempt = MonotonicClock.now()
        switch error {
        case .disconnected, .notFound:
            stallAnnounced = false
            say(.cameraDisconnected)
        default:
            say(.cameraRestarting)
        }
    }

    /// Tries a full reopen (open, S_FMT, REQBUFS, mmap, STREAMON) every half second.
    private func reconnectIfDue() {
        let now = MonotonicClock.now()
        if let last = lastReopenAttempt, now.seconds(since: last) < Self.reconnectSeconds {
            Thread.sleep(forTimeInterval: min(0.1, Self.reconnectSeconds - now.seconds(since: last)))
            return
        }
        lastReopenAttempt = now
        do {
            session = try CaptureSession.start(path: path, request: request, system: system)
            waitingReasonSaid = nil
            lastFrameAt = MonotonicClock.now()  // the wait for the camera is not a stall
            say(.cameraReconnected)
        } catch {
            // Gone is what we are waiting out; busy or forbidden is worth saying, once.
            switch error {
            case .busy, .permissionDenied:
                if waitingReasonSaid != error { say(error.message) }
                waitingReasonSaid = error
            default: break
            }
        }
    }

    private func say(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) {
        say(Message(id, arguments))
    }

    private func say(_ message: Message) {
        guard let handler = statusHandler.withLock({ $0 }) else { return }
        handler(wording(message))
    }
}
