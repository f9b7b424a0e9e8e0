// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception
import Testing

@testable import sensecam

/// One setting chooses the language: the command line, else the settings file, else the
/// locale, else English; and a locale sensecam has no catalog for is said in one sentence.
@Suite struct LanguageSettingTests {
    static func settings(_ argv: [String], environment: [String: String], file: [String: String] = [:]) throws
        -> (settings: Settings, notice: Message?) {
        guard case .run(var command) = try parse(argv, root: Sensecam.root) else {
            throw UsageError.missingSubcommand(path: ["sensecam"])
        }
        for (option, value) in file { command.settings[option] = value }
        let (located, notice) = LocaleLanguage.applied(to: command, environment: environment)
        return (try Settings(located), notice)
    }

    @Test(arguments: [
        (["aware", "a.jpg", "--language", "fr"], ["LANG": "de_DE.UTF-8"], [String: String](), Language.french),
        (["aware", "a.jpg"], ["LANG": "de_DE.UTF-8"], [:], .german),
        (["read", "a.jpg"], ["LANG": "en_US.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"], [:], .spanish),
        (["light", "a.jpg"], ["LANG": "fr_FR.UTF-8"], [:], .french),
        (["aware", "a.jpg"], ["LANG": "de_DE.UTF-8"], ["language": "es"], .spanish),
        (["aware", "a.jpg", "--language", "en"], ["LANG": "de_DE.UTF-8"], ["language": "es"], .english),
        (["aware", "a.jpg"], [:], [:], .english),
    ])
    func theCommandLineThenTheSettingsFileThenTheLocaleChoose(argv: [String], environment: [String: String],
                                                             file: [String: String], expected: Language) throws {
        let (settings, notice) = try Self.settings(argv, environment: environment, file: file)
        #expect(settings.reading.language == expected)
        #expect(notice == nil)
        #expect(settings.pipeline.wording.language == expected.code)
        #expect(settings.pipeline.language == expected)
        #expect(settings.speech.language == expected.code)
    }

    @Test func aLocaleWithoutACatalogGivesEnglishAndOneSentence() throws {
        let (settings, notice) = try Self.settings(["aware", "a.jpg"], environment: ["LANG": "it_IT.UTF-8"])
        #expect(settings.reading.language == .english)
        let sentence = Wording.english(try #require(notice))
        #expect(sentence == "The locale asks for it_IT.UTF-8, which sensecam does not speak yet, so it speaks English; "
                    + "it speaks en, de, fr and es: choose with --language.")
    }

    @Test func theToolsOwnAnswersFollowTheTypedLanguageThenTheLocale() {
        #expect(LocaleLanguage.forTool(arguments: ["aware", "--language", "de"], environment: ["LANG": "fr_FR"]) == .german)
        #expect(LocaleLanguage.forTool(arguments: ["aware", "--language=es"], environment: [:]) == .spanish)
        #expect(LocaleLanguage.forTool(arguments: ["aware", "--language", "xx"], environment: ["LANG": "fr_FR"]) == .french)
        #expect(LocaleLanguage.forTool(arguments: ["aware"], environment: ["LANG": "it_IT"]) == .english)
    }

    /// The forms a user types for a language: a locale, any case, ISO 639-2 (issue 41).
    @Test(arguments: ["de_DE", "DE", "deu", "ger", "de-AT", "de_DE.UTF-8"])
    func languageTakesTheFormsAUserTypes(typed: String) throws {
        let (settings, _) = try Self.settings(["aware", "a.jpg", "--language", typed], environment: [:])
        #expect(settings.reading.language == .german)
        let (filed, _) = try Self.settings(["aware", "a.jpg"], environment: [:], file: ["language": typed])
        #expect(filed.reading.language == .german)
    }

    @Test func aLanguageSensecamLacksIsStillAUsageErrorWithItsGuess() {
        #expect(throws: UsageError.notAllowed("--language", value: "xx", allowed: ["en", "de", "fr", "es"], path: ["sensecam", "aware"])) {
            _ = try Self.settings(["aware", "a.jpg", "--language", "xx"], environment: [:])
        }
    }

    /// LANGUAGE is an order of preference, as gettext reads it, unless the locale is "C".
    @Test func languageListsArePreferencesAsGettextReadsThem() throws {
        #expect(try Self.settings(["aware", "a.jpg"], environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "de:fr"]).settings.reading.language == .german)
        #expect(try Self.settings(["aware", "a.jpg"], environment: ["LANG": "it_IT.UTF-8", "LANGUAGE": "it:fr:de"]).settings.reading.language == .french)
        #expect(try Self.settings(["aware", "a.jpg"], environment: ["LANG": "C.UTF-8", "LANGUAGE": "de"]).settings.reading.language == .english)
        #expect(LocaleLanguage.forTool(arguments: ["aware"], environment: ["LANG": "es_ES.UTF-8", "LANGUAGE": "fr"]) == .french)
    }

    @Test func aHugeLocaleIsNotEchoedWhole() throws {
        let huge = String(repeating: "x", count: 20_000)
        let (_, notice) = try Self.settings(["aware", "a.jpg"], environment: ["LANG": huge])
        let sentence = Wording.english(try #require(notice))
        #expect(sentence.count < 300, "\(sentence.count) characters")
        #expect(sentence.hasPrefix("The locale asks for " + String(repeating: "x", count: EchoedText.defaultLimit) + "…,"))
    }
}
