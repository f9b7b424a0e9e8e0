// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Glibc
import Words
import Frames

/// A V4L2 request: its code and the name errors carry.
public struct V4L2Request: Sendable, Hashable {
    public let name: String
    public let code: UInt

    public static let queryCapabilities = V4L2Request(name: "VIDIOC_QUERYCAP", code: CVision_VIDIOC_QUERYCAP)
    public static let enumerateFormats = V4L2Request(name: "VIDIOC_ENUM_FMT", code: CVision_VIDIOC_ENUM_FMT)
    public static let enumerateFrameSizes = V4L2Request(name: "VIDIOC_ENUM_FRAMESIZES", code: CVision_VIDIOC_ENUM_FRAMESIZES)
    public static let enumerateFrameIntervals = V4L2Request(name: "VIDIOC_ENUM_FRAMEINTERVALS",
                                                            code: CVision_VIDIOC_ENUM_FRAMEINTERVALS)
    public static let getFormat = V4L2Request(name: "VIDIOC_G_FMT", code: CVision_VIDIOC_G_FMT)
    public static let setFormat = V4L2Request(name: "VIDIOC_S_FMT", code: CVision_VIDIOC_S_FMT)
    public static let getParameters = V4L2Request(name: "VIDIOC_G_PARM", code: CVision_VIDIOC_G_PARM)
    public static let setParameters = V4L2Request(name: "VIDIOC_S_PARM", code: CVision_VIDIOC_S_PARM)
    public static let requestBuffers = V4L2Request(name: "VIDIOC_REQBUFS", code: CVision_VIDIOC_REQBUFS)
    public static let queryBuffer = V4L2Request(name: "VIDIOC_QUERYBUF", code: CVision_VIDIOC_QUERYBUF)
    public static let queueBuffer = V4L2Request(name: "VIDIOC_QBUF", code: CVision_VIDIOC_QBUF)
    public static let dequeueBuffer = V4L2Request(name: "VIDIOC_DQBUF", code: CVision_VIDIOC_DQBUF)
    public static let streamOn = V4L2Request(name: "VIDIOC_STREAMON", code: CVision_VIDIOC_STREAMON)
    public static let streamOff = V4L2Request(name: "VIDIOC_STREAMOFF", code: CVision_VIDIOC_STREAMOFF)
}

/// A driver call that failed: which call, on which device, and the error number.
public struct V4L2Error: Error, Equatable {
    public var operation: String
    public var errno: Errno
}

/// V4L2's numbers that the capture code needs, each naming its C constant.
enum V4L2 {
    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE`
    static let videoCapture: UInt32 = 1
    /// `V4L2_MEMORY_MMAP`
    static let memoryMap: UInt32 = 1
    /// `V4L2_FIELD_ANY`
    static let anyField: UInt32 = 0
    /// `V4L2_CAP_VIDEO_CAPTURE`
    static let captureCapability: UInt32 = 0x0000_0001
    /// `V4L2_CAP_STREAMING`
    static let streamingCapability: UInt32 = 0x0400_0000
    /// `V4L2_CAP_DEVICE_CAPS`: `device_caps` describes this node (not the whole device).
    static let deviceCapsValid: UInt32 = 0x8000_0000
    /// `V4L2_CAP_TIMEPERFRAME`
    static let timePerFrameCapability: UInt32 = 0x1000
    /// `V4L2_FMT_FLAG_EMULATED`: libv4l2 converts into this format.
    static let emulatedFormat: UInt32 = 0x0002
    /// `V4L2_FRMSIZE_TYPE_DISCRETE`, `V4L2_FRMIVAL_TYPE_DISCRETE`
    static let discrete: UInt32 = 1
    /// `V4L2_BUF_FLAG_ERROR`: the driver says the buffer's data is damaged.
    static let bufferError: UInt32 = 0x0040
    /// `V4L2_BUF_FLAG_TIMESTAMP_MASK`, `V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC`
    static let timestampMask: UInt32 = 0xe000
    static let monotonicTimestamp: UInt32 = 0x2000
}

/// What QUERYCAP says about a device node.
public struct DeviceCapabilities: Sendable, Equatable {
    public var driver: String
    public var card: String
    public var busInfo: String
    /// This node's capability flags (`device_caps` when the driver gives them).
    public var flags: UInt32

    public var canCapture: Bool { flags & V4L2.captureCapability != 0 }
    public var canStream: Bool { flags & V4L2.streamingCapability != 0 }
}

/// One picture format a device offers, as ENUM_FMT lists it.
public struct FormatDescription: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    public var description: String
    /// Produced by libv4l2's conversion rather than by the camera.
    public var isEmulated: Bool
}

/// The frame sizes offered for one format: a list, or a range in steps.
public enum FrameSizes: Sendable, Equatable {
    case discrete([FrameSize])
    case stepwise(minimum: FrameSize, maximum: FrameSize, step: FrameSize)

    /// "1920x1080, 1280x720" (largest first), or "any size from 48x32 to 1920x1080".
    public func listed(_ wording: Wording) -> String {
        switch self {
        case .discrete(let list): list.sorted { $0.area > $1.area }.map(\.description).joined(separator: ", ")
        case .stepwise(let minimum, let maximum, _):
            wording(.cameraAnySize, ["minimum": .text(minimum.description), "maximum": .text(maximum.description)])
        }
    }
}

public struct FrameSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var area: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}

/// The format the driver actually set.
public struct ActiveFormat: Sendable, Equatable {
    public var pixelFormat: PixelFormat
    public var size: FrameSize
    public var bytesPerLine: Int
    public var imageBytes: Int
}

/// One filled buffer handed back by DQBUF.
public struct DequeuedBuffer: Sendable, Equatable {
    public var index: Int
    public var bytesUsed: Int
    public var flags: UInt32
    public var sequence: UInt32
    /// The driver's CLOCK_MONOTONIC time for the frame, when it keeps that clock.
    public var monotonicTime: Timestamp?

    public var isDamaged: Bool { flags & V4L2.bufferError != 0 }
}

/// An open V4L2 device node. Every driver call goes through `request`, the one place that
/// retries interrupted calls and names the request in errors; everything above is Swift.
public struct V4L2Device {
    public let path: String
    let fd: Int32
    let system: any V4L2System

    /// Opens the node non-blocking (DQBUF must never hang; `poll` does the waiting).
    public static func open(_ path: String, system: any V4L2System) throws(Errno) -> V4L2Device {
        while true {
            do {
                return V4L2Device(path: path, fd: try system.open(path, flags: O_RDWR | O_NONBLOCK | O_CLOEXEC), system: system)
            } catch where error == .interrupted { continue }
        }
    }

    public func close() { system.close(fd) }

    func request<Argument>(_ request: V4L2Request, _ argument: inout Argument) throws(V4L2Error) {
        while true {
            do {
                try withUnsafeMutablePointer(to: &argument) { pointer throws(Errno) in
                    try system.ioctl(fd, request.code, UnsafeMutableRawPointer(pointer))
                }
                return
            } catch where error == .interrupted {
                continue
            } catch {
                throw V4L2Error(operation: request.name, errno: error)
            }
        }
    }

    public func capabilities() throws(V4L2Error) -> DeviceCapabilities {
        var capability = v4l2_capability()
        try request(.queryCapabilities, &capability)
        let nodeFlags = capability.capabilities & V4L2.deviceCapsValid != 0 ? capability.device_caps : capability.capabilities
        return DeviceCapabilities(driver: Self.string(capability.driver), card: Self.string(capability.card),
                                  busInfo: Self.string(capability.bus_info), flags: nodeFlags)
    }

    /// Every capture format, in the driver's order (its preferred first).
    public func formats() throws(V4L2Error) -> [FormatDescription] {
        var formats: [FormatDescription] = []
        for index in 0..<64 {
            var description = v4l2_fmtdesc()
            description.index = UInt32(index)
            description.type = V4L2.videoCapture
            do { try request(.enumerateFormats, &description) } catch where error.errno == .invalidArgument { break }
            formats.append(FormatDescription(pixelFormat: PixelFormat(rawValue: description.pixelformat),
                                             description: Self.string(description.description),
                                             isEmulated: description.flags & V4L2.emulatedFormat != 0))
        }
        return formats
    }

    public func frameSizes(for format: PixelFormat) throws(V4L2Error) -> FrameSizes {
        var sizes: [FrameSize] = []
        for index in 0..<256 {
            var entry = v4l2_frmsizeenum()
            entry.index = UInt32(index)
            entry.pixel_format = format.rawValue
            do { try request(.enumerateFrameSizes, &entry) } catch where error.errno == .invalidArgument { break }
            guard entry.type == V4L2.discrete else {
                let range = entry.stepwise
                return .stepwise(minimum: FrameSize(width: Int(range.min_width), height: Int(range.min_height)),
                                 maximum: FrameSize(width: Int(range.max_width), height: Int(range.max_height)),
                                 step: FrameSize(width: max(1, Int(range.step_width)), height: max(1, Int(range.step_height))))
            }
            sizes.append(FrameSize(width: Int(entry.discrete.width), height: Int(entry.discrete.height)))
        }
        return .discrete(sizes)
    }

    /// The discrete frame rates offered for a format and size, fastest first; empty when
    /// the driver lists none (or a continuous range).
    public func frameRates(for format: PixelFormat, size: FrameSize) throws(V4L2Error) -> [Double] {
        var rates: [Double] = []
        for index in 0..<64 {
            var entry = v4l2_frmivalenum()
            entry.index = UInt32(index)
            entry.pixel_format = format.rawValue
            entry.width = UInt32(size.width)
            entry.height = UInt32(size.height)
            do { try request(.enumerateFrameIntervals, &entry) } catch where error.errno == .invalidArgument { break }
            guard entry.type == V4L2.discrete else { break }
            if entry.discrete.numerator > 0 { rates.append(Double(entry.discrete.denominator) / Double(entry.discrete.numerator)) }
        }
        return rates.sorted(by: >)
    }

    /// Asks for a format and size; the driver may adjust the size, so the result says what it set.
    public func setFormat(_ format: PixelFormat, size: FrameSize) throws(V4L2Error) -> ActiveFormat {
        var value = v4l2_format()
        value.type = V4L2.videoCapture
        value.fmt.pix.width = UInt32(size.width)
        value.fmt.pix.height = UInt32(size.height)
        value.fmt.pix.pixelformat = format.rawValue
        value.fmt.pix.field = V4L2.anyField
        try request(.setFormat, &value)
        let pix = value.fmt.pix
        return ActiveFormat(pixelFormat: PixelFormat(rawValue: pix.pixelformat),
                            size: FrameSize(width: Int(pix.width), height: Int(pix.height)),
                            bytesPerLine: Int(pix.bytesperline), imageBytes: Int(pix.sizeimage))
    }

    /// Sets the frame rate where the driver allows it; returns the rate it set, or nil
    /// when the driver has no say over it.
    public func setFrameRate(_ rate: Double) throws(V4L2Error) -> Double? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2.videoCapture
        try request(.getParameters, &parameters)
        guard parameters.parm.capture.capability & V4L2.timePerFrameCapability != 0 else { return nil }
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1000, denominator: UInt32((rate * 1000).rounded()))
        try request(.setParameters, &parameters)
        let set = parameters.parm.capture.timeperframe
        return set.numerator > 0 ? Double(set.denominator) / Double(set.numerator) : nil
    }

    /// Asks for `count` memory-mapped buffers; 0 releases them. Returns how many the driver gave.
    public func requestBuffers(_ count: Int) throws(V4L2Error) -> Int {
        var buffers = v4l2_requestbuffers()
        buffers.count = UInt32(count)
        buffers.type = V4L2.videoCapture
        buffers.memory = V4L2.memoryMap
        try request(.requestBuffers, &buffers)
        return Int(buffers.count)
    }

    /// Maps buffer `index` into memory.
    public func mapBuffer(_ index: Int) throws(V4L2Error) -> UnsafeMutableRawBufferPointer {
        var buffer = Self.buffer(index: index)
        try request(.queryBuffer, &buffer)
        let length = Int(buffer.length)
        do {
            let start = try system.mmap(fd, length: length, offset: Int64(buffer.m.offset))
            return UnsafeMutableRawBufferPointer(start: start, count: length)
        } catch {
            throw V4L2Error(operation: "mmap", errno: error)
        }
    }

    public func unmap(_ buffer: UnsafeMutableRawBufferPointer) {
        if let start = buffer.baseAddress { system.munmap(start, length: buffer.count) }
    }

    public func queueBuffer(_ index: Int) throws(V4L2Error) {
        var buffer = Self.buffer(index: index)
        try request(.queueBuffer, &buffer)
    }

    /// The next filled buffer, or nil when none is ready yet (EAGAIN).
    public func dequeueBuffer() throws(V4L2Error) -> DequeuedBuffer? {
        var buffer = Self.buffer(index: 0)
        do { try request(.dequeueBuffer, &buffer) } catch where error.errno == .tryAgain { return nil }
        var time: Timestamp?
        if buffer.flags & V4L2.timestampMask == V4L2.monotonicTimestamp {
            time = Timestamp(microseconds: Int64(buffer.timestamp.tv_sec) * 1_000_000 + Int64(buffer.timestamp.tv_usec))
        }
        return DequeuedBuffer(index: Int(buffer.index), bytesUsed: Int(buffer.bytesused), flags: buffer.flags,
                              sequence: buffer.sequence, monotonicTime: time)
    }

    public func startStreaming() throws(V4L2Error) {
        var type = Int32(V4L2.videoCapture)
        try request(.streamOn, &type)
    }

    public func stopStreaming() throws(V4L2Error) {
        var type = Int32(V4L2.videoCapture)
        try request(.streamOff, &type)
    }

    /// Waits for a filled buffer: true when one is ready, false on timeout.
    public func waitForFrame(timeoutMilliseconds: Int32) throws(V4L2Error) -> Bool {
        while true {
            do {
                return try system.poll(fd, timeoutMilliseconds: timeoutMilliseconds)
            } catch where error == .interrupted {
                continue
            } catch {
                throw V4L2Error(operation: "poll", errno: error)
            }
        }
    }

    private static func buffer(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(index)
        buffer.type = V4L2.videoCapture
        buffer.memory = V4L2.memoryMap
        return buffer
    }

    /// A fixed-size, NUL-padded C string field as Swift text.
    static func string<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
