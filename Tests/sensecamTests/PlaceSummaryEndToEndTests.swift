// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing

/// `sensecam aware IMAGE --summary` as a user runs it on the shared COCO photos (issue 32): the
/// place in one hedged sentence with its light, then everything in view; no room where the
/// objects point to none; the place in the JSON record; and without `--summary`, no place.
@Suite(.serialized)
struct PlaceSummaryEndToEndTests {
    static let kitchen = "detect/coco-val/images/000000000802.jpg"
    static let elephants = "detect/coco-val/images/000000007108.jpg"

    /// A still picture has no keys to press: where it holds more text than its signs, the
    /// summary names the command that reads it, with the picture's own path, in each language.
    @Test(.needsTestData("ocr/documents"), arguments: Language.allCases)
    func moreTextInAStillNamesTheCommandThatReadsIt(language: Language) throws {
        try SensecamProcess.requireModel()
        let chart = try SharedTestData.path("ocr/documents/chart_01.png")
        try withTemporaryFolder { folder in
            // A path with a space, as a shell needs it quoted.
            let picture = folder.appendingPathComponent("my chart.png").path
            try FileManager.default.copyItem(atPath: chart, toPath: picture)
            let run = try SensecamProcess.run(["aware", picture, "--summary", "--language", language.code])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines.last == language.wording(.signsMoreTextInPicture, ["path": .text("\"\(picture)\"")]), "\(run)")
            #expect(!run.stdout.contains(language.wording(.signsMoreText)), "\(run)")
            if language == .english {
                #expect(run.stdoutLines.last == "Possibly more text in this picture; read it with 'sensecam read \"\(picture)\"'.", "\(run)")
            }
        }
    }

    @Test func summaryOpensWithThePlace() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.kitchen), "--summary"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Probably a kitchen, moderately lit, with a refrigerator at 1 o'clock.", "\(run)")
        #expect(run.stdoutLines.dropFirst().first?.hasPrefix("In view: probably an oven") == true, "\(run)")
        #expect(run.stderr == "", "\(run)")
    }

    @Test func noRoomWhereTheObjectsPointToNone() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.elephants), "--summary"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines.first == "Moderate light.", "\(run)")
        #expect(run.stdoutLines.dropFirst().first?.hasPrefix("In view: probably three elephants") == true, "\(run)")
    }

    @Test func theRecordCarriesThePlace() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.kitchen), "--summary", "--json"])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        let place = try #require(record["place"] as? [String: Any], "\(record)")
        #expect(place["name"] as? String == "kitchen" && place["band"] as? String == "probably", "\(place)")
        #expect((place["evidence"] as? [String])?.prefix(2) == ["refrigerator", "oven"], "\(place)")
        #expect(record["light"] as? String == "moderate", "\(record)")
        let captions = (record["captions"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(captions.first == "Probably a kitchen, moderately lit, with a refrigerator at 1 o'clock.", "\(captions)")
    }

    /// Without `--summary` a still is said one kind at a time, as before, and its record has no place.
    @Test func withoutSummaryNoPlaceIsSaid() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.kitchen), "--json"])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        #expect(record["place"] == nil && record["light"] == nil, "\(record)")
    }
}
