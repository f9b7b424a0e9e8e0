// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
@testable import Perception
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering

/// A hand-held camera finding a code, simulated from the shared barcode photos the way the
/// document videos were made from pages: each segment moves one photo so its code drifts in
/// from one side (or grows from small, as the camera comes closer) and settles in the middle,
/// with hand tremor, blur while moving and sensor grain; hard cuts between segments. Each frame
/// comes with its truth: where the code is in it.
final class SimulatedCodeVideo: FrameSource {
    struct Segment {
        var photo: String
        /// Where the code's centre starts, as shares of the frame (may be outside it), and the
        /// photo's scale at the start and at rest.
        var startX: Double, startY: Double
        var startScale: Double = 1, scale: Double = 1
        /// Seconds to reach the middle; the rest of the segment it is held there.
        var arrival: Double = 3.5
        var seconds: Double = 6
    }

    struct Truth {
        var segment: Int
        var time: Double
        /// The code's box in the frame.
        var box: Box
        var wholly: Bool
    }

    static let width = 640, height = 480, framesPerSecond = 15.0

    let segments: [Segment]
    private(set) var truths: [Truth] = []
    /// The code each segment shows, read from its still.
    let codes: [ScannedCode]
    private let photos: [Image]
    private var index = 0
    private var random = SystemRandomNumberGenerator()
    private var tremorSeed: UInt64 = 7

    init(_ segments: [Segment]) throws {
        self.segments = segments
        let reader = CodeReader()
        var photos: [Image] = []
        var codes: [ScannedCode] = []
        for segment in segments {
            let photo = try ImageFile.load(try TestResources.file("barcode/\(segment.photo)").path)
            guard let code = try reader.scan(photo, effort: .still, candidates: false).codes.first else {
                throw TestResources.Missing(description: "\(segment.photo) does not read as a still, so it cannot place its code")
            }
            photos.append(photo)
            codes.append(code)
        }
        self.photos = photos
        self.codes = codes
    }

    var isLive: Bool { false }

    var totalFrames: Int { segments.reduce(0) { $0 + Int($1.seconds * Self.framesPerSecond) } }

    func nextFrame() throws -> Frame? {
        var local = index
        var segmentIndex = 0
        var startTime = 0.0
        while segmentIndex < segments.count, local >= Int(segments[segmentIndex].seconds * Self.framesPerSecond) {
            local -= Int(segments[segmentIndex].seconds * Self.framesPerSecond)
            startTime += segments[segmentIndex].seconds
            segmentIndex += 1
        }
        guard segmentIndex < segments.count else { return nil }
        let segment = segments[segmentIndex]
        let t = Double(local) / Self.framesPerSecond
        let progress = min(1, t / segment.arrival)
        // Eased, as a hand slows when it gets there.
        let eased = 1 - (1 - progress) * (1 - progress)
        let speed = progress < 1 ? 2 * (1 - progress) / segment.arrival : 0  // d(eased)/dt
        let w = Double(Self.width), h = Double(Self.height)
        let codeX = w * (segment.startX + (0.5 - segment.startX) * eased) + tremor()
        let codeY = h * (segment.startY + (0.5 - segment.startY) * eased) + tremor()
        let scale = segment.startScale + (segment.scale - segment.startScale) * eased
        let photo = photos[segmentIndex]
        let code = codes[segmentIndex]
        let frame = try Image.blank(width: Self.width, height: Self.height, blue: 70, green: 80, red: 90)
        let offsetX = (code.box.centerX - Double(photo.width) / 2) * scale
        let offsetY = (code.box.centerY - Double(photo.height) / 2) * scale
        try frame.draw(photo, centreX: codeX - offsetX, centreY: codeY - offsetY, scale: scale)
        // The travel during one exposure (a webcam in a lit room exposes for about 1/60 s; 1/30
        // in dim light), and a webcam's softness.
        let exposure = 1.0 / 60
        try frame.degrade(motionX: w * (0.5 - segment.startX) * speed * exposure, motionY: h * (0.5 - segment.startY) * speed * exposure,
                          blur: 0.7, noise: 3, seed: UInt32(index))
        let box = Box(x: codeX - code.box.width * scale / 2, y: codeY - code.box.height * scale / 2,
                      width: code.box.width * scale, height: code.box.height * scale)
        let wholly = box.x >= 0 && box.y >= 0 && box.maxX <= w && box.maxY <= h
        let time = startTime + t
        truths.append(Truth(segment: segmentIndex, time: time, box: box, wholly: wholly))
        defer { index += 1 }
        return Frame(image: frame, timestamp: Timestamp(seconds: time), index: index)
    }

    /// A hand's tremor: about a pixel and a half, the same run after run.
    private func tremor() -> Double {
        tremorSeed = tremorSeed &* 6364136223846793005 &+ 1442695040888963407
        let uniform = Double(tremorSeed >> 11) / Double(1 << 53)
        return (uniform - 0.5) * 3
    }
}
