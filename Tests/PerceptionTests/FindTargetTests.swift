// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception

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
        }
        let list = FindTarget.kindList(in: language).components(separatedBy: ", ")
        #expect(list.count == COCOClasses.names.count)
    }
}
