// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Words
import Frames

/// Which of sensecam's languages a page's text is in, from libexttextcat's n-gram fingerprints
/// (Debian's libexttextcat-data, the profiles LibreOffice guesses languages with): the text's
/// commonest letter sequences compared with each language's. A page's worth of prose is told
/// apart at once; a few words, a list of names or a table of figures are not, and then no
/// language is named (`language(of:)` is nil) rather than a guess.
public final class TextLanguageIdentifier {
    /// Where Debian 12's libexttextcat-data puts the fingerprints.
    public static let debianDirectory = "/usr/share/libexttextcat"

    /// Fewer letters than this say too little: a sign, a label, a line or two. The rendered
    /// pages in samples/languages have 270 to 560, the sparsest page of ocr/documents (a table
    /// of figures) 125.
    public static let minimumLetters = 100
    /// The closest language is named only when its distance is at most this share of the next
    /// closest's. Measured on the pages of ocr/documents, samples/languages and phototest, each
    /// read with every model but its own (how a page in another language is first read):
    /// prose 0.74–0.90, the two tables of short English labels 0.92; the organisation chart of
    /// names and "Field Sales Spec Pharma" 0.95–0.96 and the eleven receipts 0.97–1.00, which
    /// are no language a fingerprint knows (they come out German as often as English).
    public static let maximumDistanceRatio = 0.93

    /// The languages told apart, in the order their fingerprints were loaded.
    public let languages: [Language]
    private let handle: OpaquePointer

    /// The fingerprints of `languages` found in `directory`; nil when there are none (libexttextcat-data
    /// is not installed): pages are then read in the user's language only.
    public init?(languages: [Language] = Language.allCases, directory: String = debianDirectory) {
        let codes = languages.map(\.code)
        var handle: OpaquePointer?
        let result = withCStrings(codes) { pointers in
            callShim { CVision_text_languages_create(directory, pointers, Int32(pointers.count), &handle, $0, $1) }
        }
        guard result.status == CVision_OK, let handle else { return nil }
        self.handle = handle
        self.languages = languages
    }

    deinit { CVision_text_languages_destroy(handle) }

    /// The text's language when the text says it clearly; nil when it is too short or no
    /// language is clearly closer than the rest.
    public func language(of text: String) -> Language? {
        guard text.reduce(0, { $0 + ($1.isLetter ? 1 : 0) }) >= Self.minimumLetters else { return nil }
        let ranked = distances(text).sorted { $0.value < $1.value }
        guard ranked.count >= 2, Double(ranked[0].value) <= Self.maximumDistanceRatio * Double(ranked[1].value) else { return nil }
        return ranked[0].key
    }

    /// How far the text is from each language whose fingerprint loaded (lower is closer);
    /// empty when the text is too short to have a fingerprint.
    public func distances(_ text: String) -> [Language: Int] {
        guard !text.isEmpty else { return [:] }
        var utf8 = Array(text.utf8)
        var distances = [Int32](repeating: -1, count: languages.count)
        let measured = utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                CVision_text_languages_measure(handle, characters.baseAddress, characters.count, &distances)
            }
        }
        guard measured == 1 else { return [:] }
        var result: [Language: Int] = [:]
        for (language, distance) in zip(languages, distances) where distance >= 0 { result[language] = Int(distance) }
        return result
    }
}

/// Calls `body` with `strings` as an array of C strings that live for the call.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
