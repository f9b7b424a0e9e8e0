// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// One streaming run of one camera: opened, configured, four buffers mapped and queued,
/// streaming. A session that fails is closed and replaced by a new one; it is never reused.
/// Used from one thread (the capture thread).
final class CaptureSession {
    let device: V4L2Device
    let format: ActiveFormat
    /// The rate the driver set, when it lets us set one.
    let frameRate: Double?
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private var closed = false

    /// Four buffers: one being filled, one being decoded, two spare so the driver never
    /// starves while the capture thread is busy.
    static let bufferCount = 4

    /// What one wait for a frame gave.
    enum Outcome {
        case frame(Image, DequeuedBuffer)
        /// Nothing arrived within the timeout.
        case nothingYet
        /// The driver flagged the buffer, or its picture could not be decoded; skipped.
        case damaged
    }

    /// Opens `path` and starts streaming in the mode chosen for `request`.
    static func start(path: String, request: CaptureRequest, system: any V4L2System) throws(CaptureError) -> CaptureSession {
        let device: V4L2Device
        do { device = try V4L2Device.open(path, system: system) } catch {
            throw CaptureError.from(error, path: path, operation: "open", available: CameraDirectory(system: system).cameraPaths())
        }
        do {
            let session = try configure(device, request: request)
            return session
        } catch {
            device.close()
            throw error
        }
    }

    private static func configure(_ device: V4L2Device, request: CaptureRequest) throws(CaptureError) -> CaptureSession {
        let path = device.path
        func failure(_ error: V4L2Error) -> CaptureError {
            CaptureError.from(error.errno, path: path, operation: error.operation, available: [])
        }
        do {
            let capabilities = try device.capabilities()
            guard capabilities.canCapture, capabilities.canStream else { throw CaptureError.notACamera(path: path) }
            let offers = try CameraDirectory.offers(of: device)
            guard let mode = CaptureModeChooser.choose(from: offers, wanted: request.size) else {
                throw CaptureError.noUsableFormat(path: path, offered: offers.map(\.format.pixelFormat))
            }
            let format = try device.setFormat(mode.pixelFormat, size: mode.size)
            guard format.pixelFormat == mode.pixelFormat else {
                throw CaptureError.noUsableFormat(path: path, offered: [format.pixelFormat])
            }
            let rate = try? device.setFrameRate(CaptureModeChooser.frameRate(request.frameRate, offered: try device.frameRates(for: format.pixelFormat, size: format.size)))
            let session = CaptureSession(device: device, format: format, frameRate: rate ?? nil)
            try session.mapAndStream()
            return session
        } catch let error as V4L2Error {
            throw failure(error)
        } catch let error as CaptureError {
            throw error
        } catch {
            throw CaptureError.failed(path: path, operation: "start", errno: .inputOutput)
        }
    }

    private init(device: V4L2Device, format: ActiveFormat, frameRate: Double?) {
        self.device = device
        self.format = format
        self.frameRate = frameRate
    }

    private func mapAndStream() throws(V4L2Error) {
        let count = try device.requestBuffers(Self.bufferCount)
        guard count >= 2 else { throw V4L2Error(operation: "VIDIOC_REQBUFS", errno: .noSuchDeviceOrAddress) }
        for index in 0..<count {
            buffers.append(try device.mapBuffer(index))
            try device.queueBuffer(index)
        }
        try device.startStreaming()
    }

    /// Waits up to `timeoutMilliseconds` for the next frame. The frame is decoded (a copy)
    /// before its buffer goes back to the driver.
    func next(timeoutMilliseconds: Int32) throws(CaptureError) -> Outcome {
        do {
            guard try device.waitForFrame(timeoutMilliseconds: timeoutMilliseconds),
                  let buffer = try device.dequeueBuffer() else { return .nothingYet }
            let image = decode(buffer)
            try device.queueBuffer(buffer.index)
            guard let image else { return .damaged }
            return .frame(image, buffer)
        } catch {
            throw CaptureError.from(error.errno, path: device.path, operation: error.operation, available: [])
        }
    }

    private func decode(_ buffer: DequeuedBuffer) -> Image? {
        guard !buffer.isDamaged, buffer.index < buffers.count else { return nil }
        let mapped = buffers[buffer.index]
        let size = format.size
        switch format.pixelFormat {
        case .mjpeg, .jpeg:
            let used = UnsafeRawBufferPointer(rebasing: mapped[..<min(buffer.bytesUsed, mapped.count)])
            return try? Image(mjpeg: used)
        case .yuyv:
            return try? Image(yuyv: UnsafeRawBufferPointer(mapped), width: size.width, height: size.height,
                              rowBytes: max(format.bytesPerLine, size.width * 2))
        default:
            let rowBytes = max(format.bytesPerLine, size.width * 3)
            guard mapped.count >= rowBytes * size.height else { return nil }
            return try? Image(bgr: UnsafeRawBufferPointer(mapped), width: size.width, height: size.height, rowBytes: rowBytes)
        }
    }

    /// STREAMOFF, unmap, close — each attempted even if the device is gone, so nothing leaks.
    func close() {
        guard !closed else { return }
        closed = true
        try? device.stopStreaming()
        buffers.forEach(device.unmap)
        buffers = []
        device.close()
    }

    deinit { close() }
}
