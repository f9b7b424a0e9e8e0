// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

/// `sensecam light IMAGE` and `sensecam colour IMAGE` as a user runs them: the sentence, the
/// JSON, the help, and one sentence with the usual exit status for each mistake.
@Suite(.serialized)
struct LightAndColourEndToEndTests {
    /// A PNG in `folder` drawn by `colour(x, y)` (0xRRGGBB) at 160 x 120.
    static func picture(_ name: String, in folder: URL, colour: (Int, Int) -> UInt32) throws -> String {
        let width = 160, height = 120
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let hex = colour(x, y), offset = (y * width + x) * 3
                (bytes[offset], bytes[offset + 1], bytes[offset + 2]) = (UInt8(hex & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex >> 16 & 0xFF))
            }
        }
        let image = try bytes.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: width * 3) }
        let url = folder.appendingPathComponent(name)
        try Data(try image.pngData()).write(to: url)
        return url.path
    }

    /// Light falling from the left: white on the left third, fading to mid grey.
    static func litFromTheLeft(in folder: URL) throws -> String {
        try picture("left.png", in: folder) { x, _ in
            let level = UInt32(255 - min(x, 100))
            return level << 16 | level << 8 | level
        }
    }

    /// A navy shirt with a small white logo, in front of a grey wall.
    static func navyShirt(in folder: URL) throws -> String {
        try picture("shirt.png", in: folder) { x, y in
            guard (40..<120).contains(x), (30..<90).contains(y) else { return 0x8C8C8C }
            return (75..<85).contains(x) && (55..<62).contains(y) ? 0xFFFFFF : 0x0A1850
        }
    }

    @Test func lightSaysHowMuchAndFromWhere() throws {
        try withTemporaryFolder { tmp in
            let run = try SensecamProcess.run(["light", try Self.litFromTheLeft(in: tmp)])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines == ["Bright light, mostly from the left."], "\(run)")
            #expect(run.stderr == "", "\(run)")
        }
    }

    @Test func lightJSONCarriesTheMeasurements() throws {
        try withTemporaryFolder { tmp in
            let path = try Self.litFromTheLeft(in: tmp)
            let run = try SensecamProcess.run(["light", path, "--json"])
            #expect(run.status == 0, "\(run)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
            #expect(object["source"] as? String == path)
            #expect(object["sentence"] as? String == "Bright light, mostly from the left.")
            #expect(object["band"] as? String == "bright")
            #expect(object["direction"] as? String == "left")
            let brightness = try #require(object["brightness"] as? Double)
            #expect((LightMeter.brightFrom...1).contains(brightness))
            let tone = try #require(object["tone_hz"] as? Double)
            #expect(abs(tone - LightMeter.tonePitch(for: brightness)) < 1)
            #expect(run.stdoutLines.count == 1)
        }
    }

    @Test func colourNamesTheCentreNotTheLogoOrTheWall() throws {
        try withTemporaryFolder { tmp in
            let path = try Self.navyShirt(in: tmp)
            let british = try SensecamProcess.run(["colour", path])
            #expect(british.status == 0, "\(british)")
            #expect(british.stdoutLines == ["Dark blue."], "\(british)")
            // The American spelling runs the same command.
            let american = try SensecamProcess.run(["color", path])
            #expect(american.status == 0, "\(american)")
            #expect(american.stdout == british.stdout)
        }
    }

    @Test func colourJSONCarriesNameLabAndWhiteBalance() throws {
        try withTemporaryFolder { tmp in
            let run = try SensecamProcess.run(["colour", try Self.navyShirt(in: tmp), "--json"])
            #expect(run.status == 0, "\(run)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
            #expect(object["colour"] as? String == "dark blue")
            #expect(object["family"] as? String == "blue")
            #expect(object["sentence"] as? String == "Dark blue.")
            let lab = try #require(object["lab"] as? [Double])
            #expect(lab.count == 3 && lab[0] < 30 && lab[2] < -20, "\(lab)")
            let share = try #require(object["share"] as? Double)
            #expect(share > 0.9)
            let balance = try #require(object["white_balance"] as? [String: Any])
            #expect(balance["applied"] is Bool)
            #expect((balance["gains"] as? [Double])?.count == 3)
        }
    }

    @Test(arguments: ["light", "colour", "color"])
    func helpExplainsTheCommand(command: String) throws {
        let run = try SensecamProcess.run([command, "--help"])
        #expect(run.status == 0, "\(run)")
        let canonical = command == "color" ? "colour" : command
        #expect(run.stdout.hasPrefix("OVERVIEW: Say "), "\(run)")
        #expect(run.stdout.contains("USAGE: sensecam \(canonical) <image> [--json]"), "\(run)")
        #expect(run.stdout.contains("--json                  Print one JSON object instead of sentences."), "\(run)")
        #expect(run.stderr == "")
    }

    @Test(arguments: ["light", "colour"])
    func aMissingImageIsOneSentenceAndExitOne(command: String) throws {
        try withTemporaryFolder { tmp in
            let path = tmp.appendingPathComponent("no-such-photo.jpg").path
            let run = try SensecamProcess.run([command, path])
            #expect(run.status == 1, "\(run)")
            #expect(run.stdout == "", "\(run)")
            #expect(run.stderrLines == ["\(path) does not exist; check the path."], "\(run)")
        }
    }

    @Test(arguments: [["light", "photo.jpg", "--bright"], ["colour", "photo.jpg", "--jsno"], ["colour"]])
    func aUsageMistakeIsReportedWithExit64(arguments: [String]) throws {
        let run = try SensecamProcess.run(arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout == "", "\(run)")
        let lines = run.stderrLines
        #expect(lines.count == 1, "\(run)")
        #expect(lines.first?.hasPrefix("Error: ") == true, "\(run)")
        #expect(lines.first?.hasSuffix(" See 'sensecam \(arguments[0]) --help'.") == true, "\(run)")
    }

    @Test func aMistypedOptionGetsASuggestion() throws {
        let run = try SensecamProcess.run(["colour", "photo.jpg", "--jsno"])
        #expect(run.stderr.contains("did you mean '--json'?"), "\(run)")
    }

    /// A real photo reads through the whole path (decode, sample, measure) in a sentence.
    @Test func aRealPhotoGivesOneSentenceEach() throws {
        let photo = try SharedTestData.path("detect/coco-val/images/000000000139.jpg")
        for command in ["light", "colour"] {
            let run = try SensecamProcess.run([command, photo])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines.count == 1 && run.stdout.hasSuffix(".\n"), "\(run)")
        }
    }
}
