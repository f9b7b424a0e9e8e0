// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing
import Options
@testable import sensecam

/// Inside `TerminalModeTests`: its runs put the keyboard in cbreak mode, which is process-wide.
extension KeyboardTests.TerminalModeTests {
    /// `sensecam find` on the injected camera: with nothing in view it says nothing until asked,
    /// then "Not seen yet."; a cup held up is said once at its hour and ticked towards; `d` says
    /// where it is; `m` reaches find mode from awareness, which then says how to start finding.
    @Suite(.serialized) struct FindLiveEndToEndTests {
        static func wall() throws -> Image { try Image.blank(width: 1280, height: 720, blue: 150, green: 160, red: 170) }

        static func said(_ live: InProcessLive) -> [String] {
            live.events.filter { $0["kind"] as? String != "cue" }.compactMap { $0["text"] as? String }
        }

        @Test func nothingIsSaidOfAThingNotSeenUntilDAsks() throws {
            let camera = InjectedCamera(frames: try RecordedFrames(stills: [try Self.wall()], schedule: [0], name: "wall"), formats: [.mjpeg()])
            let live = try InProcessLive(["find", "mug", "--output", "jsonl"], camera: camera)
            #expect(live.wait { live.stderrLines.contains { $0.hasPrefix("Camera ready") } }, "\(live.stderrLines)")
            Thread.sleep(forTimeInterval: 2)
            #expect(Self.said(live).isEmpty, "\(Self.said(live))")
            live.type("d")
            #expect(live.wait { Self.said(live) == ["Not seen yet."] }, "\(Self.said(live))")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
        }

        @Test func aCupHeldUpIsSaidTickedTowardsAndDescribedOnD() throws {
            let photo = try ImageFile.load(try SharedTestData.path("detect/coco-val/images/000000002592.jpg"))
            let held = try Self.wall()
            // The cup right of the middle: 1 o'clock through the default 60-degree lens.
            try held.draw(photo, centreX: 1010, centreY: 400, scale: 1.2)
            let camera = InjectedCamera(frames: try RecordedFrames(stills: [held], schedule: [0], name: "cup"), formats: [.mjpeg()])
            let live = try InProcessLive(["find", "cups", "--output", "jsonl"], camera: camera)
            let found = "Probably a cup, at 1 o'clock."
            #expect(live.wait { Self.said(live).contains(found) }, "\(Self.said(live))")
            #expect(live.wait { live.events.contains { $0["kind"] as? String == "cue" } }, "the tick guides to it")
            live.type("d")
            #expect(live.wait { Self.said(live).filter { $0 == found }.count == 2 }, "\(Self.said(live))")
            #expect(!Self.said(live).contains { $0.hasPrefix("Not seen") })
            live.type("m")
            #expect(live.wait { Self.said(live).contains("Awareness mode.") }, "\(Self.said(live))")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
        }

        @Test func findModeReachedFromAwarenessSaysHowToStartFinding() throws {
            let camera = InjectedCamera(frames: try RecordedFrames(stills: [try Self.wall()], schedule: [0], name: "wall"), formats: [.mjpeg()])
            let live = try InProcessLive(["aware", "--output", "jsonl"], camera: camera)
            #expect(live.wait { live.stderrLines.contains { $0.hasPrefix("Camera ready") } }, "\(live.stderrLines)")
            live.type("m")
            #expect(live.wait { Self.said(live).contains("Reading mode.") }, "\(Self.said(live))")
            live.type("m")
            #expect(live.wait { Self.said(live).contains("Find mode.") }, "\(Self.said(live))")
            let howTo = Wording.english(.findNeedsThing)
            #expect(live.wait { Self.said(live).contains(howTo) }, "\(Self.said(live))")
            live.type("q")
            #expect(live.exitStatus() == 0, "\(live.stderrLines)")
        }
    }
}
