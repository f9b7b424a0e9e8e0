// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
import Testing

/// Scanning on a simulated hand-held camera (`SimulatedCodeVideo`): while the code is glimpsed,
/// guidance names the side it is on at least 90 % of the time, at most one sentence every two
/// seconds; each code is said once, within a second of being wholly in view.
@Suite struct AimingAcceptanceTests {
    /// Drifting in from every side over five seconds (a slow, searching hand), then held.
    static let segments: [SimulatedCodeVideo.Segment] = [
        .init(photo: "ean_13__ean13-1_1.png", startX: -0.45, startY: 0.5, arrival: 5, seconds: 7),
        .init(photo: "qr_code__qrcode-1_10.png", startX: 1.45, startY: 0.45, arrival: 5, seconds: 7),
        .init(photo: "code_128__code128-2_04.png", startX: 0.5, startY: 1.45, arrival: 5, seconds: 7),
        .init(photo: "upc_a__upca-1_28.png", startX: 0.55, startY: -0.45, arrival: 5, seconds: 7),
        .init(photo: "ean_13__ean13-1_21.png", startX: 1.45, startY: 0.55, arrival: 5, seconds: 7),
        .init(photo: "upc_a__upca-1_2.png", startX: -0.45, startY: 0.45, arrival: 5, seconds: 7),
        .init(photo: "code_128__code128-2_22.png", startX: 0.45, startY: -0.45, arrival: 5, seconds: 7),
        // Far away and coming closer: "Closer." before it can be read.
        .init(photo: "ean_13__ean13-1_2.png", startX: 0.5, startY: 0.5, startScale: 0.3, scale: 1.0, arrival: 4),
    ]

    /// The side the code is on in the frame: the edge it is cut off by, or else the way its
    /// centre is off the middle; nil when it is near enough the middle.
    static func side(of box: Box, width: Double, height: Double) -> AimingGuide.Side? {
        let dx = box.centerX / width - 0.5, dy = box.centerY / height - 0.5
        if box.x < 0 || box.maxX > width || box.y < 0 || box.maxY > height {
            return abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .top : .bottom)
        }
        guard max(abs(dx), abs(dy)) > 0.15 else { return nil }
        return abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .top : .bottom)
    }

    @Test func guidanceNamesTheRightSideAndEachCodeIsSaidOnceSoonAfterItIsWhollyInView() throws {
        let video = try SimulatedCodeVideo(Self.segments)
        let scanner = CodeScanner(wording: .english)
        var events: [NarrationEvent] = []
        // Every frame's advice too, spoken or not (one sentence in two seconds is spoken), for a
        // larger sample of the side it would name.
        var advised = 0, advisedRight = 0
        while let frame = try video.nextFrame() {
            events += try scanner.observe(frame)
            if let side = scanner.lastAdvice?.side {
                advised += 1
                let truth = video.truths[frame.index]
                if side == Self.side(of: truth.box, width: Double(SimulatedCodeVideo.width), height: Double(SimulatedCodeVideo.height)) {
                    advisedRight += 1
                }
            }
        }
        let truths = video.truths
        let w = Double(SimulatedCodeVideo.width), h = Double(SimulatedCodeVideo.height)

        let sided = events.filter { $0.kind == .guidance && !$0.edges.isEmpty }
        let right = sided.filter { event in
            Self.side(of: truths[event.frame].box, width: w, height: h)?.rawValue == event.edges.first
        }
        let closer = events.filter { $0.kind == .guidance && $0.text == "Closer." }
        var report: [String] = []
        for (number, segment) in Self.segments.enumerated() {
            let code = video.codes[number]
            let sentence = CodeSentences(wording: .english).sentence(for: code)
            let wholly = try #require(truths.first { $0.segment == number && $0.wholly }, "segment \(number) never wholly in view")
            let said = events.filter { $0.kind == .text && truths[$0.frame].segment == number }
            #expect(said.map(\.text) == [sentence], "\(segment.photo): said \(said.map(\.text)), expected once: \(sentence)")
            guard let first = said.first else { continue }
            let delay = first.time.seconds - wholly.time
            if segment.startScale == segment.scale {
                // Drifting in: said within a second of being wholly in view.
                report.append(String(format: "%@ %.2f s", code.format.rawValue, delay))
                #expect(delay <= 1.0, "\(segment.photo) said \(delay) s after it was wholly in view")
            } else {
                // Coming closer: "Closer." first, then the code once it is big enough to read.
                report.append(String(format: "%@ (coming closer) at %.2f s", code.format.rawValue, delay))
                #expect(events.contains { $0.kind == .guidance && $0.text == "Closer." && $0.time < first.time },
                        "\(segment.photo) was read without \"Closer.\" first")
            }
        }
        let guidance = events.filter { $0.kind == .guidance }
        for (earlier, later) in zip(guidance, guidance.dropFirst()) {
            #expect(later.time.seconds(since: earlier.time) >= CodeScanner.secondsBetweenGuidance - 1e-6,
                    "guidance \(earlier.text) then \(later.text) too close together")
        }
        let share = sided.isEmpty ? 0 : Double(right.count) / Double(sided.count)
        let frameShare = advised == 0 ? 0 : Double(advisedRight) / Double(advised)
        print(String(format: "Aiming on the simulated hand-held video (%d frames): sides named right %.0f %% (%d of %d), in every frame's advice %.0f %% (%d of %d); \"Closer.\" %d times, said after wholly in view: %@; cues %d",
                     truths.count, 100 * share, right.count, sided.count, 100 * frameShare, advisedRight, advised, closer.count,
                     report.joined(separator: ", "), events.filter { $0.kind == .cue }.count))
        for event in sided where !right.contains(event) {
            print("  wrong: t=\(event.time.seconds) \(event.text) truth box \(truths[event.frame].box)")
        }
        #expect(sided.count >= 4, "guidance named a side only \(sided.count) times: \(guidance.map(\.text))")
        #expect(share >= 0.9)
        #expect(frameShare >= 0.9, "every frame's advice named the right side in \(advisedRight) of \(advised)")
        #expect(!closer.isEmpty, "a far code never got \"Closer.\"")
        // The tick quickens as the code nears the middle at a good size.
        let cues = events.filter { $0.kind == .cue }.compactMap(\.tone?.perSecond)
        #expect((cues.max() ?? 0) > (cues.min() ?? 0) + 2, "tick rates \(Set(cues).sorted())")
    }
}
