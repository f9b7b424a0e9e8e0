// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
@testable import Perception
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A camera pushing in on a cup, made at test time from a shared COCO photo (never committed):
/// the cup starts small and off in a corner, and over `pushSeconds` the view slides and zooms
/// until it is large in the middle, then holds. Each frame is drawn (the photo scaled and placed
/// on a grey background, softened as a webcam's), written as a JPEG, and ffmpeg joins them into
/// an H.264 video. Where the cup is in each frame — its truth — follows from the transform.
struct PushInVideo {
    static let photo = "detect/coco-val/images/000000002592.jpg"
    static let width = 640, height = 480, framesPerSecond = 15.0
    static let pushSeconds = 5.0, holdSeconds = 1.5
    /// Where the cup's centre starts, as shares of the frame, and the photo's scale there and at the end.
    static let start = (x: 0.12, y: 0.78, scale: 0.45)
    static let end = (x: 0.5, y: 0.5, scale: 1.15)

    struct Truth {
        var time: Double
        var box: Box
        /// Its centre in the middle third of the view, across and up and down.
        var centred: Bool {
            abs(box.centerX / Double(PushInVideo.width) - 0.5) <= 1.0 / 6 && abs(box.centerY / Double(PushInVideo.height) - 0.5) <= 1.0 / 6
        }
    }

    let path: String
    let truths: [Truth]

    /// Writes the video into `folder`.
    init(in folder: URL) throws {
        let photo = try ImageFile.load(try TestResources.file(Self.photo).path)
        let cup = try Self.cupBox(photoWidth: photo.width, photoHeight: photo.height)
        let frames = Int(((Self.pushSeconds + Self.holdSeconds) * Self.framesPerSecond).rounded())
        var truths: [Truth] = []
        for index in 0..<frames {
            let time = Double(index) / Self.framesPerSecond
            let progress = min(1, time / Self.pushSeconds)
            // Eased at both ends, as a hand starts and settles.
            let eased = progress * progress * (3 - 2 * progress)
            let scale = Self.start.scale + (Self.end.scale - Self.start.scale) * eased
            let cupX = Double(Self.width) * (Self.start.x + (Self.end.x - Self.start.x) * eased)
            let cupY = Double(Self.height) * (Self.start.y + (Self.end.y - Self.start.y) * eased)
            // The photo's centre, placed so the cup's centre lands at (cupX, cupY).
            let photoX = cupX - (cup.centerX - Double(photo.width) / 2) * scale
            let photoY = cupY - (cup.centerY - Double(photo.height) / 2) * scale
            let frame = try Image.blank(width: Self.width, height: Self.height, blue: 110, green: 115, red: 120)
            try frame.draw(photo, centreX: photoX, centreY: photoY, scale: scale)
            try frame.degrade(blur: 0.7, noise: 2, seed: UInt32(index))
            let name = folder.appendingPathComponent(String(format: "frame-%04d.jpg", index))
            try Data(try frame.jpegData(quality: 92)).write(to: name)
            truths.append(Truth(time: time, box: Box(x: cupX - cup.width * scale / 2, y: cupY - cup.height * scale / 2,
                                                     width: cup.width * scale, height: cup.height * scale)))
        }
        let video = folder.appendingPathComponent("push-in.mp4").path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-y", "-framerate", String(Int(Self.framesPerSecond)),
                            "-i", folder.appendingPathComponent("frame-%04d.jpg").path,
                            "-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", video]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else {
            throw TestResources.Missing(description: "ffmpeg could not write the push-in video (status \(ffmpeg.terminationStatus))")
        }
        path = video
        self.truths = truths
    }

    /// The cup's box in the photo, from its YOLO label (class 41).
    static func cupBox(photoWidth: Int, photoHeight: Int) throws -> Box {
        let labels = try String(contentsOf: try TestResources.file("detect/coco-val/labels/000000002592.txt"), encoding: .utf8)
        for line in labels.split(separator: "\n") {
            let fields = line.split(separator: " ").compactMap { Double($0) }
            guard fields.count == 5, fields[0] == 41 else { continue }
            let w = fields[3] * Double(photoWidth), h = fields[4] * Double(photoHeight)
            return Box(x: fields[1] * Double(photoWidth) - w / 2, y: fields[2] * Double(photoHeight) - h / 2, width: w, height: h)
        }
        throw TestResources.Missing(description: "no cup (class 41) in the label of \(photo)")
    }
}
