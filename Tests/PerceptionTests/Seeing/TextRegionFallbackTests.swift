// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Evaluation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// When the camera is so close that no page border is in view, the text itself is what
/// framing guidance and reading go by.
@Suite struct TextRegionFallbackTests {
    static func samplePage() throws -> Image {
        try ImageFile.load(TestResources.packageRoot.appendingPathComponent("samples/welcome-page.png").path)
    }

    /// A frame that is all page: no border to find, but the text block is found, wholly in view.
    @Test func aCloseUpPageIsFramedByItsText() throws {
        let image = try Self.samplePage()
        let view = try #require(PageView(finder: PageFinder(), image: image))
        #expect(view.outline == nil, "no page border is in view")
        #expect(view.edges.isEmpty)
        #expect(view.fill >= FramingGuide.minimumFill)
    }

    @Test func aBlankFrameHasNoPage() throws {
        let pixels = [UInt8](repeating: 250, count: 640 * 480 * 3)
        let blank = try pixels.withUnsafeBytes { try Image(bgr: $0, width: 640, height: 480, rowBytes: 640 * 3) }
        #expect(PageView(finder: PageFinder(), image: blank) == nil)
    }

    /// Held steady over the close-up, the reader reads it — word for word.
    @Test func aCloseUpPageIsRead() throws {
        let image = try Self.samplePage()
        let reader = DocumentReader(recognizer: try TextRecognizer(), wording: .english)
        var events: [NarrationEvent] = []
        for index in 0..<30 {
            events += try reader.observe(Frame(image: image, timestamp: Timestamp(seconds: Double(index) / 15), index: index))
        }
        let start = try #require(events.firstIndex { $0.text == "Page found. Reading." }, "\(events.map(\.text))")
        let lines = events[(start + 1)...].prefix { $0.kind == .text }.map(\.text)
        var cer = CharacterErrorRate()
        cer.add(hypothesis: lines.joined(separator: "\n"),
                reference: try GroundTruth.text(at: TestResources.packageRoot.appendingPathComponent("samples/welcome-page.txt")))
        #expect(cer.edits == 0, "\(lines)")
        #expect(events.filter { $0.text == "Page found. Reading." }.count == 1, "read once while it stays in view")
    }
}
