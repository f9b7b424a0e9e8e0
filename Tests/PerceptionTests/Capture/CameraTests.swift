// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The live camera source through the injected device at the system-call seam: format
/// choice, frames, and every fault a USB camera shows, each said once and survived.
@Suite(.serialized) struct CameraTests {
    static func recording() throws -> String { try TestResources.file("video/scenes-coco.mp4").path }

    static func camera(formats: [InjectedCamera.Format] = [.mjpeg(), .yuyv()], paced: Bool = false,
                       faults: [InjectedCamera.Fault] = []) throws -> InjectedCamera {
        try InjectedCamera(recording: recording(), formats: formats, maxSourceFrames: 30, paced: paced, faults: faults)
    }

    /// Status sentences in the order said.
    final class Said: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    static func frames(_ count: Int, from camera: Camera) throws -> [Frame] {
        var frames: [Frame] = []
        while frames.count < count, let frame = try camera.nextFrame() { frames.append(frame) }
        return frames
    }

    @Test(.needsTestData("video/scenes-coco"), arguments: [
        ([InjectedCamera.Format.mjpeg(), .yuyv()], PixelFormat.mjpeg),
        ([InjectedCamera.Format.yuyv()], PixelFormat.yuyv),
    ])
    func capturesDecodedFramesInOrder(formats: [InjectedCamera.Format], expected: PixelFormat) throws {
        let device = try Self.camera(formats: formats)
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        #expect(camera.path == "/dev/video0")
        #expect(camera.activeFormat?.pixelFormat == expected)
        #expect(camera.activeFormat?.size == FrameSize(width: 1280, height: 720))
        let frames = try Self.frames(40, from: camera)
        #expect(frames.count == 40)
        #expect(frames.allSatisfy { $0.image.width == 1280 && $0.image.height == 720 })
        #expect(frames.first?.timestamp == .zero, "stream time starts at the first frame")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.index < $1.index && $0.timestamp <= $1.timestamp })
        let now = MonotonicClock.now()
        #expect(frames.allSatisfy { ($0.captureTime.map { now.seconds(since: $0) } ?? -1) >= 0 },
                "capture times are CLOCK_MONOTONIC, from the buffers")
        camera.close()
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0)
    }

    /// Frames the driver dropped (no buffer free) show as gaps in the frame index.
    @Test func driverDropsShowAsIndexGaps() throws {
        let device = try Self.camera(paced: true)
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        _ = try Self.frames(2, from: camera)
        Thread.sleep(forTimeInterval: 0.4)  // ~12 frames at 30 fps, only 4 buffers
        let frames = try Self.frames(8, from: camera)
        #expect(device.framesDropped > 0)
        #expect(frames.last!.index >= device.framesProduced - 2, "index \(frames.last!.index) ignores the driver's drops")
    }

    @Test func cleanShutdownStopsUnmapsAndCloses() throws {
        let device = try Self.camera()
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        _ = try Self.frames(5, from: camera)
        #expect(device.openDescriptorCount == 1 && device.mappedBufferCount == 4)
        device.clearCalls()
        camera.close()
        let calls = device.calls
        #expect(calls.first == "VIDIOC_STREAMOFF")
        #expect(calls.filter { $0 == "munmap" }.count == 4)
        #expect(calls.last == "close")
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0)
    }

    @Test(.needsTestData("video/scenes-coco"), arguments: [
        (InjectedCamera.Fault.busy, "Camera /dev/video0 is busy; another program is using it."),
        (.permissionDenied, "Permission denied for camera /dev/video0; add yourself to the video group with 'sudo usermod -aG video $USER', then log in again."),
    ])
    func startupFaultsAreOneSentence(fault: InjectedCamera.Fault, sentence: String) throws {
        let device = try Self.camera(faults: [fault])
        #expect(throws: CaptureError.self) { try Camera(request: CaptureRequest(path: "/dev/video0"), wording: .english, system: device) }
        do { _ = try Camera(request: CaptureRequest(path: "/dev/video0"), wording: .english, system: device) } catch {
            #expect(error.description == sentence)
        }
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0, "a failed start leaks nothing")
    }

    @Test func aMissingCameraNamesTheOnesThatExist() throws {
        let device = try Self.camera()
        do {
            _ = try Camera(request: CaptureRequest(path: "/dev/video3"), wording: .english, system: device)
            Issue.record("a missing camera opened")
        } catch {
            #expect(error.description == "Camera /dev/video3 does not exist; the cameras here are /dev/video0.")
        }
        let none = try Self.camera(faults: [.absent])
        #expect(throws: CaptureError.noCamera) { try Camera(request: CaptureRequest(), wording: .english, system: none) }
        #expect(CaptureError.noCamera.description == "No camera found; plug one in, or name a recording with --video.")
    }

    /// Unplugged mid-stream: said once, every handle closed, the camera looked for until it
    /// returns, then reopened from scratch (open, S_FMT, REQBUFS, mmap, QBUF, STREAMON),
    /// said once, and frames flow again with the index still increasing.
    @Test func survivesUnplugAndReopensFully() throws {
        let device = try Self.camera(paced: true, faults: [.unplug(afterFrames: 15, replugAfter: 1.2)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let said = Said()
        camera.onStatus { said.add($0) }
        let started = MonotonicClock.now()
        let frames = try Self.frames(40, from: camera)
        #expect(frames.count == 40)
        #expect(said.all == ["Camera disconnected. Waiting for it.", "Camera reconnected."])
        #expect(MonotonicClock.now().seconds(since: started) >= 1.2, "frames came while the camera was away")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.index < $1.index })
        let calls = device.calls
        let reopened = try #require(calls.lastIndex(of: "open"))
        let after = Array(calls[reopened...])
        for step in ["VIDIOC_S_FMT", "VIDIOC_REQBUFS", "mmap", "VIDIOC_QBUF", "VIDIOC_STREAMON"] {
            #expect(after.contains(step), "reopen skipped \(step)")
        }
        let dead = calls[..<reopened]
        #expect(dead.filter { $0 == "munmap" }.count == 4 && dead.contains("close"), "the dead session was not released")
        #expect(device.openDescriptorCount == 1 && device.mappedBufferCount == 4)
        camera.close()
    }

    /// Back from an unplug but grabbed by another program: that is said once while waiting,
    /// and the camera is taken again as soon as it is free.
    @Test func aCameraBusyOnItsReturnIsSaidOnceThenRetaken() throws {
        let device = try Self.camera(faults: [.unplug(afterFrames: 5, replugAfter: 0.3)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let said = Said()
        camera.onStatus { said.add($0) }
        _ = try Self.frames(5, from: camera)
        device.inject(.busy)
        Thread {
            Thread.sleep(forTimeInterval: 1.5)
            device.faults = []
        }.start()
        let frames = try Self.frames(5, from: camera)
        #expect(frames.count == 5)
        #expect(said.all == ["Camera disconnected. Waiting for it.", "Camera /dev/video0 is busy; another program is using it.",
                             "Camera reconnected."])
        camera.close()
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0)
    }

    /// While the camera is away, `cancel` (the user quitting) still ends the wait promptly.
    @Test func cancelEndsAWaitForAMissingCamera() throws {
        let device = try Self.camera(faults: [.unplug(afterFrames: 3)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        _ = try Self.frames(3, from: camera)
        // A thread of its own: Dispatch's pool may be starved by tests blocked in poll.
        Thread {
            Thread.sleep(forTimeInterval: 0.5)
            camera.cancel()
        }.start()
        let started = MonotonicClock.now()
        #expect(try camera.nextFrame() == nil)
        #expect(MonotonicClock.now().seconds(since: started) < 1.5)
        camera.close()
        #expect(device.openDescriptorCount == 0)
    }

    @Test func aStallIsSaidOnceAndItsEndToo() throws {
        let device = try Self.camera(faults: [.stall(afterFrame: 5, seconds: 2.6)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let said = Said()
        camera.onStatus { said.add($0) }
        let frames = try Self.frames(12, from: camera)
        #expect(frames.count == 12)
        #expect(said.all == ["No picture from the camera for two seconds.", "The camera is sending pictures again."])
        camera.close()
    }

    /// A camera silent for five seconds without going away is restarted from scratch (many
    /// USB cameras revive so); pictures coming back are said.
    @Test func aLongStallRestartsTheCamera() throws {
        let device = try Self.camera(faults: [.stall(afterFrame: 5, seconds: 6.5)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let said = Said()
        camera.onStatus { said.add($0) }
        _ = try Self.frames(5, from: camera)
        device.clearCalls()
        let frames = try Self.frames(5, from: camera)
        #expect(frames.count == 5)
        #expect(said.all == ["No picture from the camera for two seconds.", "The camera stopped working; restarting it.",
                             "Camera reconnected.", "The camera is sending pictures again."])
        let calls = device.calls
        #expect(calls.contains("VIDIOC_STREAMOFF") && calls.contains("close") && calls.contains("VIDIOC_STREAMON"),
                "the camera was not restarted: \(calls.filter { $0 != "poll" && $0 != "VIDIOC_DQBUF" })")
        camera.close()
    }

    @Test(.needsTestData("video/scenes-coco"), arguments: [
        InjectedCamera.Fault.damaged(frames: [4, 5, 6]),
        .corrupt(frames: [4, 5, 6], .garbage),
        .corrupt(frames: [4, 5, 6], .truncated),
    ])
    func damagedFramesAreSkippedCountedAndSaidOnce(fault: InjectedCamera.Fault) throws {
        let device = try Self.camera(formats: [.mjpeg()], faults: [fault])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let said = Said()
        camera.onStatus { said.add($0) }
        let frames = try Self.frames(12, from: camera)
        #expect(frames.count == 12)
        #expect(camera.damagedFrames == 3)
        #expect(said.all == ["Some camera frames are damaged and were skipped; check the cable."])
        #expect(frames.allSatisfy { $0.image.width == 1280 })
        camera.close()
    }
}

/// The format and size chosen without asking the user.
@Suite struct CaptureModeChooserTests {
    static func offer(_ format: PixelFormat, _ sizes: [FrameSize], emulated: Bool = false) -> FormatOffer {
        FormatOffer(format: FormatDescription(pixelFormat: format, description: "", isEmulated: emulated), sizes: .discrete(sizes))
    }
    static let hd = FrameSize(width: 1280, height: 720)
    static let vga = FrameSize(width: 640, height: 480)
    static let fullHD = FrameSize(width: 1920, height: 1080)

    @Test(arguments: [
        // MJPEG at the size asked for beats YUYV at it.
        ([offer(.yuyv, [vga, hd]), offer(.mjpeg, [vga, hd])], hd, CaptureMode(pixelFormat: .mjpeg, size: hd)),
        // The size asked for in YUYV beats MJPEG at another size.
        ([offer(.mjpeg, [vga]), offer(.yuyv, [vga, hd])], hd, CaptureMode(pixelFormat: .yuyv, size: hd)),
        // Not offered anywhere: the nearest size, MJPEG first.
        ([offer(.yuyv, [vga]), offer(.mjpeg, [vga, fullHD])], hd, CaptureMode(pixelFormat: .mjpeg, size: fullHD)),
        // Only a format libv4l2 converts: its BGR, not the raw one.
        ([offer(FormatOfferTestFormats.bayer, [hd]), offer(.bgr24, [hd], emulated: true)], hd,
         CaptureMode(pixelFormat: .bgr24, size: hd)),
        // A converted YUYV is never chosen over the camera's own.
        ([offer(.yuyv, [vga], emulated: true), offer(.yuyv, [hd])], hd, CaptureMode(pixelFormat: .yuyv, size: hd)),
    ])
    func choosesFormatThenSize(offers: [FormatOffer], wanted: FrameSize, expected: CaptureMode) {
        #expect(CaptureModeChooser.choose(from: offers, wanted: wanted) == expected)
    }

    @Test(arguments: [
        (30.0, [30.0, 15.0], 30.0), (60.0, [30.0, 15.0], 30.0), (20.0, [30.0, 15.0], 15.0),
        (5.0, [30.0, 15.0], 15.0), (30.0, [], 30.0), (25.0, [30.0, 25.0, 15.0], 25.0),
    ])
    func framesPerSecondAskedForOrTheFastestBelow(wanted: Double, offered: [Double], expected: Double) {
        #expect(CaptureModeChooser.frameRate(wanted, offered: offered) == expected)
    }

    @Test func nothingDecodableIsNil() {
        #expect(CaptureModeChooser.choose(from: [Self.offer(FormatOfferTestFormats.bayer, [Self.hd])], wanted: Self.hd) == nil)
    }

    @Test func stepwiseSizesSnapToTheirSteps() {
        let sizes = FrameSizes.stepwise(minimum: FrameSize(width: 48, height: 32), maximum: FrameSize(width: 1000, height: 600),
                                        step: FrameSize(width: 16, height: 8))
        #expect(CaptureModeChooser.nearest(in: sizes, to: Self.hd) == FrameSize(width: 992, height: 600))
        #expect(CaptureModeChooser.nearest(in: sizes, to: FrameSize(width: 100, height: 100)) == FrameSize(width: 96, height: 96))
    }
}

enum FormatOfferTestFormats {
    static let bayer = PixelFormat(fourCC: "BA81")
}
