// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing

/// The layouts cameras, scanners and editors save beyond plain 8-bit RGB, each decoded to the
/// picture it shows: the files under Fixtures/image-formats (made by its make.py) are one scene,
/// 48 x 24 upright, red on the left half and blue on the right.
@Suite struct ImageFormatTests {
    static let folder = TestResources.packageRoot.appendingPathComponent("Tests/PerceptionTests/Fixtures/image-formats")

    /// The halves' colours as a viewer shows them, red, green and blue.
    static let red = (220, 30, 30), blue = (30, 30, 220)
    /// The grey Pillow makes of them (ITU-R 601 luma).
    static let redGrey = (87, 87, 87), blueGrey = (52, 52, 52)

    static let files: [(name: String, left: (Int, Int, Int), right: (Int, Int, Int))] = [
        ("cmyk.jpg", red, blue),
        ("progressive.jpg", red, blue),
        ("rgb-16-bit.png", red, blue),
        ("grey-alpha.png", redGrey, blueGrey),
        ("palette-transparency.png", red, blue),
        ("interlaced.png", red, blue),
        // Stored turned a quarter, with EXIF orientation 6: shown upright.
        ("orientation-6.jpg", red, blue),
        ("orientation-6.png", red, blue),
    ]

    @Test(arguments: files.map(\.name))
    func decodesToTheUprightPicture(name: String) throws {
        let expected = try #require(Self.files.first { $0.name == name })
        let path = Self.folder.appendingPathComponent(name).path
        let image = try ImageFile.load(path)
        #expect(image.width == 48 && image.height == 24, "\(name) decoded as \(image.width) x \(image.height)")
        let halves = try image.sample(maxWidth: 2, maxHeight: 1)
        for (x, colour) in [(0, expected.left), (1, expected.right)] {
            let seen = halves.rgb(x: x, y: 0)
            let close = abs(Int(seen.red) - colour.0) <= 12 && abs(Int(seen.green) - colour.1) <= 12
                && abs(Int(seen.blue) - colour.2) <= 12
            #expect(close, "\(name): half \(x) is \(seen), not \(colour)")
        }
    }
}
