// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
import Testing

/// The injected camera driven through `V4L2Device`, as the capture code drives a real one:
/// it must answer, pace and fail the way uvcvideo does, or tests built on it prove nothing.
@Suite(.serialized) struct InjectedCameraTests {
    static let vga = FrameSize(width: 640, height: 480)
    static let hd = FrameSize(width: 1280, height: 720)

    func camera(paced: Bool = false, formats: [InjectedCamera.Format] = [.mjpeg(), .yuyv()],
                faults: [InjectedCamera.Fault] = []) throws -> InjectedCamera {
        try InjectedCamera(recording: TestResources.file("video/scenes-coco.mp4").path, card: "Test Cam",
                           formats: formats, paced: paced, faults: faults)
    }

    // MARK: Negotiation

    @Test func negotiatesMJPEG() throws {
        let camera = try camera()
        let device = try V4L2Device.open("/dev/video0", system: camera)
        defer { device.close() }
        let capabilities = try device.capabilities()
        #expect(capabilities.driver == "uvcvideo" && capabilities.card == "Test Cam")
        #expect(capabilities.canCapture && capabilities.canStream)
        #expect(try device.formats().map(\.pixelFormat) == [.mjpeg, .yuyv])
        #expect(try device.frameSizes(for: .mjpeg) == .discrete([Self.vga, Self.hd]))
        #expect(try device.frameRates(for: .mjpeg, size: Self.vga) == [30, 15])
        #expect(try device.frameRates(for: .mjpeg, size: FrameSize(width: 320, height: 240)) == [])

        let format = try device.setFormat(.mjpeg, size: FrameSize(width: 1200, height: 700))
        #expect(format == ActiveFormat(pixelFormat: .mjpeg, size: Self.hd, bytesPerLine: 0, imageBytes: 1280 * 720 * 2))
        #expect(try device.setFrameRate(25) == 30)
        #expect(try device.setFrameRate(14) == 15)
        // A format the camera lacks falls back to its first, as uvcvideo does.
        #expect(try device.setFormat(.bgr24, size: Self.vga).pixelFormat == .mjpeg)
    }

    @Test func negotiatesYUYV() throws {
        let camera = try camera(formats: [.yuyv([Self.vga], framesPerSecond: [30, 15, 5])])
        let device = try V4L2Device.open("/dev/video0", system: camera)
        defer { device.close() }
        #expect(try device.formats().map(\.pixelFormat) == [.yuyv])
        #expect(try device.frameRates(for: .yuyv, size: Self.vga) == [30, 15, 5])
        let format = try device.setFormat(.yuyv, size: Self.hd)
        #expect(format == ActiveFormat(pixelFormat: .yuyv, size: Self.vga, bytesPerLine: 1280, imageBytes: 640 * 480 * 2))
        #expect(try device.setFrameRate(6) == 5)
    }

    // MARK: Frames

    @Test func servesMJPEGFramesInOrder() throws {
        let camera = try camera(paced: true)
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { stream.stop() }
        var previous: DequeuedBuffer?
        for _ in 0..<32 {
            let (buffer, bytes) = try #require(try stream.next())
            #expect(!buffer.isDamaged && buffer.bytesUsed < stream.buffers[buffer.index].count)
            let image = try bytes.withUnsafeBytes { try Image(mjpeg: $0) }
            #expect(image.width == 640 && image.height == 480)
            let time = try #require(buffer.monotonicTime)
            if let previous {
                #expect(buffer.sequence > previous.sequence)
                #expect(time > previous.monotonicTime!)
            }
            previous = buffer
        }
        // Stamped on the real CLOCK_MONOTONIC, at capture: a moment ago.
        let age = MonotonicClock.now().seconds(since: try #require(previous?.monotonicTime))
        #expect(age >= 0 && age < 0.25)
        #expect(camera.framesServed == 32)
    }

    @Test func servesYUYVFrames() throws {
        let camera = try camera()
        let stream = try TestStream(camera, format: .yuyv, size: Self.hd)
        defer { stream.stop() }
        for expected in 0..<5 {
            let (buffer, bytes) = try #require(try stream.next())
            #expect(buffer.sequence == UInt32(expected))
            #expect(buffer.bytesUsed == 1280 * 720 * 2)
            let image = try bytes.withUnsafeBytes { try Image(yuyv: $0, width: 1280, height: 720, rowBytes: 1280 * 2) }
            #expect(image.width == 1280 && image.height == 720)
        }
    }

    @Test(.needsTestData("video/scenes-coco"), arguments: [30.0, 15.0])
    func pacesFramesAtTheNegotiatedRate(rate: Double) throws {
        let camera = try camera(paced: true)
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga, rate: rate)
        defer { stream.stop() }
        let count = Int(rate / 2) + 1
        var times: [Timestamp] = []
        let start = MonotonicClock.now()
        for _ in 0..<count { times.append(try #require(try stream.next()?.buffer.monotonicTime)) }
        let elapsed = MonotonicClock.now().seconds(since: start)
        // count frames after STREAMON take `count` intervals; loose, for a loaded machine.
        let expected = Double(count) / rate
        #expect(elapsed > expected * 0.95 && elapsed < expected + 0.3, "took \(elapsed) s for \(count) frames at \(rate) fps")
        let spacing = times.last!.seconds(since: times.first!) / Double(count - 1)
        #expect(abs(spacing - 1 / rate) < 0.002)
        #expect(camera.framesDropped == 0)
    }

    @Test func dropsFramesWhileNoBufferIsQueued() throws {
        let camera = try camera(paced: true)
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga, bufferCount: 2)
        defer { stream.stop() }
        var held: [DequeuedBuffer] = []
        for _ in 0..<2 {
            #expect(try stream.device.waitForFrame(timeoutMilliseconds: 1000))
            held.append(try #require(try stream.device.dequeueBuffer()))
        }
        // Nothing queued: nothing to wait for, nothing to dequeue, while the sensor runs on.
        #expect(try !stream.device.waitForFrame(timeoutMilliseconds: 300))
        #expect(try stream.device.dequeueBuffer() == nil)
        for buffer in held { try stream.device.queueBuffer(buffer.index) }
        let next = try #require(try stream.next()).buffer
        #expect(next.sequence >= held[1].sequence + 8)
        #expect(camera.framesDropped >= 7)
    }

    // MARK: Faults

    @Test func unplugFailsWithNoSuchDeviceAndRemovesTheNode() throws {
        let camera = try camera(faults: [.unplug(afterFrames: 5)])
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        for _ in 0..<5 { _ = try #require(try stream.next()) }
        #expect(try stream.device.waitForFrame(timeoutMilliseconds: 1000))  // POLLERR wakes poll
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .noSuchDevice)) { try stream.device.dequeueBuffer() }
        #expect(throws: V4L2Error(operation: "VIDIOC_QBUF", errno: .noSuchDevice)) { try stream.device.queueBuffer(0) }
        #expect(camera.deviceNodes() == [] && !camera.isPlugged)
        #expect(throws: Errno.noSuchFile) { try V4L2Device.open("/dev/video0", system: camera) }
        stream.stop()
        #expect(camera.openDescriptorCount == 0 && camera.mappedBufferCount == 0)
    }

    @Test func reopenAfterReplugNeedsTheFullSetUp() throws {
        let camera = try camera(faults: [.unplug(afterFrames: 3)])
        let old = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { old.stop() }
        for _ in 0..<3 { _ = try #require(try old.next()) }
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .noSuchDevice)) { _ = try old.next() }
        camera.replug()
        #expect(camera.deviceNodes() == ["/dev/video0"])
        // The old descriptor stays dead after the replug.
        #expect(throws: V4L2Error(operation: "VIDIOC_QUERYCAP", errno: .noSuchDevice)) { try old.device.capabilities() }
        #expect(try old.device.waitForFrame(timeoutMilliseconds: 0))  // still POLLERR
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .noSuchDevice)) { try old.device.dequeueBuffer() }

        // A new descriptor has no buffers and no stream until it sets them up again.
        let device = try V4L2Device.open("/dev/video0", system: camera)
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .invalidArgument)) { try device.dequeueBuffer() }
        #expect(throws: V4L2Error(operation: "VIDIOC_QUERYBUF", errno: .invalidArgument)) { try device.mapBuffer(0) }
        #expect(throws: V4L2Error(operation: "VIDIOC_STREAMON", errno: .invalidArgument)) { try device.startStreaming() }
        device.close()

        let new = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { new.stop() }
        #expect(try #require(try new.next()).buffer.sequence == 0)
        #expect(try #require(try new.next()).buffer.sequence == 1)
    }

    @Test func replugsByItselfAfterTheGivenTime() throws {
        let camera = try camera(faults: [.unplug(afterFrames: 1, replugAfter: 0.3)])
        let stream = try TestStream(camera, format: .yuyv, size: Self.vga)
        defer { stream.stop() }
        _ = try #require(try stream.next())
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .noSuchDevice)) { _ = try stream.next() }
        #expect(camera.deviceNodes() == [])
        usleep(400_000)
        #expect(camera.deviceNodes() == ["/dev/video0"])
    }

    @Test func unplugWakesAWaitingPoll() throws {
        let camera = try camera(paced: true, faults: [.stall(afterFrame: 0, seconds: 10)])
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { stream.stop() }
        _ = try #require(try stream.next())
        // A thread of its own: the test pool's threads may all be blocked in poll.
        Thread {
            usleep(100_000)
            camera.unplug()
        }.start()
        let start = MonotonicClock.now()
        #expect(try stream.device.waitForFrame(timeoutMilliseconds: 3000))
        #expect(MonotonicClock.now().seconds(since: start) < 1.5, "poll slept through the unplug")
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .noSuchDevice)) { try stream.device.dequeueBuffer() }
    }

    @Test func busyCameraRefusesConfiguration() throws {
        let camera = try camera(faults: [.busy])
        let device = try V4L2Device.open("/dev/video0", system: camera)
        defer { device.close() }
        #expect(try device.capabilities().driver == "uvcvideo")  // querying is allowed
        #expect(throws: V4L2Error(operation: "VIDIOC_S_FMT", errno: .busy)) { try device.setFormat(.mjpeg, size: Self.vga) }
        #expect(throws: V4L2Error(operation: "VIDIOC_REQBUFS", errno: .busy)) { try device.requestBuffers(4) }
        #expect(throws: V4L2Error(operation: "VIDIOC_STREAMON", errno: .busy)) { try device.startStreaming() }
        camera.faults = []
        #expect(try device.setFormat(.mjpeg, size: Self.vga).size == Self.vga)
    }

    @Test func secondOpenerIsBusyWhileTheFirstStreams() throws {
        let camera = try camera()
        let first = try TestStream(camera, format: .mjpeg, size: Self.vga)
        let second = try V4L2Device.open("/dev/video0", system: camera)
        #expect(throws: V4L2Error(operation: "VIDIOC_S_FMT", errno: .busy)) { try second.setFormat(.yuyv, size: Self.vga) }
        #expect(throws: V4L2Error(operation: "VIDIOC_REQBUFS", errno: .busy)) { try second.requestBuffers(2) }
        #expect(throws: V4L2Error(operation: "VIDIOC_DQBUF", errno: .busy)) { try second.dequeueBuffer() }
        first.stop()  // closing gives up the camera
        #expect(try second.setFormat(.yuyv, size: Self.vga).pixelFormat == .yuyv)
        second.close()
    }

    @Test func permissionDeniedAtOpen() throws {
        let camera = try camera(faults: [.permissionDenied])
        #expect(camera.deviceNodes() == ["/dev/video0"])
        #expect(throws: Errno.accessDenied) { try V4L2Device.open("/dev/video0", system: camera) }
        #expect(camera.openDescriptorCount == 0)
    }

    @Test func absentCameraIsNotListed() throws {
        let camera = try camera(faults: [.absent])
        #expect(camera.deviceNodes() == [])
        #expect(throws: Errno.noSuchFile) { try V4L2Device.open("/dev/video0", system: camera) }
        camera.faults = []
        #expect(throws: Errno.noSuchFile) { try V4L2Device.open("/dev/video1", system: camera) }
    }

    @Test func stallMakesPollTimeOut() throws {
        let camera = try camera(paced: true, faults: [.stall(afterFrame: 2, seconds: 0.6)])
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { stream.stop() }
        var last: DequeuedBuffer?
        for _ in 0..<3 { last = try #require(try stream.next()).buffer }
        #expect(try !stream.device.waitForFrame(timeoutMilliseconds: 300))
        let next = try #require(try stream.next(timeoutMilliseconds: 1000)).buffer
        #expect(next.sequence == 3)
        #expect(next.monotonicTime!.seconds(since: last!.monotonicTime!) > 0.6)
    }

    @Test func damagedFramesCarryTheErrorFlag() throws {
        let camera = try camera(faults: [.damaged(frames: [1, 3])])
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { stream.stop() }
        var damaged: [Bool] = []
        for _ in 0..<5 { damaged.append(try #require(try stream.next()).buffer.isDamaged) }
        #expect(damaged == [false, true, false, true, false])
    }

    @Test(.needsTestData("video/scenes-coco"), arguments: [InjectedCamera.Corruption.garbage, .truncated])
    func corruptFramesAreRefusedByTheDecoder(corruption: InjectedCamera.Corruption) throws {
        let camera = try camera(faults: [.corrupt(frames: [1], corruption)])
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga)
        defer { stream.stop() }
        for number in 0..<3 {
            let (buffer, bytes) = try #require(try stream.next())
            #expect(!buffer.isDamaged)  // the camera sent it so: only decoding tells
            let decoded = Result { try bytes.withUnsafeBytes { try Image(mjpeg: $0) } }
            if number == 1 {
                #expect(throws: ImageError.self) { try decoded.get() }
            } else {
                #expect(try decoded.get().width == 640)
            }
        }
    }

    // MARK: Bookkeeping

    @Test func closingReleasesEverythingAndTheLogShowsTheCalls() throws {
        let camera = try camera()
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga, bufferCount: 4)
        #expect(camera.openDescriptorCount == 1 && camera.mappedBufferCount == 4)
        _ = try #require(try stream.next())
        stream.stop()
        #expect(camera.openDescriptorCount == 0 && camera.mappedBufferCount == 0)
        let calls = camera.calls
        #expect(calls.first == "open" && calls.last == "close")
        #expect(camera.callCount("mmap") == 4 && camera.callCount("munmap") == 4)
        let streamOn = try #require(calls.firstIndex(of: "VIDIOC_STREAMON"))
        #expect(calls.lastIndex(of: "mmap")! < streamOn && streamOn < calls.firstIndex(of: "VIDIOC_DQBUF")!)
        #expect(calls.firstIndex(of: "VIDIOC_STREAMOFF")! < calls.firstIndex(of: "munmap")!)
        camera.clearCalls()
        #expect(camera.calls.isEmpty)
    }

    @Test func answersBadCallsAsTheKernelDoes() throws {
        let camera = try camera()
        let fd = try camera.open("/dev/video0", flags: O_RDWR | O_NONBLOCK)
        var scratch = [UInt8](repeating: 0, count: 256)
        scratch.withUnsafeMutableBytes { bytes in
            #expect(throws: Errno(ENOTTY)) { try camera.ioctl(fd, 0xdead, bytes.baseAddress!) }
            #expect(throws: Errno(EBADF)) { try camera.ioctl(7, V4L2Request.queryCapabilities.code, bytes.baseAddress!) }
        }
        #expect(throws: Errno(EBADF)) { try camera.poll(7, timeoutMilliseconds: 0) }
        #expect(throws: Errno.invalidArgument) { try camera.mmap(fd, length: 4096, offset: 12345) }
        camera.close(fd)
        let stream = try TestStream(camera, format: .mjpeg, size: Self.vga, bufferCount: 2, queueAll: false)
        defer { stream.stop() }
        try stream.device.queueBuffer(0)
        #expect(throws: V4L2Error(operation: "VIDIOC_QBUF", errno: .invalidArgument)) { try stream.device.queueBuffer(0) }
        #expect(throws: V4L2Error(operation: "VIDIOC_QBUF", errno: .invalidArgument)) { try stream.device.queueBuffer(2) }
        #expect(throws: V4L2Error(operation: "VIDIOC_REQBUFS", errno: .busy)) { try stream.device.requestBuffers(4) }
        #expect(throws: V4L2Error(operation: "VIDIOC_S_FMT", errno: .busy)) { try stream.device.setFormat(.yuyv, size: Self.vga) }
        #expect(throws: V4L2Error(operation: "VIDIOC_S_PARM", errno: .busy)) { try stream.device.setFrameRate(15) }
    }
}

/// A stream set up as the capture code sets one up: format, rate, buffers mapped and queued, STREAMON.
private struct TestStream {
    let device: V4L2Device
    let buffers: [UnsafeMutableRawBufferPointer]

    init(_ camera: InjectedCamera, format: PixelFormat, size: FrameSize, rate: Double = 30, bufferCount: Int = 4,
         queueAll: Bool = true) throws {
        device = try V4L2Device.open("/dev/video0", system: camera)
        _ = try device.setFormat(format, size: size)
        _ = try device.setFrameRate(rate)
        let count = try device.requestBuffers(bufferCount)
        var buffers: [UnsafeMutableRawBufferPointer] = []
        for index in 0..<count { buffers.append(try device.mapBuffer(index)) }
        self.buffers = buffers
        if queueAll { for index in 0..<count { try device.queueBuffer(index) } }
        try device.startStreaming()
    }

    /// The next frame and a copy of its bytes, its buffer queued again; nil on timeout.
    func next(timeoutMilliseconds: Int32 = 2000) throws -> (buffer: DequeuedBuffer, bytes: [UInt8])? {
        guard try device.waitForFrame(timeoutMilliseconds: timeoutMilliseconds), let buffer = try device.dequeueBuffer() else {
            return nil
        }
        let bytes = Array(UnsafeRawBufferPointer(rebasing: buffers[buffer.index].prefix(buffer.bytesUsed)))
        try device.queueBuffer(buffer.index)
        return (buffer, bytes)
    }

    /// Tears down in the kernel's order; calls on a dead device fail and are ignored, as the capture code must.
    func stop() {
        try? device.stopStreaming()
        for buffer in buffers { device.unmap(buffer) }
        _ = try? device.requestBuffers(0)
        device.close()
    }
}
