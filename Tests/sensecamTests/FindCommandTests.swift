// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Perception

/// `sensecam find` as a user runs it: a name that is not a kind it finds is refused in one
/// short sentence, exit 64, saying how to teach it (the kinds are listed in the help instead); a
/// guess only when the name is very likely a slip; everyday names in each language work; a
/// picture without the thing gets a sentence about the picture, never one that says the thing
/// is not there.
@Suite struct FindCommandTests {
    static let cupPicture = "detect/coco-val/images/000000002592.jpg"
    /// People in plain view, at 11 and 12 o'clock.
    static let peoplePicture = "detect/coco-val/images/000000000139.jpg"

    /// The usage report of a find refusal in `language`, worded by its catalog.
    static func report(_ message: Message, _ language: Language, command: String = "sensecam find") -> String {
        language.wording(.usageErrorReport, ["sentence": .message(message), "command": .text(command)])
    }

    static func notAKind(_ name: String) -> Message {
        Message(.usageFindNotAKind, ["name": .text(name), "teach": .text(name), "count": .integer(0), "taught": .list([])])
    }

    @Test func aNameThatIsNotAKindIsOneShortSentenceSayingHowToTeachIt() throws {
        let keys = try SensecamProcess.run(["find", "keys"])
        #expect(keys.status == 64, "\(keys)")
        #expect(keys.stdout == "", "\(keys)")
        #expect(keys.stderrLines == ["Error: sensecam cannot find keys by itself; teach it your keys with 'sensecam teach keys PHOTO…'. See 'sensecam find --help'."],
                "\(keys)")
        // A name of two words is quoted in the command, as a shell needs it.
        let wallet = try SensecamProcess.run(["find", "blue wallet"])
        #expect(wallet.stderrLines == ["Error: sensecam cannot find blue wallet by itself; teach it your blue wallet with 'sensecam teach \"blue wallet\" PHOTO…'. See 'sensecam find --help'."],
                "\(wallet)")
    }

    /// A guess only when the name is very likely a slip, in every language: a card is not a car
    /// with a letter too many, nor are keys (Schlüssel) a bowl (Schüssel); bycicle is a bicycle.
    @Test(arguments: [
        (["find", "card"], Language.english, notAKind("card")),
        (["find", "Schlüssel", "--language", "de"], .german, notAKind("Schlüssel")),
        (["find", "clés", "--language", "fr"], .french, notAKind("clés")),
        (["find", "llaves", "--language", "es"], .spanish, notAKind("llaves")),
        (["find", "bycicle"], .english, Message(.usageFindUnknownKindGuess, ["name": .text("bycicle"), "suggestion": .text("bicycle")])),
        (["find", "Regenschrim", "--language", "de"], .german,
         Message(.usageFindUnknownKindGuess, ["name": .text("Regenschrim"), "suggestion": .text("Regenschirm")])),
        (["find", "parapuie", "--language", "fr"], .french,
         Message(.usageFindUnknownKindGuess, ["name": .text("parapuie"), "suggestion": .text("parapluie")])),
        (["find", "bisicleta", "--language", "es"], .spanish,
         Message(.usageFindUnknownKindGuess, ["name": .text("bisicleta"), "suggestion": .text("bicicleta")])),
    ] as [([String], Language, Message)])
    func aGuessOnlyWhenVeryLikely(arguments: [String], language: Language, message: Message) throws {
        let run = try SensecamProcess.run(arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines == [Self.report(message, language)], "\(run)")
    }

    /// The kinds it finds are where they are asked for: in `find --help`, every one, in the
    /// help's language, as the language lists things.
    @Test(arguments: [("en", "The kinds it finds: "), ("de", "Die Arten, die es findet: "),
                      ("fr", "Les types qu'il sait trouver : "), ("es", "Los tipos que encuentra: ")])
    func theHelpListsTheKinds(code: String, heading: String) throws {
        let run = try SensecamProcess.run(["find", "--help", "--language", code])
        #expect(run.status == 0, "\(run)")
        // Help wraps its lines; the list is read as one paragraph.
        let help = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let language = try #require(Language(code: code))
        let kinds = language.wording.list(COCOClasses.names.map { ObjectNoun(label: $0, wording: language.wording).name })
        #expect(help.contains(heading + kinds + "."), "\(run)")
        if language == .english {
            #expect(help.contains("The kinds it finds: person, bicycle, car, motorcycle, "), "\(run)")
        }
    }

    /// A thing taught as "person" before `teach` refused kinds' names does not hide the people in
    /// view: find looks for people, and says once, first, that the taught thing is set aside.
    @Test func aThingTaughtUnderAKindsNameDoesNotHideTheKind() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { scratch in
            let things = scratch.appendingPathComponent("sensecam/things")
            try FileManager.default.createDirectory(at: things, withIntermediateDirectories: true)
            // What an older sensecam wrote; its contents are never read for a kind.
            try Data("not read".utf8).write(to: things.appendingPathComponent("person.thing"))
            let run = try SensecamProcess.run(["find", "person", try SharedTestData.path(Self.peoplePicture)],
                                              environment: ["XDG_DATA_HOME": scratch.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderrLines == ["'person' now means people, which sensecam finds by itself, not the thing you taught by that name; teach yours again under another name, such as 'my bag'."],
                    "\(run)")
            #expect(!run.stdoutLines.isEmpty && run.stdoutLines.allSatisfy { $0.contains("person") || $0.contains("people") }, "\(run)")
            #expect(!run.stdout.contains("your person") && !run.stdout.contains("Could not find"), "\(run)")
        }
    }

    @Test(.needsTestData("detect/coco-val"), arguments: [
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
