// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds Tesseract's language data before Tesseract does, because Tesseract reports a
/// missing file with several lines on stderr; we want one sentence that says what to install.
public enum Tessdata {
    /// Where Debian 12's tesseract-ocr-* packages put the data.
    public static let debianDirectory = "/usr/share/tesseract-ocr/5/tessdata"

    /// `$TESSDATA_PREFIX` when set (Tesseract 5 reads the files straight from it), else Debian's folder.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return debianDirectory
    }

    /// Checks that every language in `language` ("eng", "eng+deu") has its data file.
    public static func check(language: String, directory: String) throws(OCRError) {
        for code in language.split(separator: "+").map(String.init) {
            let file = (directory as NSString).appendingPathComponent("\(code).traineddata")
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw .missingLanguage(language: code, directory: directory)
            }
        }
    }

    /// Whether Tesseract's orientation and script data (Debian's tesseract-ocr-osd) is there.
    /// Without it pages are still read, but only the right way up.
    public static func hasOrientationData(in directory: String) -> Bool {
        FileManager.default.isReadableFile(atPath: (directory as NSString).appendingPathComponent("osd.traineddata"))
    }
}
