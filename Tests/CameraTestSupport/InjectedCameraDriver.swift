// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Glibc
import Perception

/// The V4L2 numbers the simulated driver answers with (the capture code's own are private).
enum UVC {
    static let videoCapture: UInt32 = 1       // V4L2_BUF_TYPE_VIDEO_CAPTURE
    static let memoryMap: UInt32 = 1          // V4L2_MEMORY_MMAP
    static let fieldNone: UInt32 = 1          // V4L2_FIELD_NONE
    static let colorspaceSRGB: UInt32 = 8     // V4L2_COLORSPACE_SRGB
    static let captureCapability: UInt32 = 0x0000_0001
    static let metaCaptureCapability: UInt32 = 0x0080_0000
    static let streamingCapability: UInt32 = 0x0400_0000
    static let deviceCapsValid: UInt32 = 0x8000_0000
    static let compressedFormat: UInt32 = 0x0001  // V4L2_FMT_FLAG_COMPRESSED
    static let discrete: UInt32 = 1
    static let timePerFrame: UInt32 = 0x1000
    static let canMap: UInt32 = 0x0001        // V4L2_BUF_CAP_SUPPORTS_MMAP
    static let mappedFlag: UInt32 = 0x0001    // V4L2_BUF_FLAG_MAPPED, _QUEUED, _DONE, _ERROR
    static let queuedFlag: UInt32 = 0x0002
    static let doneFlag: UInt32 = 0x0004
    static let errorFlag: UInt32 = 0x0040
    static let monotonicTimestamp: UInt32 = 0x2000
    static let startOfExposure: UInt32 = 0x1_0000  // V4L2_BUF_FLAG_TSTAMP_SRC_SOE, what uvcvideo sets
    static let maxBuffers = 32                // UVC_MAX_VIDEO_BUFFERS
    static let pageSize = 4096
}

/// Memory a buffer owns. Mappings keep it alive after REQBUFS(0) or close, as the kernel's
/// vma does, so a late reader never touches freed memory.
final class BufferMemory {
    let start: UnsafeMutableRawPointer
    let length: Int
    var mapCount = 0

    init(length: Int) {
        self.length = length
        start = .allocate(byteCount: length, alignment: UVC.pageSize)
        start.initializeMemory(as: UInt8.self, repeating: 0, count: length)
    }

    deinit { start.deallocate() }
}

/// One capture queue (the device-wide state uvcvideo keeps), reset by an unplug.
struct CaptureQueue {
    struct Buffer {
        let memory: BufferMemory
        let offset: UInt32
        var bytesUsed = 0
        var damaged = false
        var sequence: UInt32 = 0
        var time: Int64 = 0
    }

    var format: InjectedCamera.Format
    var size: FrameSize
    var framesPerSecond: Double
    /// The descriptor holding uvcvideo's "privileges" (S_FMT/REQBUFS); others get EBUSY.
    var owner: Int32?
    var buffers: [Buffer] = []
    var streaming = false
    /// Buffer indices, oldest first: the next frame fills `queued[0]`.
    var queued: [Int] = []
    var done: [Int] = []
    var sequence: UInt32 = 0
    /// When the sensor's next frame is due (CLOCK_MONOTONIC ns).
    var nextDue: Int64 = 0

    init(formats: [InjectedCamera.Format]) {
        format = formats[0]
        size = formats[0].sizes[0]
        framesPerSecond = formats[0].framesPerSecond[0]
    }

    var bytesPerLine: Int { format.pixelFormat == .yuyv ? size.width * 2 : 0 }
    /// uvcvideo's dwMaxVideoFrameSize; cameras give two bytes a pixel for MJPEG as well.
    var imageBytes: Int { size.width * size.height * 2 }
    var interval: Int64 { Int64((1_000_000_000 / framesPerSecond).rounded()) }
}

struct DriverState {
    struct OpenFile {
        /// The device's generation when opened: an unplug makes older descriptors dead.
        var generation: Int
        var blocking: Bool
    }

    let formats: [InjectedCamera.Format]
    var faults: [InjectedCamera.Fault]
    var calls: [String] = []
    var files: [Int32: OpenFile] = [:]
    var nextFD: Int32 = 1000
    var generation = 0
    struct Unplugged {
        /// When it comes back by itself.
        var replugAt: Int64?
    }

    var unplugged: Unplugged?
    var queue: CaptureQueue
    /// Live mappings by address.
    var mappings: [Int: BufferMemory] = [:]
    var framesProduced = 0
    var framesDropped = 0
    var framesServed = 0

    init(formats: [InjectedCamera.Format], faults: [InjectedCamera.Fault]) {
        self.formats = formats
        self.faults = faults
        queue = CaptureQueue(formats: formats)
    }

    // MARK: Plugging

    mutating func unplug(at time: Int64, replugAfter seconds: Double?) {
        generation += 1
        unplugged = Unplugged(replugAt: seconds.map { time + Int64($0 * 1_000_000_000) })
        queue = CaptureQueue(formats: formats)  // the driver re-probes on replug: defaults again
    }

    mutating func refreshPlug(now: Int64) {
        if let replugAt = unplugged?.replugAt, now >= replugAt { unplugged = nil }
    }

    mutating func openFile(blocking: Bool) -> Int32 {
        nextFD += 1
        files[nextFD] = OpenFile(generation: generation, blocking: blocking)
        return nextFD
    }

    /// Closing releases the queue it owns (streaming stops, buffers freed; mapped memory lives on).
    mutating func close(_ fd: Int32) {
        guard let file = files.removeValue(forKey: fd) else { return }
        if file.generation == generation, queue.owner == fd {
            queue.streaming = false
            queue.buffers = []
            queue.queued = []
            queue.done = []
            queue.owner = nil
        }
    }

    /// The descriptor's state: EBADF if never opened or closed, ENODEV if its device is gone.
    func check(_ fd: Int32) throws(Errno) {
        guard let file = files[fd] else { throw Errno(EBADF) }
        guard file.generation == generation else { throw .noSuchDevice }
    }

    // MARK: The sensor

    /// Produces every frame due by `now`: each fills the oldest queued buffer, or is dropped
    /// when none is queued. Unpaced, one frame is produced when one is `wanted` (poll, DQBUF).
    mutating func advance(now: Int64, camera: InjectedCamera, wanted: Bool = true) {
        guard unplugged == nil, queue.streaming else { return }
        if camera.paced {
            while queue.streaming, queue.nextDue <= now { produceFrame(at: queue.nextDue, camera: camera) }
        } else if wanted, queue.done.isEmpty, !queue.queued.isEmpty, queue.nextDue <= now {
            produceFrame(at: now, camera: camera)
        }
    }

    private mutating func produceFrame(at time: Int64, camera: InjectedCamera) {
        let number = framesProduced
        if let index = faults.firstIndex(where: { if case .unplug(let after, _) = $0 { number >= after } else { false } }),
           case .unplug(_, let replugAfter) = faults.remove(at: index) {
            unplug(at: time, replugAfter: replugAfter)
            return
        }
        if queue.queued.isEmpty {
            framesDropped += 1
        } else {
            fill(queue.queued.removeFirst(), number: number, time: time, camera: camera)
        }
        framesProduced += 1
        queue.sequence &+= 1
        queue.nextDue = camera.paced ? time + queue.interval : time
        if let index = faults.firstIndex(where: { if case .stall(let after, _) = $0 { number >= after } else { false } }),
           case .stall(_, let seconds) = faults.remove(at: index) {
            queue.nextDue += Int64(seconds * 1_000_000_000)
        }
    }

    private mutating func fill(_ index: Int, number: Int, time: Int64, camera: InjectedCamera) {
        var bytes = (try? camera.frames.frame(number, format: queue.format.pixelFormat, size: queue.size)) ?? []
        var damaged = bytes.isEmpty
        for fault in faults {
            switch fault {
            case .damaged(let frames) where frames.contains(number):
                damaged = true
            case .corrupt(let frames, .garbage) where frames.contains(number):
                var generator = SplitMix(seed: UInt64(number))
                bytes = bytes.map { _ in UInt8.random(in: 0...255, using: &generator) }
            case .corrupt(let frames, .truncated) where frames.contains(number):
                bytes.removeLast(bytes.count / 2)
            default:
                break
            }
        }
        // Written only while the buffer is queued (the driver's), read by the user only after
        // DQBUF: the kernel's ownership rule, which keeps this memory free of races.
        let memory = queue.buffers[index].memory
        let used = min(bytes.count, memory.length)
        bytes.withUnsafeBytes { memory.start.copyMemory(from: $0.baseAddress!, byteCount: used) }
        queue.buffers[index].bytesUsed = used
        queue.buffers[index].damaged = damaged
        queue.buffers[index].sequence = queue.sequence
        queue.buffers[index].time = time
        queue.done.append(index)
    }

    /// Whether poll would report the descriptor ready now, and else when to look again.
    mutating func pollState(_ fd: Int32, now: Int64, camera: InjectedCamera) throws(Errno) -> (ready: Bool, wake: Int64?) {
        refreshPlug(now: now)
        advance(now: now, camera: camera)
        guard let file = files[fd] else { throw Errno(EBADF) }
        // A dead device and a queue not streaming both report POLLERR, which wakes poll.
        guard file.generation == generation, queue.streaming else { return (true, nil) }
        if !queue.done.isEmpty { return (true, nil) }
        return (false, queue.queued.isEmpty ? nil : queue.nextDue)
    }

    // MARK: Memory mapping

    mutating func map(_ fd: Int32, length: Int, offset: Int64, now: Int64) throws(Errno) -> Int {
        refreshPlug(now: now)
        try check(fd)
        guard let buffer = queue.buffers.first(where: { Int64($0.offset) == offset }), length <= buffer.memory.length,
              length > 0 else { throw .invalidArgument }
        buffer.memory.mapCount += 1
        mappings[Int(bitPattern: buffer.memory.start)] = buffer.memory
        return Int(bitPattern: buffer.memory.start)
    }
}

/// A small seeded generator (SplitMix64), so "garbage" frames and random test tensors are the
/// same on every run and a failure can be reproduced.
public struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
