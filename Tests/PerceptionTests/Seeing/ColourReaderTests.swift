// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The centre's colour: the edges ignored, a small logo outvoted, a mixed centre hedged.
@Suite struct ColourReaderTests {
    /// A grey room with `centre(x, y)` drawn over the middle third of a 150 x 120 view.
    static func view(_ centre: @escaping (Int, Int) -> UInt32, edge: UInt32 = 0x909090) throws -> Image {
        try SyntheticPictures.image(width: 150, height: 120) { x, y in
            (50..<100).contains(x) && (40..<80).contains(y) ? centre(x - 50, y - 40) : edge
        }
    }

    @Test func aPlainCentreIsNamedPlainly() throws {
        let reading = try ColourReader(wording: .english).read(try Self.view { _, _ in 0x0A1850 })
        #expect(reading.sentence == "Dark blue.")
        #expect(reading.name?.family == "blue")
        #expect(reading.share > 0.95)
        #expect(reading.confidence == reading.share)
    }

    /// Strong colours at the edges of the view do not change the centre's name.
    @Test func theEdgesAreIgnored() throws {
        let picture = try SyntheticPictures.image(width: 150, height: 120) { x, y in
            if (50..<100).contains(x), (40..<80).contains(y) { return 0xD01010 }
            return x < 25 ? 0x20A020 : (x >= 125 ? 0x1E50E0 : 0x808080)
        }
        #expect(try ColourReader(wording: .english).read(picture).sentence == "Red.")
    }

    @Test func aSmallLogoDoesNotChangeTheAnswer() throws {
        let shirt = try Self.view { x, y in (20..<30).contains(x) && (15..<25).contains(y) ? 0xFFFFFF : 0x006400 }
        #expect(try ColourReader(wording: .english).read(shirt).sentence == "Dark green.")
    }

    @Test func twoColoursAreBothSaid() throws {
        let stripes = try Self.view { x, _ in x < 30 ? 0x0A1850 : 0xFFFFFF }
        let reading = try ColourReader(wording: .english).read(stripes)
        #expect(reading.sentence == "Mostly dark blue, with white.")
        #expect(reading.second?.name == "white")
    }

    @Test func manyColoursAreHedged() throws {
        let colours: [UInt32] = [0xD01010, 0x20A020, 0x1E50E0, 0xFFEE00, 0x800080, 0xFF8000]
        let patchwork = try Self.view { x, _ in colours[x * colours.count / 50] }
        #expect(try ColourReader(wording: .english).read(patchwork).sentence.hasPrefix("Mixed colours, mostly "))
    }

    @Test func aDarkViewSaysSoInsteadOfGuessing() throws {
        let reading = try ColourReader(wording: .english).read(try SyntheticPictures.uniform(0x050505, width: 150, height: 120))
        #expect(reading.name == nil)
        #expect(reading.confidence == 0)
        #expect(reading.sentence == "Too dark to tell the colour.")
    }

    /// A black thing in a lit room is black, not "too dark".
    @Test func aBlackThingInALitRoomIsBlack() throws {
        #expect(try ColourReader(wording: .english).read(try Self.view { _, _ in 0x000000 }).sentence == "Black.")
    }
}
