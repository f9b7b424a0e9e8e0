// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing
import Options
@testable import sensecam

/// Inside `TerminalModeTests`: its runs put the keyboard in cbreak mode, which is process-wide.
extension KeyboardTests.TerminalModeTests {
    /// Bare `sensecam scan` on the injected camera: a barcode held up, taken away and shown again
    /// within seconds is said once; the aiming tick is recorded in the JSON Lines; `m` goes on to
    /// the light mode; `q` quits cleanly.
    @Suite(.serialized) struct ScanLiveEndToEndTests {
        @Test func aCodeHeldUpIsSaidOnceAndMGoesOnToLight() throws {
            let photo = try ImageFile.load(try SharedTestData.path("barcode/ean_13__ean13-1_21.png"))
            let wall = try Image.blank(width: 1280, height: 720, blue: 150, green: 160, red: 170)
            let held = try Image.blank(width: 1280, height: 720, blue: 150, green: 160, red: 170)
            try held.draw(photo, centreX: 640, centreY: 360, scale: 1.4)
            // Half a second of wall, then the code for two seconds, the wall again, the code again.
            let schedule = Array(repeating: 0, count: 15) + Array(repeating: 1, count: 60) + Array(repeating: 0, count: 15)
                + Array(repeating: 1, count: 60)
            let frames = try RecordedFrames(stills: [wall, held], schedule: schedule, name: "held barcode")
            let camera = InjectedCamera(frames: frames, formats: [.mjpeg()])
            let live = try InProcessLive(["scan", "--output", "jsonl"], camera: camera)
            #expect(live.wait { live.stderrLines.contains { $0.hasPrefix("Camera ready") } }, "\(live.stderrLines)")
            let sentence = "EAN-13 barcode 762 220 000 8018."
            #expect(live.wait { live.events.contains { $0["text"] as? String == sentence } }, "\(live.stdoutLines.suffix(5))")
            // Through the wall frames and the code's second showing.
            Thread.sleep(forTimeInterval: 3.5)
            let said = live.events.filter { $0["kind"] as? String == "text" }.compactMap { $0["text"] as? String }
            #expect(said == [sentence], "\(said)")
            live.type("m")
            #expect(live.wait { live.events.contains { $0["text"] as? String == "Light mode." } }, "\(live.stdoutLines.suffix(5))")
            // The light mode's tone is a cue with a pitch.
            #expect(live.wait { live.events.contains { ($0["kind"] as? String) == "cue" && (($0["tone"] as? [String: Any])?["hz"] as? Double ?? 0) >= 220 } },
                    "\(live.stdoutLines.suffix(5))")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
        }
    }
}
