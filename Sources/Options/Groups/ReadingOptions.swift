// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// How text is read: `--language` (which also chooses the words, the voice and braille); for still pictures `--engine` and
/// `--ocr-model` (the scene engine's model pair); for the camera and videos `--short`.
public struct ReadingOptions: OptionGroup {
    /// English unless the command line, the settings file or the locale (filled in as a
    /// setting, `LocaleLanguage.applied`) says otherwise.
    public var language = Language.english
    public var engine = ReadingEngine.auto
    public var ocrModel = SceneTextModel.small
    public var shortText = false

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .value(\.language, "language", value: "code", help: Message(.helpLanguage),
               expected: RangeWords.oneOf(Language.allCases.map(\.code)), allowed: Language.allCases.map(\.code),
               otherSpellings: true, parse: { Language(code: $0) }),
        .choice(\.engine, "engine", value: "engine", help: Message(.helpEngine)),
        .choice(\.ocrModel, "ocr-model", value: "model", help: Message(.helpOcrModel)),
        .flag(\.shortText, "short", help: Message(.helpShort)),
    ]

    /// `--language`, for every command that reads or speaks.
    public static let languageSpecs = [option("language").spec]
    /// For the commands that read still pictures (read, batch).
    public static let pictureSpecs = [option("engine").spec, option("ocr-model").spec]
}
