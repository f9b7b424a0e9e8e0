// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Glibc
import Perception

/// The driver's answer to each V4L2 request, as uvcvideo and videobuf2 give it.
extension DriverState {
    mutating func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer, now: Int64,
                        camera: InjectedCamera) throws(Errno) {
        refreshPlug(now: now)
        // Frames due before this call are produced before it acts.
        advance(now: now, camera: camera, wanted: request == CVision_VIDIOC_DQBUF)
        try check(fd)
        func bound<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { argument.assumingMemoryBound(to: type) }
        switch request {
        case CVision_VIDIOC_QUERYCAP: queryCapabilities(&bound(v4l2_capability.self).pointee, card: camera.card)
        case CVision_VIDIOC_ENUM_FMT: try enumerateFormat(&bound(v4l2_fmtdesc.self).pointee)
        case CVision_VIDIOC_ENUM_FRAMESIZES: try enumerateFrameSize(&bound(v4l2_frmsizeenum.self).pointee)
        case CVision_VIDIOC_ENUM_FRAMEINTERVALS: try enumerateFrameInterval(&bound(v4l2_frmivalenum.self).pointee)
        case CVision_VIDIOC_G_FMT: try getFormat(&bound(v4l2_format.self).pointee)
        case CVision_VIDIOC_S_FMT: try setFormat(&bound(v4l2_format.self).pointee, fd: fd)
        case CVision_VIDIOC_G_PARM: try getParameters(&bound(v4l2_streamparm.self).pointee)
        case CVision_VIDIOC_S_PARM: try setParameters(&bound(v4l2_streamparm.self).pointee, fd: fd)
        case CVision_VIDIOC_REQBUFS: try requestBuffers(&bound(v4l2_requestbuffers.self).pointee, fd: fd)
        case CVision_VIDIOC_QUERYBUF: try queryBuffer(&bound(v4l2_buffer.self).pointee)
        case CVision_VIDIOC_QBUF: try queueBuffer(&bound(v4l2_buffer.self).pointee, fd: fd)
        case CVision_VIDIOC_DQBUF: try dequeueBuffer(&bound(v4l2_buffer.self).pointee, fd: fd)
        case CVision_VIDIOC_STREAMON: try streamOn(bound(Int32.self).pointee, fd: fd, now: now, paced: camera.paced)
        case CVision_VIDIOC_STREAMOFF: try streamOff(bound(Int32.self).pointee, fd: fd)
        default: throw .notATypewriter
        }
    }

    // MARK: Privileges

    /// uvcvideo's privileges: the first descriptor to configure the camera keeps it until
    /// REQBUFS(0) or close; any other gets EBUSY, as does everyone while `.busy` is scripted.
    private mutating func acquire(_ fd: Int32) throws(Errno) {
        if faults.contains(.busy) { throw .busy }
        if let owner = queue.owner, owner != fd { throw .busy }
        queue.owner = fd
    }

    /// videobuf2's `vb2_queue_is_busy`: buffer calls belong to the queue's owner.
    private func requireOwner(_ fd: Int32) throws(Errno) {
        if let owner = queue.owner, owner != fd { throw .busy }
    }

    // MARK: Capabilities and formats

    private func queryCapabilities(_ value: inout v4l2_capability, card: String) {
        value = v4l2_capability()
        copyString("uvcvideo", into: &value.driver)
        copyString(card, into: &value.card)
        copyString("usb-0000:00:14.0-1", into: &value.bus_info)
        value.version = 0x06_08_00  // KERNEL_VERSION(6, 8, 0)
        value.device_caps = UVC.captureCapability | UVC.streamingCapability
        // The whole device also has uvcvideo's metadata node.
        value.capabilities = value.device_caps | UVC.metaCaptureCapability | UVC.deviceCapsValid
    }

    private func enumerateFormat(_ value: inout v4l2_fmtdesc) throws(Errno) {
        guard value.type == UVC.videoCapture, Int(value.index) < formats.count else { throw .invalidArgument }
        let format = formats[Int(value.index)]
        value.flags = format.pixelFormat == .mjpeg ? UVC.compressedFormat : 0
        value.pixelformat = format.pixelFormat.rawValue
        copyString(format.pixelFormat == .mjpeg ? "Motion-JPEG" : "YUYV 4:2:2", into: &value.description)
    }

    private func enumerateFrameSize(_ value: inout v4l2_frmsizeenum) throws(Errno) {
        guard let format = formats.first(where: { $0.pixelFormat.rawValue == value.pixel_format }),
              Int(value.index) < format.sizes.count else { throw .invalidArgument }
        let size = format.sizes[Int(value.index)]
        value.type = UVC.discrete
        value.discrete = v4l2_frmsize_discrete(width: UInt32(size.width), height: UInt32(size.height))
    }

    private func enumerateFrameInterval(_ value: inout v4l2_frmivalenum) throws(Errno) {
        let size = FrameSize(width: Int(value.width), height: Int(value.height))
        guard let format = formats.first(where: { $0.pixelFormat.rawValue == value.pixel_format }),
              format.sizes.contains(size), Int(value.index) < format.framesPerSecond.count else { throw .invalidArgument }
        value.type = UVC.discrete
        value.discrete = Self.interval(format.framesPerSecond[Int(value.index)])
    }

    private func getFormat(_ value: inout v4l2_format) throws(Errno) {
        guard value.type == UVC.videoCapture else { throw .invalidArgument }
        value.fmt.pix = activeFormat()
    }

    /// An unknown format falls back to the first offered, the size to the nearest offered
    /// (uvcvideo's area-difference rule); the frame rate resets to the format's default.
    private mutating func setFormat(_ value: inout v4l2_format, fd: Int32) throws(Errno) {
        guard value.type == UVC.videoCapture else { throw .invalidArgument }
        try acquire(fd)
        guard queue.buffers.isEmpty else { throw .busy }  // the format is fixed while buffers exist
        let asked = value.fmt.pix
        let format = formats.first { $0.pixelFormat.rawValue == asked.pixelformat } ?? formats[0]
        let (width, height) = (Int(asked.width), Int(asked.height))
        queue.format = format
        queue.size = format.sizes.min { difference($0, width, height) < difference($1, width, height) }!
        queue.framesPerSecond = format.framesPerSecond[0]
        value.fmt.pix = activeFormat()
    }

    private func difference(_ size: FrameSize, _ width: Int, _ height: Int) -> Int {
        size.area + width * height - 2 * min(size.width, width) * min(size.height, height)
    }

    private func activeFormat() -> v4l2_pix_format {
        var pix = v4l2_pix_format()
        pix.width = UInt32(queue.size.width)
        pix.height = UInt32(queue.size.height)
        pix.pixelformat = queue.format.pixelFormat.rawValue
        pix.field = UVC.fieldNone
        pix.bytesperline = UInt32(queue.bytesPerLine)
        pix.sizeimage = UInt32(queue.imageBytes)
        pix.colorspace = UVC.colorspaceSRGB
        return pix
    }

    private func getParameters(_ value: inout v4l2_streamparm) throws(Errno) {
        guard value.type == UVC.videoCapture else { throw .invalidArgument }
        value.parm.capture = v4l2_captureparm()
        value.parm.capture.capability = UVC.timePerFrame
        value.parm.capture.timeperframe = Self.interval(queue.framesPerSecond)
    }

    /// Snaps to the offered rate whose frame interval is nearest; a zero fraction asks for the default.
    private mutating func setParameters(_ value: inout v4l2_streamparm, fd: Int32) throws(Errno) {
        guard value.type == UVC.videoCapture else { throw .invalidArgument }
        try acquire(fd)
        guard !queue.streaming else { throw .busy }
        let asked = value.parm.capture.timeperframe
        let rates = queue.format.framesPerSecond
        if asked.numerator == 0 || asked.denominator == 0 {
            queue.framesPerSecond = rates[0]
        } else {
            let interval = Double(asked.numerator) / Double(asked.denominator)
            queue.framesPerSecond = rates.min { abs(1 / $0 - interval) < abs(1 / $1 - interval) }!
        }
        try getParameters(&value)
    }

    /// A rate as the frame-interval fraction V4L2 speaks in: 30 fps is 1/30 s.
    static func interval(_ framesPerSecond: Double) -> v4l2_fract {
        let denominator = Int((framesPerSecond * 1000).rounded())
        var (a, b) = (1000, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        return v4l2_fract(numerator: UInt32(1000 / a), denominator: UInt32(denominator / a))
    }

    // MARK: Buffers and streaming

    /// Count 0 frees the buffers and gives up the privileges. Buffers still mapped are
    /// orphaned, not refused (V4L2_BUF_CAP_SUPPORTS_ORPHANED_BUFS): their memory lives until munmap.
    private mutating func requestBuffers(_ value: inout v4l2_requestbuffers, fd: Int32) throws(Errno) {
        guard value.type == UVC.videoCapture, value.memory == UVC.memoryMap else { throw .invalidArgument }
        try acquire(fd)
        guard !queue.streaming else { throw .busy }
        queue.buffers = []
        queue.queued = []
        queue.done = []
        value.capabilities = UVC.canMap | 0x10  // V4L2_BUF_CAP_SUPPORTS_ORPHANED_BUFS
        guard value.count > 0 else {
            queue.owner = nil
            return
        }
        let count = min(Int(value.count), UVC.maxBuffers)
        let length = (queue.imageBytes + UVC.pageSize - 1) / UVC.pageSize * UVC.pageSize
        queue.buffers = (0..<count).map { CaptureQueue.Buffer(memory: BufferMemory(length: length), offset: UInt32($0 * length)) }
        value.count = UInt32(count)
    }

    private func queryBuffer(_ value: inout v4l2_buffer) throws(Errno) {
        guard value.type == UVC.videoCapture, Int(value.index) < queue.buffers.count else { throw .invalidArgument }
        value = describe(Int(value.index))
    }

    private mutating func queueBuffer(_ value: inout v4l2_buffer, fd: Int32) throws(Errno) {
        guard value.type == UVC.videoCapture, value.memory == UVC.memoryMap else { throw .invalidArgument }
        try requireOwner(fd)
        let index = Int(value.index)
        guard index < queue.buffers.count, !queue.queued.contains(index), !queue.done.contains(index) else {
            throw .invalidArgument
        }
        queue.queued.append(index)
        value = describe(index)
    }

    /// The oldest filled buffer; EAGAIN when none is ready (the descriptor is non-blocking).
    private mutating func dequeueBuffer(_ value: inout v4l2_buffer, fd: Int32) throws(Errno) {
        guard value.type == UVC.videoCapture, value.memory == UVC.memoryMap else { throw .invalidArgument }
        try requireOwner(fd)
        guard queue.streaming else { throw .invalidArgument }
        guard !queue.done.isEmpty else { throw .tryAgain }
        let index = queue.done.removeFirst()
        framesServed += 1
        value = describe(index, dequeued: true)
    }

    /// The buffer as QUERYBUF, QBUF and DQBUF report it.
    private func describe(_ index: Int, dequeued: Bool = false) -> v4l2_buffer {
        let buffer = queue.buffers[index]
        var value = v4l2_buffer()
        value.index = UInt32(index)
        value.type = UVC.videoCapture
        value.memory = UVC.memoryMap
        value.field = UVC.fieldNone
        value.length = UInt32(buffer.memory.length)
        value.m.offset = buffer.offset
        value.bytesused = UInt32(buffer.bytesUsed)
        value.sequence = buffer.sequence
        value.timestamp = timeval(tv_sec: Int(buffer.time / 1_000_000_000), tv_usec: Int(buffer.time % 1_000_000_000 / 1000))
        value.flags = UVC.monotonicTimestamp | UVC.startOfExposure
        if buffer.memory.mapCount > 0 { value.flags |= UVC.mappedFlag }
        if queue.queued.contains(index) { value.flags |= UVC.queuedFlag }
        if dequeued || queue.done.contains(index) { value.flags |= UVC.doneFlag | (buffer.damaged ? UVC.errorFlag : 0) }
        return value
    }

    private mutating func streamOn(_ type: Int32, fd: Int32, now: Int64, paced: Bool) throws(Errno) {
        guard type == Int32(UVC.videoCapture) else { throw .invalidArgument }
        if faults.contains(.busy) { throw .busy }
        try requireOwner(fd)
        guard !queue.buffers.isEmpty else { throw .invalidArgument }
        guard !queue.streaming else { return }
        queue.streaming = true
        queue.sequence = 0
        queue.nextDue = paced ? now + queue.interval : now
    }

    /// Stops the sensor and hands every buffer back to the user, filled or not.
    private mutating func streamOff(_ type: Int32, fd: Int32) throws(Errno) {
        guard type == Int32(UVC.videoCapture) else { throw .invalidArgument }
        try requireOwner(fd)
        queue.streaming = false
        queue.queued = []
        queue.done = []
    }
}

/// Writes `text` NUL-terminated into a fixed-size C character array.
private func copyString<Field>(_ text: String, into field: inout Field) {
    withUnsafeMutableBytes(of: &field) { bytes in
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        bytes.copyBytes(from: text.utf8.prefix(bytes.count - 1))
    }
}
