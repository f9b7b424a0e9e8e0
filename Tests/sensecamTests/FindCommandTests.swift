// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `sensecam find` as a user runs it: a name the detector cannot see is refused in one line,
/// exit 64, with the kinds it can find; everyday names in each language work; a picture without
/// the thing gets a sentence about the picture, never one that says the thing is not there.
@Suite struct FindCommandTests {
    static let cupPicture = "detect/coco-val/images/000000002592.jpg"

    @Test func aKindTheDetectorCannotSeeIsRefusedInOneLineWithTheKindsItCan() throws {
        let run = try SensecamProcess.run(["find", "keys"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout == "", "\(run)")
        let lines = run.stderrLines
        #expect(lines.count == 1, "\(run)")
        let line = lines.first ?? ""
        #expect(line.hasPrefix("Error: sensecam cannot find 'keys'; it can find: person, bicycle, car, "), "\(line)")
        #expect(line.contains(", cup, ") && line.contains(", cell phone, "), "\(line)")
        #expect(line.hasSuffix(", toothbrush. See 'sensecam find --help'."), "\(line)")
        // In the language asked for, in its words.
        let german = try SensecamProcess.run(["find", "Geldbörse", "--language", "de"])
        #expect(german.status == 64 && german.stderrLines.count == 1, "\(german)")
        #expect(german.stderr.hasPrefix("Fehler: sensecam kann nicht nach 'Geldbörse' suchen; es kennt: Person, Fahrrad, "), "\(german)")
        // A near miss is guessed in the catalog's spelling.
        let near = try SensecamProcess.run(["find", "Schlüssel", "--language", "de"])
        #expect(near.stderrLines == ["Fehler: sensecam kann nicht nach 'Schlüssel' suchen; meinten Sie 'Schüssel'? Hilfe mit 'sensecam find --help'."],
                "\(near)")
    }

    @Test func aNearMissGetsAGuessInstead() throws {
        let run = try SensecamProcess.run(["find", "bycicle"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines == ["Error: sensecam cannot find 'bycicle'; did you mean 'bicycle'? See 'sensecam find --help'."], "\(run)")
    }

    @Test(arguments: [
        (["find", "mug"], "Probably a cup, at 12 o'clock."),
        (["find", "Becher", "--language", "de"], "Wahrscheinlich eine Tasse, auf 12 Uhr."),
        (["find", "TASSE", "--language", "fr"], "Probablement une tasse, à 12 heures."),
        (["find", "tazas", "--language", "es"], "Probablemente una taza, a las 12."),
        (["find", "phone"], "Could not find a cell phone in this picture; it may still be there."),
    ])
    func aPictureIsAnsweredInTheLanguagesWords(arguments: [String], sentence: String) throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(arguments + [try SharedTestData.path(Self.cupPicture)])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdoutLines == [sentence], "\(run)")
        #expect(run.stderr == "", "\(run)")
    }

    @Test func jsonCarriesEachSightingWithItsHour() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["find", "cups", try SharedTestData.path(Self.cupPicture), "--json"])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        #expect(record["find"] as? String == "cup")
        let sightings = try #require(record["sightings"] as? [[String: Any]])
        #expect(sightings.count == 1 && sightings.first?["hour"] as? Int == 12, "\(sightings)")
        let captions = try #require(record["captions"] as? [[String: Any]])
        #expect(captions.first?["text"] as? String == "Probably a cup, at 12 o'clock.")
    }
}
