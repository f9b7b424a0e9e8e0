// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// What `read PICTURE` says of real pictures whose reading is poor in places: the closing count
/// is of what was heard, a blurred receipt gets advice instead of a string of "(unclear)", and
/// the scene engine's stray characters (a logo read as "米", an arrow as "è") are not lines.
@Suite("Reading: unclear words and stray characters") struct UnclearReadingAcceptanceTests {
    /// The read mode's stage for stills, with the default engine, as `read IMAGE` builds it.
    private func said(_ relative: String) throws -> [String] {
        let stage = try #require(try Mode.read.stage(SessionSettings(engine: .auto), arrival: .still) as? DocumentReader)
        let image = try ImageFile.load(try TestResources.file(relative).path)
        return try stage.analyze(image, source: relative).events.map(\.text)
    }

    private func markers(_ lines: some Sequence<String>) -> Int {
        lines.map { $0.components(separatedBy: "(unclear)").count - 1 }.reduce(0, +)
    }

    /// Receipt 000 was heard with 5 "(unclear)" and closed "9 unclear words" (a run of unclear
    /// words is one marker, and lines with no clear word were not said but counted).
    @Test(.needsTestData("ocr/receipts", "ocr/documents"), arguments: ["ocr/receipts/000.jpg", "ocr/receipts/300.jpg", "ocr/documents/deposition_01.png"])
    func theClosingCountIsOfWhatWasHeard(picture: String) throws {
        let lines = try said(picture)
        let summary = try #require(lines.last)
        let heard = markers(lines.dropLast())
        print("\(picture): \(heard) unclear markers heard; \(summary)")
        #expect(heard > 0, "the picture was meant to have unclear words: \(lines)")
        #expect(summary.contains(heard == 1 ? ", 1 unclear spot" : ", \(heard) unclear spots"), "\(summary)")
    }

    /// Receipt 250 (blurred, 42 of its 88 words unclear) was heard as 23 lines holding 25
    /// "(unclear)"; now one sentence of advice, then only lines with nothing unclear in them.
    @Test func aFloodOfUnclearWordsBecomesAdvice() throws {
        let lines = try said("ocr/receipts/250.jpg")
        print("ocr/receipts/250.jpg: \(lines.count) sentences, \(markers(lines)) unclear markers: \(lines.first ?? "")")
        #expect(lines.first == "Much of the page is unclear: move closer, hold the page flat, or add more light.")
        #expect(markers(lines) == 0, "\(lines)")
        #expect(lines.count >= 3, "the clear lines are still read: \(lines)")
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix("End of page: \(lines.count - 2) lines, ") && summary.hasSuffix("lines too unclear to read."),
                "\(summary)")
    }

    /// Lone characters the scene engine made of logos and pictograms on ICDAR 2015 photos (none of
    /// them in the photos' truth) are not said, while the words beside them are.
    @Test(.needsTestData("ocr/scene-icdar15"), arguments: [
        ("ocr/scene-icdar15/ic15_test_img_147.jpg", "米", "NORTHINDIAN"),
        ("ocr/scene-icdar15/ic15_test_img_142.jpg", "至", "OPENS"),
        ("ocr/scene-icdar15/ic15_test_img_106.jpg", "2", "Marina Link"),
        ("ocr/scene-icdar15/ic15_test_img_106.jpg", "èMarina", "Marina Link"),
        ("ocr/scene-icdar15/ic15_test_img_252.jpg", "B", "EXIT"),
    ])
    func strayCharactersAreNotSaid(picture: String, stray: String, kept: String) throws {
        let lines = try said(picture)
        #expect(!lines.contains { $0 == stray || $0.hasPrefix(stray + " ") }, "\(lines)")
        #expect(lines.contains { $0.contains(kept) }, "\(lines)")
    }

    /// Tesseract's lone letters from specks on receipt 300 ("d" at 57 percent) go, but a
    /// quantity read clearly on its own line stays: on receipt 050 the lone "1" at 95 percent.
    @Test func aLoneCharacterOnAPageIsSaidOnlyWhenClear() throws {
        let speck = try said("ocr/receipts/300.jpg")
        #expect(!speck.contains("d"), "\(speck)")
        let quantity = try said("ocr/receipts/050.jpg")
        #expect(quantity.contains("1"), "\(quantity)")
    }
}
