// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A language sensecam speaks, reads and writes braille in: one setting (`--language`, or the
/// user's locale) chooses the catalog, Tesseract's model, the voice and the braille table.
/// Adding a language is a catalog (`Sources/Catalogs/LANG.po`), a case here and its Debian
/// Tesseract package.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case english = "en", german = "de", french = "fr", spanish = "es"

    /// The BCP 47 code ("de"): the catalog's, speech-dispatcher's and the JSON records'.
    public var code: String { rawValue }

    /// Tesseract's model for pages in the language (Debian's tesseract-ocr-deu …).
    public var tesseract: String {
        switch self {
        case .english: "eng"
        case .german: "deu"
        case .french: "fra"
        case .spanish: "spa"
        }
    }

    /// The language for a code a user typed: "de", "de_DE", "de-AT", "deu" or "ger" (ISO 639-2,
    /// as Tesseract names it), any case; nil for a language sensecam does not have.
    public init?(code: String) {
        let base = code.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }).first
            .map { $0.lowercased() } ?? ""
        let aliases: [String: Language] = ["eng": .english, "deu": .german, "ger": .german, "fra": .french,
                                           "fre": .french, "spa": .spanish]
        guard let language = Language(rawValue: base) ?? aliases[base] else { return nil }
        self = language
    }

    /// The language the user's locale asks for, as gettext reads it: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the first that is set and not empty; when that is not "C",
    /// `LANGUAGE` ("de:fr", an order of preference) comes first, and its first language
    /// sensecam has wins. `nil` language with the locale's code when it names one sensecam
    /// does not have ("it_IT"); English for "C", "POSIX" or none.
    public static func fromLocale(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (language: Language?, asked: String) {
        let asked = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        if asked.isEmpty || asked == "C" || asked == "POSIX" || asked.hasPrefix("C.") { return (.english, asked) }
        let preferred = (environment["LANGUAGE"] ?? "").split(separator: ":").lazy.compactMap { Language(code: String($0)) }.first
        return (preferred ?? Language(code: asked), asked)
    }

    /// The language's catalog, worded once and shared (`Wording.english` for English).
    public var wording: Wording { Wording.loaded(self) }
}
