// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing
import Options
@testable import sensecam

/// `sensecam devices` against the injected camera: the lines a screen reader reads.
@Suite struct DevicesCommandTests {
    static func output(_ arguments: [String], system: any V4L2System) throws -> String {
        let pipe = Pipe()
        let status = Sensecam.run(arguments, context: SessionContext(console: Console(output: pipe.fileHandleForWriting),
                                                                     environment: [:], cameras: system))
        #expect(status == 0)
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    static func camera(faults: [InjectedCamera.Fault] = []) throws -> InjectedCamera {
        try InjectedCamera(recording: SharedTestData.path("video/scenes-coco.mp4"), card: "HD Webcam", formats: [.mjpeg(), .yuyv()], maxSourceFrames: 1, faults: faults)
    }

    @Test func listsEachCameraWithItsFormatsAndChoice() throws {
        let text = try Self.output(["devices"], system: Self.camera())
        #expect(text == """
            /dev/video0: HD Webcam.
              MJPEG: 1280x720, 640x480.
              YUYV: 1280x720, 640x480.
              sensecam uses MJPEG 1280x720 at 30 frames a second.

            """)
    }

    @Test func aCameraInUseIsListedWithTheReason() throws {
        let text = try Self.output(["devices"], system: Self.camera(faults: [.permissionDenied]))
        #expect(text.hasPrefix("Permission denied for camera /dev/video0;"))
    }

    @Test func jsonNamesTheChoice() throws {
        let text = try Self.output(["devices", "--json"], system: Self.camera())
        #expect(text.contains("\"path\":\"/dev/video0\"") && text.contains("\"chosen\":\"MJPEG 1280x720\""))
    }
}
