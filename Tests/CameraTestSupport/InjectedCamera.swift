// SPDX-License-Identifier: GPL-3.0-or-later
// The injected camera: a scripted V4L2 device served at the system-call seam.
import CVision
import Glibc
import Perception
import Synchronization

/// A USB webcam behind the uvcvideo driver, simulated at the `V4L2System` seam (as
/// Chromium's `fake_v4l2_impl` does): every request the capture code makes gets the
/// driver's answer and error numbers, frames of a recording arrive at the negotiated rate
/// on CLOCK_MONOTONIC, and scripted faults (`Fault`) show up as a real driver shows them.
///
/// Frame numbers (in faults and counters) count every frame the sensor produced since the
/// camera was made, the first being 0; in the first stream they equal buffer sequence
/// numbers (a new STREAMON restarts sequences at 0, as uvcvideo does).
public final class InjectedCamera: V4L2System {
    /// One format the camera offers, in the order ENUM_FMT lists it.
    public struct Format: Sendable, Equatable {
        public var pixelFormat: PixelFormat
        public var sizes: [FrameSize]
        /// Offered at every size, the default (first) one set by S_FMT.
        public var framesPerSecond: [Double]

        public init(_ pixelFormat: PixelFormat, sizes: [FrameSize], framesPerSecond: [Double]) {
            precondition(pixelFormat == .mjpeg || pixelFormat == .yuyv, "the injected camera serves MJPEG or YUYV")
            precondition(!sizes.isEmpty && !framesPerSecond.isEmpty, "a format offers at least one size and rate")
            self.pixelFormat = pixelFormat
            self.sizes = sizes
            self.framesPerSecond = framesPerSecond
        }

        public static let vga = FrameSize(width: 640, height: 480)
        public static let hd = FrameSize(width: 1280, height: 720)

        public static func mjpeg(_ sizes: [FrameSize] = [vga, hd], framesPerSecond: [Double] = [30, 15]) -> Format {
            Format(.mjpeg, sizes: sizes, framesPerSecond: framesPerSecond)
        }

        public static func yuyv(_ sizes: [FrameSize] = [vga, hd], framesPerSecond: [Double] = [30, 15]) -> Format {
            Format(.yuyv, sizes: sizes, framesPerSecond: framesPerSecond)
        }
    }

    /// A scripted failure, each as the kernel reports it.
    public enum Fault: Sendable, Equatable {
        /// No such camera: open fails with ENOENT and `deviceNodes()` lists none of its nodes.
        case absent
        /// Open fails with EACCES, as for a user outside the video group.
        case permissionDenied
        /// Another program is streaming: S_FMT, S_PARM, REQBUFS and STREAMON fail with EBUSY.
        case busy
        /// The cable is pulled when the sensor would produce frame `afterFrames`: every call
        /// on open descriptors fails with ENODEV (poll reports ready), the nodes vanish until
        /// `replug()` or for `replugAfter` seconds. Fires once.
        case unplug(afterFrames: Int, replugAfter: Double? = nil)
        /// No frames for `seconds` after frame `afterFrame` (or the next, if added later): poll
        /// times out. Fires once.
        case stall(afterFrame: Int, seconds: Double)
        /// These frames arrive with V4L2_BUF_FLAG_ERROR (a USB transfer lost packets).
        case damaged(frames: Set<Int>)
        /// These frames' bytes are damaged (with no error flag: the camera sent them so).
        case corrupt(frames: Set<Int>, Corruption)
    }

    public enum Corruption: Sendable, Equatable {
        /// Random bytes of the frame's length.
        case garbage
        /// The first half of the frame; bytesused says so.
        case truncated
    }

    public let nodes: [String]
    public let card: String
    public let formats: [Format]
    /// False: a frame is ready whenever a buffer is queued (for tests that must not wait).
    public let paced: Bool
    public let frames: RecordedFrames
    let state: Mutex<DriverState>

    /// A camera serving the first `maxSourceFrames` frames of the video at `recording`
    /// (decoded once per process and shared with other cameras of the same recording).
    public convenience init(recording: String, nodes: [String] = ["/dev/video0"], card: String = "Injected UVC Camera",
                            formats: [Format] = [.mjpeg(), .yuyv()], maxSourceFrames: Int = 90, paced: Bool = true,
                            faults: [Fault] = []) throws {
        self.init(frames: try RecordedFrames.shared(path: recording, maxFrames: maxSourceFrames), nodes: nodes, card: card,
                  formats: formats, paced: paced, faults: faults)
    }

    public init(frames: RecordedFrames, nodes: [String] = ["/dev/video0"], card: String = "Injected UVC Camera",
                formats: [Format] = [.mjpeg(), .yuyv()], paced: Bool = true, faults: [Fault] = []) {
        precondition(!formats.isEmpty, "a camera offers at least one format")
        self.nodes = nodes
        self.card = card
        self.formats = formats
        self.paced = paced
        self.frames = frames
        state = Mutex(DriverState(formats: formats, faults: faults))
    }

    // MARK: Script and observation (all thread-safe, usable while a stream runs)

    /// The faults still to come; replace them at any time.
    public var faults: [Fault] {
        get { state.withLock { $0.faults } }
        set { state.withLock { $0.faults = newValue } }
    }

    public func inject(_ fault: Fault) { state.withLock { $0.faults.append(fault) } }

    /// Pulls the cable now (see `Fault.unplug`).
    public func unplug(replugAfter seconds: Double? = nil) {
        state.withLock { $0.unplug(at: Clock.now(), replugAfter: seconds) }
    }

    /// Plugs the camera back in: its nodes return, descriptors opened before stay dead.
    public func replug() { state.withLock { $0.unplugged = nil } }

    public var isPlugged: Bool { state.withLock { $0.refreshPlug(now: Clock.now()); return $0.unplugged == nil } }

    /// Every call made, in order: "open", "VIDIOC_QUERYCAP", "mmap", "poll", "munmap", "close", …
    public var calls: [String] { state.withLock { $0.calls } }
    public func callCount(_ name: String) -> Int { state.withLock { $0.calls.count { $0 == name } } }
    public func clearCalls() { state.withLock { $0.calls.removeAll() } }

    /// Descriptors opened and not yet closed (dead ones after an unplug included).
    public var openDescriptorCount: Int { state.withLock { $0.files.count } }
    /// Buffer mappings not yet unmapped.
    public var mappedBufferCount: Int { state.withLock { $0.mappings.values.reduce(0) { $0 + $1.mapCount } } }
    /// Frames the sensor produced, including those dropped for want of a queued buffer.
    public var framesProduced: Int { state.withLock { $0.framesProduced } }
    public var framesDropped: Int { state.withLock { $0.framesDropped } }
    /// Frames handed out by DQBUF.
    public var framesServed: Int { state.withLock { $0.framesServed } }

    // MARK: V4L2System

    public func deviceNodes() -> [String] {
        state.withLock { state in
            state.refreshPlug(now: Clock.now())
            return state.unplugged != nil || state.faults.contains(.absent) ? [] : nodes
        }
    }

    public func open(_ path: String, flags: Int32) throws(Errno) -> Int32 {
        try state.withLock { state throws(Errno) in
            state.calls.append("open")
            state.refreshPlug(now: Clock.now())
            guard nodes.contains(path), state.unplugged == nil, !state.faults.contains(.absent) else { throw .noSuchFile }
            if state.faults.contains(.permissionDenied) { throw .accessDenied }
            return state.openFile(blocking: flags & O_NONBLOCK == 0)
        }
    }

    public func close(_ fd: Int32) {
        state.withLock { state in
            state.calls.append("close")
            state.close(fd)
        }
    }

    public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno) {
        // Raw pointers cross into the lock as addresses: they are not `Sendable`, and the
        // caller's struct is only touched during this call.
        let address = Int(bitPattern: argument)
        while true {
            do {
                return try state.withLock { state throws(Errno) in
                    state.calls.append(Self.requestNames[request] ?? "ioctl 0x\(String(request, radix: 16))")
                    try state.ioctl(fd, request, UnsafeMutableRawPointer(bitPattern: address)!, now: Clock.now(), camera: self)
                }
            } catch where error == .tryAgain && request == CVision_VIDIOC_DQBUF && state.withLock({ $0.files[fd]?.blocking == true }) {
                // A descriptor opened without O_NONBLOCK waits in DQBUF, as the kernel's does.
                _ = try poll(fd, timeoutMilliseconds: -1)
            }
        }
    }

    public func mmap(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
        let address = try state.withLock { state throws(Errno) in
            state.calls.append("mmap")
            return try state.map(fd, length: length, offset: offset, now: Clock.now())
        }
        return UnsafeMutableRawPointer(bitPattern: address)!
    }

    public func munmap(_ start: UnsafeMutableRawPointer, length: Int) {
        let address = Int(bitPattern: start)
        state.withLock { state in
            state.calls.append("munmap")
            guard let memory = state.mappings[address] else { return }
            memory.mapCount -= 1
            if memory.mapCount == 0 { state.mappings[address] = nil }
        }
    }

    /// Sleeps until the next frame is due (or the timeout), on the real monotonic clock.
    public func poll(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool {
        state.withLock { $0.calls.append("poll") }
        let deadline = timeoutMilliseconds < 0 ? Int64.max : Clock.now() + Int64(timeoutMilliseconds) * 1_000_000
        while true {
            let now = Clock.now()
            let (ready, wake) = try state.withLock { state throws(Errno) in try state.pollState(fd, now: now, camera: self) }
            if ready { return true }
            if now >= deadline { return false }
            // Short naps when nothing is due yet, so a buffer queued, a fault injected or an
            // unplug from another thread is seen promptly.
            Clock.sleep(until: min(wake ?? Int64.max, deadline, now + 20_000_000))
        }
    }

    static let requestNames: [UInt: String] = Dictionary(uniqueKeysWithValues: [
        V4L2Request.queryCapabilities, .enumerateFormats, .enumerateFrameSizes, .enumerateFrameIntervals, .getFormat,
        .setFormat, .getParameters, .setParameters, .requestBuffers, .queryBuffer, .queueBuffer, .dequeueBuffer,
        .streamOn, .streamOff,
    ].map { ($0.code, $0.name) })
}

/// CLOCK_MONOTONIC in nanoseconds: the clock V4L2 stamps buffers with.
enum Clock {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func sleep(until nanoseconds: Int64) {
        var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}
