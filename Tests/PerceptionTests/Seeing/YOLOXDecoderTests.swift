// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Stages
@testable import Rendering

// MARK: - Synthetic raw head output

/// One anchor point's raw values, as the head writes them before decoding.
private struct RawAnchor {
    var stride: Int
    var gx: Int
    var gy: Int
    var x: Float = 0.5
    var y: Float = 0.5
    var w: Float = 0        // exp(0)·s = one cell wide
    var h: Float = 0
    var objectness: Float = 1
    var classScores: [Int: Float] = [0: 1]
}

/// A raw YOLOX output with every objectness at zero except the chosen anchors. Its
/// description is short, so a failed expectation does not print 300,000 floats.
private struct RawOutput: CustomStringConvertible {
    let decoder: YOLOXDecoder
    var values: [Float]

    init(_ decoder: YOLOXDecoder) {
        self.decoder = decoder
        values = [Float](repeating: 0, count: decoder.expectedRows * decoder.expectedColumns)
    }

    /// The model card's row order: stride 8's grid first, then 16, then 32; each grid row-major
    /// (gy outer, gx inner).
    static func row(stride: Int, gx: Int, gy: Int, inputSize: Int) -> Int {
        var offset = 0
        for s in YOLOXDecoder.strides where s < stride {
            offset += (inputSize / s) * (inputSize / s)
        }
        return offset + gy * (inputSize / stride) + gx
    }

    var description: String {
        let columns = decoder.expectedColumns
        let live = stride(from: 0, to: values.count, by: columns).filter { values[$0 + 4] != 0 }.map { $0 / columns }
        return "raw output \(decoder.expectedRows)x\(decoder.expectedColumns), objectness set on rows \(live)"
    }

    mutating func set(_ anchor: RawAnchor) {
        let base = Self.row(stride: anchor.stride, gx: anchor.gx, gy: anchor.gy, inputSize: decoder.inputSize)
            * decoder.expectedColumns
        values[base] = anchor.x
        values[base + 1] = anchor.y
        values[base + 2] = anchor.w
        values[base + 3] = anchor.h
        values[base + 4] = anchor.objectness
        for (classIndex, score) in anchor.classScores { values[base + 5 + classIndex] = score }
    }

    func decode(scale: Double = 1, imageWidth: Int? = nil, imageHeight: Int? = nil,
                minConfidence: Double = 0.25) -> [Detection] {
        values.withUnsafeBufferPointer { buffer in
            decoder.decode(buffer, scale: scale,
                           imageWidth: imageWidth ?? Int((Double(decoder.inputSize) / scale).rounded(.up)),
                           imageHeight: imageHeight ?? Int((Double(decoder.inputSize) / scale).rounded(.up)),
                           minConfidence: minConfidence)
        }
    }
}

private func coco(_ inputSize: Int = 416) -> YOLOXDecoder {
    YOLOXDecoder(inputSize: inputSize, classNames: COCOClasses.names)
}

private func near(_ a: Double, _ b: Double, tolerance: Double = 1e-3) -> Bool { abs(a - b) <= tolerance }

private func near(_ a: Box, _ b: Box, tolerance: Double = 1e-3) -> Bool {
    near(a.x, b.x, tolerance: tolerance) && near(a.y, b.y, tolerance: tolerance)
        && near(a.width, b.width, tolerance: tolerance) && near(a.height, b.height, tolerance: tolerance)
}

// MARK: - Shape

@Suite struct YOLOXDecoderShapeTests {
    /// 3549 = 52² + 26² + 13² at 416 (model card); the same three strides at other sizes.
    @Test(arguments: [(320, 40 * 40 + 20 * 20 + 10 * 10), (416, 3549), (512, 64 * 64 + 32 * 32 + 16 * 16)])
    func expectedRows(inputSize: Int, rows: Int) {
        #expect(coco(inputSize).expectedRows == rows)
    }

    @Test func expectedColumnsAreBoxObjectnessAndOneScorePerClass() {
        #expect(coco().expectedColumns == 85)
        #expect(YOLOXDecoder(inputSize: 416, classNames: ["a", "b", "c"]).expectedColumns == 8)
    }

    @Test func allLowObjectnessGivesNothing() {
        var output = RawOutput(coco())
        // Class scores alone never make a detection: objectness multiplies them.
        for c in 0..<80 { output.values[5 + c] = 1 }
        #expect(output.decode(minConfidence: 0.01).isEmpty)
    }
}

// MARK: - Box decoding

@Suite struct YOLOXDecoderBoxTests {
    struct GridCase: CustomTestStringConvertible {
        var inputSize: Int
        var stride: Int
        var gx: Int
        var gy: Int
        var testDescription: String { "\(inputSize): stride \(stride) (\(gx), \(gy))" }
    }

    /// Anchors at the corners of each stride's grid and off the diagonal (gx ≠ gy), so a
    /// swapped gx/gy, a wrong stride order or a wrong grid size each put the box elsewhere.
    static let gridCases: [GridCase] = [
        GridCase(inputSize: 416, stride: 8, gx: 0, gy: 0),
        GridCase(inputSize: 416, stride: 8, gx: 51, gy: 0),
        GridCase(inputSize: 416, stride: 8, gx: 7, gy: 30),
        GridCase(inputSize: 416, stride: 8, gx: 51, gy: 51),
        GridCase(inputSize: 416, stride: 16, gx: 0, gy: 0),
        GridCase(inputSize: 416, stride: 16, gx: 3, gy: 5),
        GridCase(inputSize: 416, stride: 16, gx: 25, gy: 25),
        GridCase(inputSize: 416, stride: 32, gx: 0, gy: 0),
        GridCase(inputSize: 416, stride: 32, gx: 11, gy: 2),
        GridCase(inputSize: 416, stride: 32, gx: 12, gy: 12),
        GridCase(inputSize: 320, stride: 8, gx: 39, gy: 1),
        GridCase(inputSize: 320, stride: 32, gx: 9, gy: 9),
        GridCase(inputSize: 512, stride: 16, gx: 2, gy: 31),
        GridCase(inputSize: 512, stride: 32, gx: 15, gy: 15),
    ]

    /// cx = (x + gx)·s, cy = (y + gy)·s, w = exp(w)·s, h = exp(h)·s at scale 1.
    @Test(arguments: gridCases)
    func gridOffsetsAndSizes(_ grid: GridCase) throws {
        var output = RawOutput(coco(grid.inputSize))
        output.set(RawAnchor(stride: grid.stride, gx: grid.gx, gy: grid.gy,
                             x: 0.25, y: 0.75, w: log(2), h: log(0.5)))
        let detections = output.decode()
        try #require(detections.count == 1)
        let s = Double(grid.stride)
        let cx = (0.25 + Double(grid.gx)) * s, cy = (0.75 + Double(grid.gy)) * s
        let w = 2 * s, h = 0.5 * s
        let expected = Box(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        // Clipping only trims the left/top edge of the (0, 0) cells.
        let clipped = try #require(expected.clipped(to: Box(x: 0, y: 0, width: Double(grid.inputSize),
                                                             height: Double(grid.inputSize))))
        #expect(near(detections[0].box, clipped), "got \(detections[0].box), want \(clipped)")
    }

    /// Model pixels ÷ r = original pixels (r = 416 / 640 for a 640-wide photo).
    @Test(arguments: [1.0, 416.0 / 640.0, 416.0 / 1280.0, 2.0])
    func dividesByLetterboxScale(scale: Double) throws {
        var output = RawOutput(coco())
        // cx = 10.5·16 = 168, cy = 20.5·16 = 328, w = 4·16 = 64, h = 2·16 = 32.
        output.set(RawAnchor(stride: 16, gx: 10, gy: 20, x: 0.5, y: 0.5, w: log(4), h: log(2)))
        let detections = output.decode(scale: scale, imageWidth: 5000, imageHeight: 5000)
        try #require(detections.count == 1)
        let expected = Box(x: 136 / scale, y: 312 / scale, width: 64 / scale, height: 32 / scale)
        #expect(near(detections[0].box, expected), "got \(detections[0].box), want \(expected)")
    }

    @Test func clipsToTheImage() throws {
        var output = RawOutput(coco())
        // Top-left corner: cx = cy = 0, 32 wide → (-16, -16, 32, 32) before clipping.
        output.set(RawAnchor(stride: 8, gx: 0, gy: 0, x: 0, y: 0, w: log(4), h: log(4), classScores: [0: 0.9]))
        // Past the right and bottom edges of a 300 × 200 image: cx = 296, cy = 200, 64 × 32.
        output.set(RawAnchor(stride: 8, gx: 37, gy: 25, x: 0, y: 0, w: log(8), h: log(4), classScores: [1: 0.8]))
        let detections = output.decode(imageWidth: 300, imageHeight: 200)
        try #require(detections.count == 2)
        #expect(detections[0].label == "person")
        #expect(near(detections[0].box, Box(x: 0, y: 0, width: 16, height: 16)), "\(detections[0].box)")
        #expect(detections[1].label == "bicycle")
        #expect(near(detections[1].box, Box(x: 264, y: 184, width: 36, height: 16)), "\(detections[1].box)")
    }

    @Test func dropsBoxesEntirelyInTheLetterboxPadding() {
        var output = RawOutput(coco())
        // A 416 × 200 image letterboxed at r = 1: this box (cy = 324) lies in the grey padding.
        output.set(RawAnchor(stride: 8, gx: 20, gy: 40))
        #expect(output.decode(imageWidth: 416, imageHeight: 200).isEmpty)
        // The same anchor on a taller image is kept, so it is the padding that dropped it.
        #expect(output.decode(imageWidth: 416, imageHeight: 416).count == 1)
    }
}

// MARK: - Scores

@Suite struct YOLOXDecoderScoreTests {
    /// score = objectness × class score; kept when score ≥ minConfidence (inclusive).
    /// The values are exact in Float so the boundary cases are exact.
    @Test(arguments: [
        (Float(0.5), Float(0.5), 0.25, true),      // exactly at the threshold
        (Float(0.5), Float(0.5), 0.2500001, false), // a hair above it
        (Float(1.0), Float(0.25), 0.25, true),
        (Float(0.25), Float(1.0), 0.25, true),
        (Float(0.75), Float(0.25), 0.25, false),    // 0.1875: objectness alone would pass
        (Float(0.2), Float(1.0), 0.25, false),      // objectness below the threshold
        (Float(0.875), Float(0.5), 0.4, true),      // 0.4375
    ])
    func scoreIsObjectnessTimesClassScore(objectness: Float, classScore: Float, minConfidence: Double,
                                           kept: Bool) throws {
        var output = RawOutput(coco())
        output.set(RawAnchor(stride: 16, gx: 4, gy: 6, objectness: objectness, classScores: [2: classScore]))
        let detections = output.decode(minConfidence: minConfidence)
        #expect(detections.count == (kept ? 1 : 0))
        if kept {
            let detection = try #require(detections.first)
            #expect(detection.confidence == Double(objectness * classScore))
            #expect(detection.classIndex == 2)
            #expect(detection.label == "car")
        }
    }

    @Test func oneAnchorAboveThresholdForTwoClassesGivesTwoDetections() throws {
        var output = RawOutput(coco())
        output.set(RawAnchor(stride: 8, gx: 20, gy: 10, x: 0.5, y: 0.5, w: log(4), h: log(4),
                             objectness: 0.9, classScores: [16: 0.8, 15: 0.5, 17: 0.1]))
        let detections = output.decode(minConfidence: 0.25)
        // dog 0.72 and cat 0.45; horse 0.09 is below the threshold.
        #expect(detections.map(\.label) == ["dog", "cat"])
        #expect(detections.map(\.classIndex) == [16, 15])
        try #require(detections.count == 2)
        #expect(near(detections[0].confidence, 0.72, tolerance: 1e-6))
        #expect(near(detections[1].confidence, 0.45, tolerance: 1e-6))
        // Both labels describe the same box.
        #expect(detections[0].box == detections[1].box)
        #expect(near(detections[0].box, Box(x: 148, y: 68, width: 32, height: 32)))
    }

    @Test func resultsAreSortedByConfidence() {
        var output = RawOutput(coco())
        // Far-apart anchors; class order and grid order both differ from confidence order.
        let confidences: [(classIndex: Int, gx: Int, score: Float)] = [
            (0, 2, 0.3), (5, 10, 0.9), (9, 18, 0.5), (2, 26, 0.7), (40, 34, 0.6), (79, 42, 0.95),
        ]
        for item in confidences {
            output.set(RawAnchor(stride: 8, gx: item.gx, gy: 30, classScores: [item.classIndex: item.score]))
        }
        let detections = output.decode(minConfidence: 0.25)
        #expect(detections.map(\.classIndex) == [79, 5, 2, 40, 9, 0])
        #expect(detections.map(\.confidence) == detections.map(\.confidence).sorted(by: >))
    }
}

// MARK: - Per-class NMS in the decoder

@Suite struct YOLOXDecoderSuppressionTests {
    /// Two 64 × 64 boxes (stride 8, exp(w) = 8) on the same row, their centres `shift` pixels
    /// apart, so IoU = (64 − shift) / (64 + shift).
    private func pair(shift: Double, firstClass: Int, firstScore: Float, secondClass: Int,
                      secondScore: Float) -> RawOutput {
        var output = RawOutput(coco())
        output.set(RawAnchor(stride: 8, gx: 20, gy: 20, x: 0, y: 0, w: log(8), h: log(8),
                             classScores: [firstClass: firstScore]))
        // The next cell along, its x offset making up the rest of the shift (it may be negative).
        output.set(RawAnchor(stride: 8, gx: 21, gy: 20, x: Float(shift / 8 - 1), y: 0,
                             w: log(8), h: log(8), classScores: [secondClass: secondScore]))
        return output
    }

    /// The shift for a wanted IoU between two equal 64-pixel boxes.
    private func shift(forIoU iou: Double) -> Double { 64 * (1 - iou) / (1 + iou) }

    @Test func sameClassOverlappingKeepsTheMoreConfident() throws {
        // The more confident box is the later anchor, so "keep the first" would fail.
        let output = pair(shift: 8, firstClass: 0, firstScore: 0.6, secondClass: 0, secondScore: 0.9)
        let detections = output.decode()
        try #require(detections.count == 1)
        #expect(near(detections[0].confidence, 0.9, tolerance: 1e-6))
        #expect(near(detections[0].box.x, 136, tolerance: 1e-3))
    }

    @Test func differentClassesOverlappingAreBothKept() {
        let output = pair(shift: 8, firstClass: 0, firstScore: 0.6, secondClass: 56, secondScore: 0.9)
        #expect(output.decode().map(\.label) == ["chair", "person"])
    }

    /// The model card's threshold is IoU 0.45: just below it both survive, just above it one does.
    @Test(arguments: [(0.44, 2), (0.449, 2), (0.451, 1), (0.46, 1), (0.2, 2), (0.8, 1)])
    func overlapThreshold(iou: Double, kept: Int) {
        let output = pair(shift: shift(forIoU: iou), firstClass: 3, firstScore: 0.9, secondClass: 3, secondScore: 0.8)
        let detections = output.decode()
        #expect(detections.count == kept)
        #expect(detections.first.map { near($0.confidence, 0.9, tolerance: 1e-6) } == true)
    }

    @Test func thresholdIsTheModelCards() {
        #expect(YOLOXDecoder.nmsThreshold == 0.45)
        #expect(YOLOXDecoder.strides == [8, 16, 32])
    }
}

// MARK: - NonMaximumSuppression on its own

private func scored(_ confidence: Double, _ box: Box, classIndex: Int = 0) -> Detection {
    Detection(classIndex: classIndex, label: "person", confidence: confidence, box: box)
}

@Suite struct NonMaximumSuppressionTests {
    @Test func emptyStaysEmpty() {
        #expect(NonMaximumSuppression.apply([], overlap: 0.45).isEmpty)
    }

    @Test func disjointBoxesAreAllKeptMostConfidentFirst() {
        let boxes = [scored(0.3, Box(x: 0, y: 0, width: 10, height: 10)),
                     scored(0.9, Box(x: 20, y: 0, width: 10, height: 10)),
                     scored(0.6, Box(x: 40, y: 0, width: 10, height: 10))]
        #expect(NonMaximumSuppression.apply(boxes, overlap: 0.45).map(\.confidence) == [0.9, 0.6, 0.3])
    }

    @Test func overlappingKeepsTheMoreConfidentWhateverTheInputOrder() {
        let weak = scored(0.5, Box(x: 0, y: 0, width: 10, height: 10))
        let strong = scored(0.8, Box(x: 1, y: 1, width: 10, height: 10))
        #expect(NonMaximumSuppression.apply([weak, strong], overlap: 0.45) == [strong])
        #expect(NonMaximumSuppression.apply([strong, weak], overlap: 0.45) == [strong])
    }

    /// Boxes 29 wide whose left edges are 11 apart overlap by exactly 18 / 40 = 0.45:
    /// "more than the overlap" suppresses, so both stay; one pixel closer, one goes.
    @Test(arguments: [(11.0, 2), (10.0, 1), (12.0, 2)])
    func suppressesOnlyAboveTheOverlap(offset: Double, kept: Int) {
        let a = scored(0.9, Box(x: 0, y: 0, width: 29, height: 1))
        let b = scored(0.8, Box(x: offset, y: 0, width: 29, height: 1))
        #expect(NonMaximumSuppression.apply([a, b], overlap: 0.45).count == kept)
    }

    @Test func greedyChainKeepsBoxesOnlyASuppressedBoxOverlapped() {
        // A overlaps B, B overlaps C, A does not overlap C: B goes, so C stays.
        let a = scored(0.9, Box(x: 0, y: 0, width: 10, height: 10))
        let b = scored(0.8, Box(x: 3, y: 0, width: 10, height: 10))
        let c = scored(0.7, Box(x: 6, y: 0, width: 10, height: 10))
        #expect(a.box.intersectionOverUnion(b.box) > 0.45)
        #expect(b.box.intersectionOverUnion(c.box) > 0.45)
        #expect(a.box.intersectionOverUnion(c.box) < 0.45)
        #expect(NonMaximumSuppression.apply([c, b, a], overlap: 0.45) == [a, c])
    }
}
