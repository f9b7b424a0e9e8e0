// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

/// A video file's frames and their times, on inputs that are not what they claim to be.
@Suite(.needsTestData("detect/coco-val")) struct VideoFileTests {
    /// A still photo under a name that is no image's (so no usage check catches it) opens as a
    /// one-frame video through OpenCV's image reader, whose time is far below zero: the frame
    /// must get a time of its own, not crash the run (it did: the time overflowed microseconds).
    @Test func aStillPhotoOpenedAsAVideoGetsAFiniteTime() throws {
        let photo = try TestResources.file("detect/coco-val/images/000000000139.jpg")
        let disguised = FileManager.default.temporaryDirectory.appendingPathComponent("still-\(UUID().uuidString).dat")
        try FileManager.default.copyItem(at: photo, to: disguised)
        defer { try? FileManager.default.removeItem(at: disguised) }
        let video = try VideoFile(path: disguised.path)
        var times: [Double] = []
        while let frame = try video.nextFrame(), times.count < 5 { times.append(frame.timestamp.seconds) }
        #expect(!times.isEmpty)
        let allFinite = times.allSatisfy { $0.isFinite && $0 >= 0 }
        #expect(allFinite, "frame times \(times)")
    }
}
