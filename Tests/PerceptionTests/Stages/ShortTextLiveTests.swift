// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// `read --short` on the camera (the injected one, at the system-call seam): a sign held in view
/// is spoken once however long it stays; taken away for longer than the return time and brought
/// back, once more.
@Suite(.serialized, .needsTestData("ocr/scene-icdar15")) struct ShortTextLiveTests {
    @Test func aSignIsSpokenOnceWhileInViewAndAgainAfterItReturns() throws {
        let sign = try ImageFile.load(try TestResources.file("ocr/scene-icdar15/ic15_test_img_101.jpg").path)  // "SALE"
        let wall = try [UInt8](repeating: 128, count: 1280 * 720 * 3).withUnsafeBytes {
            try Image(bgr: $0, width: 1280, height: 720, rowBytes: 1280 * 3)
        }
        let fps = 30, returnAfter = 2.0
        // 10 s of the sign, 4 s of a bare wall (twice the return time), 4 s of the sign again.
        let schedule = [Int](repeating: 0, count: 10 * fps) + [Int](repeating: 1, count: 4 * fps) + [Int](repeating: 0, count: 4 * fps)
        let device = InjectedCamera(frames: try RecordedFrames(stills: [sign, wall], schedule: schedule),
                                    formats: [.mjpeg([InjectedCamera.Format.hd], framesPerSecond: [Double(fps)])], paced: true)
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let reader = ShortTextReader(reader: try SceneTextReader(settings: SceneTextSettings().live), wording: .english, returnAfterSeconds: returnAfter)
        let running = LiveSessionTests.Running(StreamEngine(source: camera, stage: reader, clock: .realTime, wording: .english))
        running.waitForFrames(schedule.count, seconds: 40)
        running.engine.stop()
        let statistics = try #require(try running.finished(), "the engine did not stop")
        camera.close()

        let spoken = running.heard.all.filter { $0.kind == .text }.map(\.text)
        print("Short text on the injected camera: \(statistics.framesProcessed) readings' frames of \(statistics.framesRead); said \(spoken)")
        #expect(statistics.framesRead >= schedule.count - fps)
        #expect(spoken.filter { $0.localizedCaseInsensitiveContains("SALE") }.count == 2, "\(spoken)")
        #expect(Dictionary(grouping: spoken, by: { $0 }).values.allSatisfy { $0.count <= 2 }, "a line was said more than once a showing: \(spoken)")
    }

    /// On a slow machine one reading can take longer than the return time: a sign in every
    /// reading is still the same showing, said once; only readings that miss it for the return
    /// time make it new again.
    @Test func readingsFartherApartThanTheReturnTimeDoNotRepeatASign() throws {
        let sign = try ImageFile.load(try TestResources.file("ocr/scene-icdar15/ic15_test_img_101.jpg").path)  // "SALE"
        let wall = try [UInt8](repeating: 128, count: sign.width * sign.height * 3).withUnsafeBytes {
            try Image(bgr: $0, width: sign.width, height: sign.height, rowBytes: sign.width * 3)
        }
        let reader = ShortTextReader(reader: try SceneTextReader(settings: SceneTextSettings().live), wording: .english, returnAfterSeconds: 2)
        // A reading every 3 s: six of the sign, two of the wall (6 s without it), two of the sign.
        let pictures = [Image](repeating: sign, count: 6) + [wall, wall] + [sign, sign]
        var spoken: [String] = []
        for (index, picture) in pictures.enumerated() {
            let frame = Frame(image: picture, timestamp: Timestamp(seconds: 3 * Double(index)), index: index)
            spoken += try reader.observe(frame).filter { $0.kind == .text }.map(\.text)
        }
        #expect(spoken.filter { $0.localizedCaseInsensitiveContains("SALE") }.count == 2, "\(spoken)")
    }
}
