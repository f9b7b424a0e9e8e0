// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages

/// The languages sensecam speaks: each translated catalog complete and true to the English
/// one's arguments, ICU's plural rules, and how a language is chosen.
@Suite struct LanguageCatalogsTests {
    static let translated = Language.allCases.filter { $0 != .english }

    /// The messages that also receive the noun's `{gender}`, so a language can agree with it.
    static let genderMessages: Set<MessageID> = [
        .hazardApproaching, .hazardPossiblyApproaching, .hazardTerse, .objectsAndPossiblyCountMore, .objectsAndPossiblyMore,
        .objectsGroupOf, .objectsInRow, .objectsTerseAndMaybeCountMore, .objectsTerseAndMaybeMore, .objectsTerseGroupOf,
        .findLostSight, .findNotInPicture,
    ]

    /// Messages that also receive other forms of their noun, for languages whose words need them:
    /// "keine Tasse" from the bare noun, "la tasse" from the definite one.
    static let nounFormMessages: [MessageID: Set<String>] = [.findNotInPicture: ["noun"], .findLostSight: ["definite"]]

    @Test(arguments: translated)
    func everyMessageIsTranslated(language: Language) throws {
        let catalog = try #require(try Catalog.embedded(language.code))
        #expect(catalog.language == language.code)
        let missing = MessageID.allCases.filter { catalog.templates[$0] == nil }.map(\.rawValue)
        #expect(missing.isEmpty, "\(language.code) lacks \(missing.joined(separator: ", "))")
    }

    /// A translation may leave out an argument it does not need, but one the code never passes
    /// would be said as "{name}".
    @Test(arguments: translated)
    func translationsUseOnlyArgumentsTheCodePasses(language: Language) throws {
        let english = try #require(try Catalog.embedded("en"))
        let catalog = try #require(try Catalog.embedded(language.code))
        var wrong: [String] = []
        for (id, template) in catalog.templates {
            var allowed = english.templates[id]?.argumentNames ?? []
            if Self.genderMessages.contains(id) { allowed.insert("gender") }
            allowed.formUnion(Self.nounFormMessages[id, default: []])
            if id.rawValue.hasPrefix("objectNoun") { allowed.formUnion(["form", "count", "label"]) }
            let extra = template.argumentNames.subtracting(allowed)
            if !extra.isEmpty { wrong.append("\(id.rawValue): \(extra.sorted().joined(separator: ", "))") }
        }
        #expect(wrong.isEmpty, "\(language.code) names arguments English does not: \(wrong.joined(separator: "; "))")
    }

    @Test(arguments: [
        ("en", 1.0, 0, PluralCategory.one), ("en", 1.0, 1, .other), ("en", 21, 0, .other),
        ("de", 1, 0, .one), ("de", 0, 0, .other), ("de", 2, 0, .other), ("de", 1.5, 1, .other),
        ("fr", 0, 0, .one), ("fr", 1, 0, .one), ("fr", 1.5, 1, .one), ("fr", 2, 0, .other), ("fr", 1_000_000, 0, .many),
        ("es", 1, 0, .one), ("es", 0, 0, .other), ("es", 21, 0, .other), ("es", 1_000_000, 0, .many),
    ])
    func icuGivesEachLanguagesPluralCategory(language: String, number: Double, places: Int, expected: PluralCategory) throws {
        let rule = try #require(PluralRule.cldr(language))
        #expect(rule.category(number, places) == expected)
    }

    @Test(arguments: [
        ("de", Language.german), ("de_DE.UTF-8", .german), ("de-AT", .german), ("DEU", .german), ("fr_CA", .french),
        ("fra", .french), ("es_MX.utf8", .spanish), ("en_GB", .english), ("eng", .english),
    ])
    func codesAUserMightTypeNameTheLanguage(code: String, expected: Language) {
        #expect(Language(code: code) == expected)
    }

    @Test(arguments: ["it", "xx", "", "eng+deu", "pt_BR"])
    func otherCodesNameNoLanguage(code: String) {
        #expect(Language(code: code) == nil)
    }

    @Test func theLocaleIsReadAsTheCLibraryReadsIt() {
        #expect(Language.fromLocale(["LANG": "de_DE.UTF-8"]).language == .german)
        #expect(Language.fromLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).language == .french)
        #expect(Language.fromLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "es_ES.UTF-8"]).language == .spanish)
        #expect(Language.fromLocale(["LC_ALL": "", "LANG": "fr_FR.UTF-8"]).language == .french)
        #expect(Language.fromLocale([:]).language == .english)
        #expect(Language.fromLocale(["LANG": "C.UTF-8"]).language == .english)
        let italian = Language.fromLocale(["LANG": "it_IT.UTF-8"])
        #expect(italian.language == nil)
        #expect(italian.asked == "it_IT.UTF-8")
    }

    /// Catalogs load once: after first use the language's wording is kept, so choosing a
    /// language costs nothing per frame.
    @Test func aLanguagesWordingIsMadeOnceAndKept() {
        let wording = Language.german.wording
        #expect(wording.language == "de")
        #expect(Wording.loadedWordings.withLock { $0[.german]?.catalog.templates.count } == wording.catalog.templates.count)
    }
}
