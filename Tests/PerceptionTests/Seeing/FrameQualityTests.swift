// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering
import Testing

@Suite struct FrameQualityTests {
    // MARK: Synthetic pictures

    /// A grey picture as a frame; `value(x, y)` gives each pixel's grey level.
    static func frame(width: Int = 640, height: Int = 480, index: Int = 0, fps: Double = 15,
                      _ value: (Int, Int) -> UInt8) throws -> Frame {
        let image = try TestResources.greyImage(width: width, height: height, value)
        return Frame(image: image, timestamp: Timestamp(seconds: Double(index) / fps), index: index)
    }

    static func checkerboard(_ x: Int, _ y: Int) -> UInt8 { (x / 8 + y / 8) % 2 == 0 ? 30 : 220 }

    /// Blocks of random grey: unlike a checkerboard, no shift maps it onto itself, so a
    /// measured shift is unambiguous.
    static let blocks: [UInt8] = {
        var state: UInt32 = 12345
        return (0..<(100 * 100)).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }()

    static func randomBlocks(_ x: Int, _ y: Int) -> UInt8 { blocks[(y / 8 % 100) * 100 + (x / 8 % 100)] }

    @Test func blackIsTooDarkAndWhiteTooBright() throws {
        let black = QualityMeter().measure(try Self.frame { _, _ in 0 })
        #expect(black.isTooDark && !black.isTooBright)
        #expect(black.brightness == 0 && black.darkFraction == 1 && black.brightFraction == 0)

        let white = QualityMeter().measure(try Self.frame { _, _ in 255 })
        #expect(white.isTooBright && !white.isTooDark)
        #expect(white.brightness == 255 && white.brightFraction == 1 && white.darkFraction == 0)

        let grey = QualityMeter().measure(try Self.frame { _, _ in 128 })
        #expect(!grey.isTooDark && !grey.isTooBright)
    }

    @Test func blurredCheckerboardIsLessSharp() throws {
        let sharp = QualityMeter().measure(try Self.frame(Self.checkerboard))
        // A 9x9 box blur of the same checkerboard, done in two passes (rows, then columns).
        let (width, height, radius) = (640, 480, 4)
        func boxAlongRows(_ source: [Double], horizontal: Bool) -> [Double] {
            var result = source
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0, count = 0.0
                    for d in -radius...radius {
                        let (sx, sy) = horizontal ? (x + d, y) : (x, y + d)
                        guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
                        sum += source[sy * width + sx]
                        count += 1
                    }
                    result[y * width + x] = sum / count
                }
            }
            return result
        }
        var plane = (0..<(width * height)).map { Double(Self.checkerboard($0 % width, $0 / width)) }
        plane = boxAlongRows(boxAlongRows(plane, horizontal: true), horizontal: false)
        let blurred = QualityMeter().measure(try Self.frame { x, y in UInt8(plane[y * width + x].rounded()) })
        let flat = QualityMeter().measure(try Self.frame { _, _ in 128 })

        print("Sharpness: checkerboard \(Int(sharp.sharpness)), blurred \(Int(blurred.sharpness)), flat \(Int(flat.sharpness))")
        #expect(sharp.isSharp)
        #expect(!blurred.isSharp)
        #expect(blurred.sharpness < sharp.sharpness / 10)
        #expect(flat.sharpness == 0)
    }

    @Test func sharpnessDoesNotDependOnResolution() throws {
        // The same checkerboard at twice the size measures alike: both are judged at 640 wide.
        let small = QualityMeter().measure(try Self.frame(Self.checkerboard))
        let large = QualityMeter().measure(try Self.frame(width: 1280, height: 960) { x, y in Self.checkerboard(x / 2, y / 2) })
        #expect(abs(large.sharpness - small.sharpness) / small.sharpness < 0.1)
    }

    @Test func identicalFramesHaveNoMotion() throws {
        let meter = QualityMeter()
        let first = meter.measure(try Self.frame(index: 0, Self.randomBlocks))
        #expect(first.motion == nil && first.change == nil && !first.isSteady)
        let second = meter.measure(try Self.frame(index: 1, Self.randomBlocks))
        #expect(second.change == 0)
        #expect(try #require(second.motion) < 0.001)
        #expect(second.isSteady)
    }

    @Test func shiftedFrameHasMotion() throws {
        let meter = QualityMeter()
        _ = meter.measure(try Self.frame(index: 0, Self.randomBlocks))
        // 16 pixels of a 640-pixel frame in 1/15 s: 0.025 widths per frame, 0.375 per second.
        let moved = meter.measure(try Self.frame(index: 1) { x, y in Self.randomBlocks(x + 16, y) })
        let motion = try #require(moved.motion)
        print("Shift of 16 px at 15 fps measured as \(motion) frame widths per second (expected 0.375)")
        #expect(abs(motion - 0.375) < 0.04)
        #expect(!moved.isSteady)
        #expect(try #require(moved.change) > 10)

        // After a reset there is nothing to compare with.
        meter.reset()
        #expect(meter.measure(try Self.frame(index: 2, Self.randomBlocks)).motion == nil)
    }

    // MARK: Calibration on the hand-held document video

    struct FrameTruth: Decodable {
        var frame: Int
        var steady: Bool
    }

    @Test func goodFramesAgreeWithSteadyTruth() throws {
        let video = try TestResources.file("video/document-phototest.mp4")
        let truthFile = try TestResources.file("video/document-phototest.frames.jsonl")
        let truth = try String(contentsOf: truthFile, encoding: .utf8)
            .split(separator: "\n")
            .map { try JSONDecoder().decode(FrameTruth.self, from: Data($0.utf8)) }

        let source = try VideoFile(path: video.path)
        let meter = QualityMeter()
        var qualities: [FrameQuality] = []
        while let frame = try source.nextFrame() {
            qualities.append(meter.measure(frame))
        }
        try #require(qualities.count == truth.count, "the video has \(qualities.count) frames, its truth \(truth.count)")

        func score(_ name: String, _ predicate: (FrameQuality) -> Bool) -> (precision: Double, recall: Double, agreement: Double) {
            var truePositives = 0, falsePositives = 0, falseNegatives = 0, agreeing = 0
            for (quality, row) in zip(qualities, truth) {
                let good = predicate(quality)
                if good && row.steady { truePositives += 1 }
                if good && !row.steady { falsePositives += 1 }
                if !good && row.steady { falseNegatives += 1 }
                if good == row.steady { agreeing += 1 }
            }
            let precision = Double(truePositives) / Double(max(1, truePositives + falsePositives))
            let recall = Double(truePositives) / Double(max(1, truePositives + falseNegatives))
            let agreement = Double(agreeing) / Double(truth.count)
            print(String(format: "%@ vs truth 'steady' on %d frames: precision %.3f, recall %.3f, agreement %.3f (%d true, %d false positives, %d missed)",
                         name, truth.count, precision, recall, agreement, truePositives, falsePositives, falseNegatives))
            return (precision, recall, agreement)
        }
        _ = score("isSharp alone", \.isSharp)
        _ = score("isSteady alone", \.isSteady)
        let good = score("isSteady && isSharp", { $0.isSteady && $0.isSharp })
        // Measured: precision 1.000, recall 0.965, agreement 0.981. Of the 7 missed steady
        // frames, 6 are the first ones, where most of the page is outside the picture (and
        // frame 0 has no motion yet); one moved at 0.084 widths/s, just over the limit.
        #expect(good.precision >= 0.97)
        #expect(good.recall >= 0.93)
        #expect(good.agreement >= 0.95)
        // The video is well exposed throughout.
        #expect(!qualities.contains { $0.isTooDark || $0.isTooBright })
    }
}
