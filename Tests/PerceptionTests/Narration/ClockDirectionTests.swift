// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages

/// A 20-pixel box centred on the column at `degrees` from the optical axis in a 1280-wide
/// frame, placed by the same pinhole model the code uses: x = W/2 + f·tan(angle).
private func box(atDegrees degrees: Double, horizontalFieldOfView hfov: Double, width: Int = 1280) -> Box {
    let halfWidth = Double(width) / 2
    let focalLength = halfWidth / tan(hfov * .pi / 360)
    let centerX = halfWidth + focalLength * tan(degrees * .pi / 180)
    return Box(x: centerX - 10, y: 100, width: 20, height: 20)
}

@Suite struct ClockDirectionTests {
    @Test(arguments: [
        (0.0, 12), (-90, 9), (90, 3), (-30, 11), (30, 1), (-60, 10), (60, 2), (180, 6), (-180, 6),
        // Exactly halfway between hours keeps the hour nearer 12; just past it moves on.
        (15, 12), (-15, 12), (15.001, 1), (-15.001, 11),
        (45, 1), (-45, 11), (45.001, 2), (-45.001, 10),
        (75, 2), (75.001, 3), (165, 5), (165.001, 6),
        // Wrapping past a full turn.
        (270, 9), (-270, 3), (360, 12), (390, 1), (-750, 11),
        // Degenerate geometry falls back to straight ahead rather than trapping.
        (Double.nan, 12), (Double.infinity, 12),
    ] as [(Double, Int)])
    func hourForAngle(degrees: Double, hour: Int) {
        #expect(ClockDirection(angleDegrees: degrees).hour == hour)
    }

    @Test(arguments: [
        // A 60° lens: the frame spans 11 to 1.
        (60.0, -29.0, 11), (60, -16, 11), (60, -14, 12), (60, 0, 12), (60, 14, 12), (60, 16, 1), (60, 29, 1),
        // A 120° lens: 10 to 2.
        (120, -59, 10), (120, -46, 10), (120, -44, 11), (120, -16, 11), (120, -14, 12),
        (120, 14, 12), (120, 16, 1), (120, 44, 1), (120, 46, 2), (120, 59, 2),
    ] as [(Double, Double, Int)])
    func hourAcrossTheFrame(hfov: Double, degrees: Double, hour: Int) {
        let direction = ClockDirection(of: box(atDegrees: degrees, horizontalFieldOfView: hfov),
                                       imageWidth: 1280, horizontalFieldOfView: hfov)
        #expect(direction.hour == hour)
    }

    @Test(arguments: [(60.0, [11, 12, 1]), (120, [10, 11, 12, 1, 2])] as [(Double, [Int])])
    func frameSpansTheseHours(hfov: Double, hours: [Int]) {
        var seen: [Int] = []
        for centerX in stride(from: 0.0, through: 1280, by: 4) {
            let hour = ClockDirection(of: Box(x: centerX - 2, y: 0, width: 4, height: 4),
                                      imageWidth: 1280, horizontalFieldOfView: hfov).hour
            if seen.last != hour { seen.append(hour) }
        }
        #expect(seen == hours)
    }

    @Test func everyHourIsInRange() {
        for degrees in stride(from: -400.0, through: 400, by: 0.5) {
            #expect((1...12).contains(ClockDirection(angleDegrees: degrees).hour), "\(degrees)°")
        }
    }

    @Test(arguments: [(-30.0, "at 11 o'clock", "11 o'clock"), (0, "at 12 o'clock", "12 o'clock"),
                      (90, "at 3 o'clock", "3 o'clock")] as [(Double, String, String)])
    func words(degrees: Double, phrase: String, terse: String) {
        let direction = ClockDirection(angleDegrees: degrees)
        #expect(direction.phrase(.english) == phrase)
        #expect(direction.terse(.english) == terse)
    }
}
