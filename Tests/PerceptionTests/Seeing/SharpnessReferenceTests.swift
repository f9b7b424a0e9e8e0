// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing

@Suite struct SharpnessReferenceTests {
    static let floor = SharpnessReference.absoluteFloor

    /// (sharpness of each frame at 15 fps, the verdict expected for the last one)
    @Test(arguments: [
        ([3.0, 3.0, 3.0], true),            // steady on a page: sharp
        ([3.0, 3.0, 1.2], false),           // the camera moves: blurred, relative to just before
        ([3.0, 3.0, 2.0], true),            // a little softer is still sharp
        ([0.5, 0.5, 0.5], false),           // uniformly blurred: below the absolute floor
        ([1.5, 1.5, 1.5], true),            // small print, steady: sharp although below the old fixed threshold
    ] as [([Double], Bool)])
    func judgedAgainstTheRecentBest(series: [Double], expected: Bool) {
        var reference = SharpnessReference()
        var verdict = false
        for (index, value) in series.enumerated() {
            verdict = reference.isSharp(value * Self.floor, at: Timestamp(seconds: Double(index) / 15))
        }
        #expect(verdict == expected)
    }

    /// A sharp moment long ago does not make every later frame look blurred.
    @Test func theBestIsForgottenAfterTheWindow() {
        var reference = SharpnessReference()
        _ = reference.isSharp(6 * Self.floor, at: Timestamp(seconds: 0))
        let soonAfter = reference.isSharp(2 * Self.floor, at: Timestamp(seconds: 1))
        #expect(!soonAfter)
        let later = reference.isSharp(2 * Self.floor, at: Timestamp(seconds: SharpnessReference.windowSeconds + 0.5))
        #expect(later)
    }
}
