// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// The box an object `realHeight` metres tall at `metres` would have, standing centred in a
/// `width` × `height` frame: pixel height = real height × f / distance, f = (W/2)/tan(hfov/2).
private func box(realHeight: Double, atMetres metres: Double, width: Int = 1280, height: Int = 720,
                 horizontalFieldOfView hfov: Double = 60) -> Box {
    let focalLength = Double(width) / 2 / tan(hfov * .pi / 360)
    let pixels = realHeight * focalLength / metres
    return Box(x: Double(width) / 2 - 50, y: (Double(height) - pixels) / 2, width: 100, height: pixels)
}

@Suite struct DistanceEstimateTests {
    @Test(arguments: [
        // A person at 4 and 8 m in a 1280×720 frame with a 60° lens (471 and 236 px tall).
        ("person", 1.7, 4.0, 60.0), ("person", 1.7, 8, 60),
        // At 2 m a 1.7 m person is 942 px tall and cannot fit in 720 rows at 60°;
        // a 90° lens (544 px) shows all of them.
        ("person", 1.7, 2, 90),
        ("chair", 0.9, 2, 60), ("dog", 0.55, 2, 60), ("car", 1.5, 8, 60),
        ("stop sign", 0.75, 12, 60), ("dining table", 0.75, 3, 120), ("bus", 3.0, 20, 60),
    ] as [(String, Double, Double, Double)])
    func recoversDistanceOfSyntheticBox(label: String, realHeight: Double, metres: Double, hfov: Double) throws {
        let box = box(realHeight: realHeight, atMetres: metres, horizontalFieldOfView: hfov)
        try #require(box.y > 2 && box.maxY < 718, "the test box must fit in the frame")
        let estimate = try #require(DistanceEstimate.metres(
            for: label, box: box, imageWidth: 1280, imageHeight: 720, horizontalFieldOfView: hfov))
        #expect(abs(estimate - metres) <= 0.25 * metres)
        // The estimator and this test use the same model and height, so they agree exactly.
        #expect(abs(estimate - metres) < 1e-9 * metres)
    }

    @Test func personTooCloseToFitIsCutOff() {
        // The person at 2 m with a 60° lens fills the frame top to bottom: height unknown.
        let fullHeight = Box(x: 590, y: 0, width: 100, height: 720)
        #expect(DistanceEstimate.metres(for: "person", box: fullHeight, imageWidth: 1280, imageHeight: 720,
                                        horizontalFieldOfView: 60) == nil)
    }

    @Test(arguments: [
        // Touching or within 2 px of the top or bottom edge: cut off.
        ("person", Box(x: 100, y: 0, width: 50, height: 300)),
        ("person", Box(x: 100, y: 2, width: 50, height: 300)),
        ("person", Box(x: 100, y: 400, width: 50, height: 320)),
        ("person", Box(x: 100, y: 400, width: 50, height: 318)),
        // No usable height.
        ("person", Box(x: 100, y: 100, width: 50, height: 0)),
        ("person", Box(x: 100, y: 100, width: 50, height: -10)),
        ("person", Box(x: 100, y: 100, width: 50, height: .nan)),
        // Classes without a typical height.
        ("kite", Box(x: 100, y: 100, width: 50, height: 50)),
        ("boat", Box(x: 100, y: 100, width: 50, height: 50)),
        ("unicorn", Box(x: 100, y: 100, width: 50, height: 50)),
    ] as [(String, Box)])
    func noEstimate(label: String, box: Box) {
        #expect(DistanceEstimate.metres(for: label, box: box, imageWidth: 1280, imageHeight: 720,
                                        horizontalFieldOfView: 60) == nil)
    }

    @Test func justInsideTheMarginIsEstimated() {
        let box = Box(x: 100, y: 2.5, width: 50, height: 715)  // 2.5 px from top, 2.5 px from bottom
        #expect(DistanceEstimate.metres(for: "person", box: box, imageWidth: 1280, imageHeight: 720,
                                        horizontalFieldOfView: 60) != nil)
    }

    @Test(arguments: [0.0, -10, 180, 200, .nan] as [Double])
    func degenerateLensHasNoEstimate(hfov: Double) {
        let box = Box(x: 100, y: 100, width: 50, height: 300)
        #expect(DistanceEstimate.metres(for: "person", box: box, imageWidth: 1280, imageHeight: 720,
                                        horizontalFieldOfView: hfov) == nil)
    }

    @Test func labelsAreNormalised() {
        let box = box(realHeight: 0.75, atMetres: 3)
        let estimate = DistanceEstimate.metres(for: "Dining_Table", box: box, imageWidth: 1280, imageHeight: 720,
                                               horizontalFieldOfView: 60)
        #expect(estimate.map { abs($0 - 3) < 1e-9 } == true)
    }

    @Test func everyTypicalHeightIsACocoClass() {
        for label in DistanceEstimate.typicalHeights.keys {
            #expect(COCOClasses.names.contains(label), "\(label)")
        }
    }

    @Test(arguments: [
        (0.1, "about half a metre"), (0.5, "about half a metre"), (0.749, "about half a metre"),
        (0.75, "about 1 metre"), (1.0, "about 1 metre"), (1.24, "about 1 metre"),
        (1.25, "about 1.5 metres"), (1.6, "about 1.5 metres"), (2.0, "about 2 metres"),
        (2.4, "about 2.5 metres"), (2.74, "about 2.5 metres"), (2.8, "about 3 metres"),
        (3.4, "about 3 metres"), (3.5, "about 4 metres"), (7.2, "about 7 metres"),
        (9.6, "about 10 metres"), (10.4, "about 10 metres"), (10.6, "about 10 metres"),
        (12.4, "about 10 metres"), (12.5, "about 15 metres"), (17.4, "about 15 metres"),
        (17.6, "about 20 metres"), (23, "about 25 metres"), (140, "about 140 metres"),
        (.infinity, "distance unknown"), (.nan, "distance unknown"), (-1, "distance unknown"),
    ] as [(Double, String)])
    func spokenRounding(metres: Double, expected: String) {
        #expect(DistanceEstimate.spoken(metres, wording: .english) == expected)
    }
}
