// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// `find NAME`: the name a user types becomes one of the detector's kinds in every catalog
/// language — the noun in either number, everyday names from the catalog, the model's label —
/// whatever its case or accents; a name for nothing the detector knows becomes nothing.
@Suite struct FindTargetTests {
    @Test(arguments: [
        // English: nouns, plurals, synonyms and labels.
        (Language.english, "cup", "cup"), (.english, "cups", "cup"), (.english, "mug", "cup"), (.english, "Mugs", "cup"),
        (.english, "phone", "cell phone"), (.english, "mobile", "cell phone"), (.english, "cell phone", "cell phone"),
        (.english, "cell_phone", "cell phone"), (.english, "couch", "couch"), (.english, "settee", "couch"),
        (.english, "sofa", "couch"), (.english, "TV", "tv"), (.english, "television", "tv"),
        (.english, "laptop computer", "laptop"), (.english, "table", "dining table"), (.english, "bike", "bicycle"),
        (.english, "motorbike", "motorcycle"), (.english, "plant", "potted plant"), (.english, "people", "person"),
        (.english, "fridge", "refrigerator"), (.english, "  Remote   Control ", "remote"),
        // German: the catalog's nouns and its everyday names, any case, ß or ss.
        (.german, "Tasse", "cup"), (.german, "tassen", "cup"), (.german, "Becher", "cup"), (.german, "Handy", "cell phone"),
        (.german, "Handys", "cell phone"), (.german, "Smartphone", "cell phone"), (.german, "Sofa", "couch"),
        (.german, "Fernseher", "tv"), (.german, "Tisch", "dining table"), (.german, "Pflanze", "potted plant"),
        (.german, "Rad", "bicycle"), (.german, "Fussball", "sports ball"), (.german, "KÜHLSCHRANK", "refrigerator"),
        // French: accents do not matter.
        (.french, "tasse", "cup"), (.french, "mug", "cup"), (.french, "portable", "cell phone"), (.french, "téléphone", "cell phone"),
        (.french, "canapé", "couch"), (.french, "canape", "couch"), (.french, "télé", "tv"), (.french, "TELE", "tv"),
        (.french, "table", "dining table"), (.french, "plante", "potted plant"), (.french, "vélos", "bicycle"),
        (.french, "frigo", "refrigerator"),
        // Spanish.
        (.spanish, "taza", "cup"), (.spanish, "tazas", "cup"), (.spanish, "móvil", "cell phone"), (.spanish, "movil", "cell phone"),
        (.spanish, "celular", "cell phone"), (.spanish, "sofá", "couch"), (.spanish, "sillón", "couch"), (.spanish, "tele", "tv"),
        (.spanish, "mesa", "dining table"), (.spanish, "planta", "potted plant"), (.spanish, "bici", "bicycle"),
        (.spanish, "nevera", "refrigerator"),
    ])
    func everydayNamesInEachLanguageNameTheKind(language: Language, typed: String, label: String) {
        #expect(FindTarget.resolve(name: typed, language: language) == FindTarget(.kind(label)), "\(language.code) '\(typed)'")
    }

    /// A name is looked up in the session's language first, then in the others: a German speaker
    /// with an English locale is still understood.
    @Test func aNameFromAnotherCatalogLanguageIsUnderstoodToo() {
        #expect(FindTarget.resolve(name: "Becher", language: .english) == FindTarget(.kind("cup")))
        #expect(FindTarget.resolve(name: "mug", language: .spanish) == FindTarget(.kind("cup")))
        #expect(FindTarget.resolve(name: "nevera", language: .german) == FindTarget(.kind("refrigerator")))
    }

    @Test(arguments: ["keys", "wallet", "", "   ", "cupboard", "glasses case"])
    func aNameForNothingTheDetectorKnowsIsNothing(typed: String) {
        for language in Language.allCases {
            #expect(FindTarget.resolve(name: typed, language: language) == nil, "\(language.code) '\(typed)'")
        }
    }

    /// Every kind the detector knows can be found by its noun in every language, and the list a
    /// refusal gives names each once, in the language's words.
    @Test(arguments: Language.allCases)
    func everyKindIsFoundByItsOwnNounAndListed(language: Language) {
        for label in COCOClasses.names {
            let noun = ObjectNoun(label: label, wording: language.wording)
            #expect(FindTarget.resolve(name: noun.bare, language: language) == FindTarget(.kind(label)), "\(language.code) \(noun.bare)")
            #expect(FindTarget.resolve(name: noun.many, language: language) == FindTarget(.kind(label)), "\(language.code) \(noun.many)")
            #expect(FindTarget.resolve(name: noun.name, language: language) == FindTarget(.kind(label)), "\(language.code) \(noun.name)")
        }
        // The list says each kind by its name: a person is "personne" in French, not the
        // "quelqu'un" that narration says.
        let list = language.wording(.helpFindDiscussion, ["kinds": FindTarget.kindNouns])
        for label in COCOClasses.names {
            #expect(list.contains(ObjectNoun(label: label, wording: language.wording).name), "\(language.code) \(label)")
        }
        #expect(!list.contains("quelqu'un"))
    }

    /// A guess is offered only when the name is very likely a slip for one it knows: a letter
    /// doubled or dropped from a double, swapped neighbours, a letter left out of a long word, a
    /// key's neighbour struck in a long word, a plural ending. Each row: the language, what was
    /// typed, the guess (nil: none, the sentence says how to teach it instead).
    @Test(arguments: [
        // English: the good guesses, then words that are words of their own.
        (Language.english, "bycicle", "bicycle"), (.english, "umbrela", "umbrella"), (.english, "bananna", "banana"),
        (.english, "chiar", "chair"), (.english, "bottel", "bottle"), (.english, "tootbrush", "toothbrush"),
        (.english, "tooth brush", "toothbrush"), (.english, "sandwhich", "sandwich"), (.english, "tellys", "telly"),
        (.english, "refrigerstor", "refrigerator"), (.english, "fone", "phone"),
        (.english, "card", nil), (.english, "keys", nil), (.english, "wallet", nil), (.english, "glasses case", nil),
        (.english, "cap", nil), (.english, "trick", nil), (.english, "flock", nil), (.english, "cpu", nil), (.english, "skin", nil),
        (.english, "house", nil),
        // German.
        (.german, "Fahrad", "Fahrrad"), (.german, "Farrad", "Fahrrad"), (.german, "Regenschrim", "Regenschirm"),
        (.german, "Kühlschrak", "Kühlschrank"), (.german, "Teddybähr", "Teddybär"),
        (.german, "Schlüssel", nil), (.german, "Brille", nil), (.german, "Geldbörse", nil), (.german, "Karte", nil),
        (.german, "Küken", nil),
        // French.
        (.french, "parapuie", "parapluie"), (.french, "bicylette", "bicyclette"), (.french, "telephonne", "téléphone"),
        (.french, "fourchete", "fourchette"),
        (.french, "clés", nil), (.french, "carte", nil), (.french, "lunettes", nil), (.french, "portefeuille", nil),
        // Spanish.
        (.spanish, "bisicleta", "bicicleta"), (.spanish, "mochial", "mochila"), (.spanish, "cuchilo", "cuchillo"),
        (.spanish, "paraguass", "paraguas"),
        (.spanish, "llaves", nil), (.spanish, "carta", nil), (.spanish, "gafas", nil), (.spanish, "billetera", nil),
        // A slip of the model's English label is answered in the listener's language.
        (.german, "bycicle", "Fahrrad"), (.french, "bycicle", "vélo"), (.spanish, "umbrela", "paraguas"),
    ] as [(Language, String, String?)])
    func aGuessOnlyForALikelySlip(language: Language, typed: String, guess: String?) {
        #expect(FindTarget.resolve(name: typed, language: language) == nil, "\(language.code) '\(typed)' names a kind already")
        #expect(FindTarget.guess(typed, language: language) == guess, "\(language.code) '\(typed)'")
    }

    /// The user's own names are guessed too ("kyes" for the keys they taught), and a slip that
    /// could be for two different things gets no guess.
    @Test func taughtNamesAreGuessedAndAmbiguousSlipsAreNot() {
        #expect(FindTarget.guess("kyes", language: .english, taught: ["keys", "blue mug"]) == "keys")
        #expect(FindTarget.guess("blue mgu", language: .english, taught: ["keys", "blue mug"]) == "blue mug")
        #expect(FindTarget.guess("kyes", language: .english) == nil)
        // "chiar" is a slip for the chair sensecam knows and for a thing taught as "chira".
        #expect(FindTarget.guess("chiar", language: .english, taught: ["chira"]) == nil)
    }

    /// A kind's name always means the kind, in any catalog language, whatever was taught under it
    /// before `teach` refused such names: a person in view is never missed for a taught "person".
    @Test func aKindIsNeverHiddenByAThingTaughtUnderItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["person", "Tasse", "keys"] {
            try Data().write(to: folder.appendingPathComponent(name + ".thing"))
        }
        let taught = TaughtThings(folder: folder.path)
        #expect(FindTarget.resolve(name: "person", language: .english, taught: taught) == FindTarget(.kind("person")))
        #expect(FindTarget.resolve(name: "PEOPLE", language: .english, taught: taught) == FindTarget(.kind("person")))
        #expect(FindTarget.resolve(name: "Tasse", language: .english, taught: taught) == FindTarget(.kind("cup")))
        #expect(FindTarget.resolve(name: "keys", language: .german, taught: taught) == FindTarget(.taught(name: "keys", folder: folder.path)))
    }
}
