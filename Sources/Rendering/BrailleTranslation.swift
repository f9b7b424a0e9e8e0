// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Words
import Frames

/// How narration is written on the braille display (`--braille-grade`, settings key
/// `braille_grade`).
public enum BrailleGrade: String, Sendable, CaseIterable, Hashable {
    /// The text itself, shown through BRLTTY's own text table, a character a cell: what a
    /// display has always shown, and the default.
    case computer
    /// The language's literary braille without contractions, through liblouis.
    case uncontracted
    /// The language's contracted braille (grade 2, Kurzschrift, abrégé), through liblouis.
    case contracted
}

extension Language {
    /// liblouis's table for literary braille in the language, nil for computer braille (which
    /// BRLTTY's own table shows). Each was chosen by the table's own header
    /// (`#-index-name`, `#+contraction`) in /usr/share/liblouis/tables:
    /// - English is Unified English Braille, which BANA adopted for the U.S. in 2016 and the
    ///   other English-speaking braille authorities before; `en-us-g2.ctb` is the retired
    ///   EBAE (it still writes "o'clock" as "o'c").
    /// - German uncontracted is the Basisschrift (`de-g0.utb`, "contraction: no"), letter by
    ///   letter; the Vollschrift (`de-g1.ctb`) already contracts ch, sch, ei, au, st and is
    ///   partial contraction. Contracted is the Kurzschrift (`de-g2.ctb`).
    /// - French is the Braille français unifié: intégral (`fr-bfu-comp6.utb`, six dots) and
    ///   abrégé (`fr-bfu-g2.ctb`).
    /// - Spanish is `es-g1.ctb` (what liblouis's "Spanish, uncontracted" `es.tbl` includes) and
    ///   `es-g2.ctb`.
    public func brailleTable(_ grade: BrailleGrade) -> String? {
        switch (self, grade) {
        case (_, .computer): nil
        case (.english, .uncontracted): "en-ueb-g1.ctb"
        case (.english, .contracted): "en-ueb-g2.ctb"
        case (.german, .uncontracted): "de-g0.utb"
        case (.german, .contracted): "de-g2.ctb"
        case (.french, .uncontracted): "fr-bfu-comp6.utb"
        case (.french, .contracted): "fr-bfu-g2.ctb"
        case (.spanish, .uncontracted): "es-g1.ctb"
        case (.spanish, .contracted): "es-g2.ctb"
        }
    }
}

/// Text into a language's literary braille with liblouis: the Unicode braille patterns a
/// display shows as dots, one scalar a cell, so cells (not print characters) are what gets
/// counted and cut to the display. The table is loaded (and checked) once, when the
/// translator is made; liblouis keeps it compiled for every later line. The shim serialises
/// every liblouis call, whose table cache is not thread-safe, so a translator may be shared.
public struct BrailleTranslator: Sendable, Hashable {
    /// The liblouis table list ("de-g2.ctb").
    public let table: String

    /// A translator for the language in the grade; nil for computer braille. Throws a
    /// one-sentence error when liblouis cannot load the table.
    public init?(language: Language, grade: BrailleGrade) throws(RendererError) {
        guard let table = language.brailleTable(grade) else { return nil }
        try self.init(table: table)
    }

    /// A translator over a liblouis table list; throws when it cannot be loaded.
    public init(table: String) throws(RendererError) {
        self.table = table
        if case .failure(let failure) = translate("") {
            throw RendererError(.brailleNoTable, ["table": .text(table)])
        }
    }

    /// The text in braille cells, a blank cell written as a space (BRLTTY shows a space as a
    /// blank cell, and segmenting splits words at it); nil when liblouis fails on it.
    public func cells(_ text: String) -> String? {
        guard case .success(let cells) = translate(text) else { return nil }
        return String(String.UnicodeScalarView(cells.unicodeScalars.map { $0 == Self.blank ? " " : $0 }))
    }

    /// The blank cell, U+2800.
    static let blank: Unicode.Scalar = "\u{2800}"

    /// liblouis's complaint: a developer's detail, never said.
    private struct Failure: Error {
        let detail: String
    }

    private func translate(_ text: String) -> Result<String, Failure> {
        var bytes: UnsafeMutablePointer<CChar>?
        var length = 0
        let done = callShim { CVision_braille_translate(table, text, &bytes, &length, $0, $1) }
        defer { CVision_buffer_destroy(bytes) }
        guard done.status == CVision_OK, let bytes else { return .failure(Failure(detail: done.message)) }
        return .success(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
    }
}
