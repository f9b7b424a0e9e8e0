// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames

/// Tesseract reading each page in the page's own language, so that an English page read for a
/// French listener is read with the English model and spoken in an English voice. The page is
/// read with one model, and its text tells its language (`TextLanguageIdentifier`); when that
/// is another of sensecam's languages whose Tesseract data is installed, the page is read again
/// with that model. When the text cannot tell (a few words, a table of figures, a receipt), the
/// page is read in the listener's language. The reading says which language it was read in
/// (`language`).
///
/// A page costs one reading when it is in the language read first: the listener's at first,
/// then the language of the last page read, which the next frame of the same page, or the next
/// page of the same document, is most likely in too.
///
/// Not thread-safe: one per worker thread, like the engines it holds.
public final class PageRecognizer {
    /// The listener's language: the page's when its text cannot tell.
    public let language: Language
    /// Tells a page's language; nil reads every page in `language`.
    package let identifier: TextLanguageIdentifier?
    /// The languages a page may be read in: `language` and those whose Tesseract data is there.
    public let readable: Set<Language>
    private let tessdataDirectory: String
    /// One engine a language, started when first needed (a model takes a quarter of a second and
    /// about 75 MB).
    private var engines: [Language: TextRecognizer]
    /// The language the last page was read in, which the next is read in first.
    private var expected: Language

    /// Reads pages in their own language when libexttextcat's fingerprints are there
    /// (`identifier`), else in `language` only. Starts `language`'s engine now, so missing data
    /// for it is reported before anything is read.
    public init(language: Language, tessdataDirectory: String = Tessdata.directory(),
                identifier: TextLanguageIdentifier? = TextLanguageIdentifier()) throws(OCRError) {
        self.language = language
        self.tessdataDirectory = tessdataDirectory
        engines = [language: try TextRecognizer(language: language.tesseract, tessdataDirectory: tessdataDirectory)]
        expected = language
        self.identifier = identifier
        readable = Set(Language.allCases.filter { other in
            other == language || (try? Tessdata.check(language: other.tesseract, directory: tessdataDirectory)) != nil
        })
    }

    /// Reads every page with `engine`, whatever its language.
    public init(only engine: TextRecognizer) {
        language = Language(code: engine.language) ?? .english
        tessdataDirectory = Tessdata.directory()
        engines = [language: engine]
        expected = language
        identifier = nil
        readable = [language]
    }

    /// Reads the page, in its own language when its text tells it.
    public func read(_ image: Image) throws(OCRError) -> PageReading {
        let first = expected
        let reading = try engine(first).read(image)
        guard let identifier else { return reading }
        let told = identifier.language(of: reading.text).flatMap { readable.contains($0) ? $0 : nil } ?? language
        expected = told
        guard told != first else { return reading }
        return try engine(told).read(image)
    }

    private func engine(_ language: Language) throws(OCRError) -> TextRecognizer {
        if let engine = engines[language] { return engine }
        let engine = try TextRecognizer(language: language.tesseract, tessdataDirectory: tessdataDirectory)
        engines[language] = engine
        return engine
    }
}
