// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why text recognition could not start or run. Each description is one sentence with the fix.
public enum OCRError: WordedError, Equatable {
    case missingLanguage(language: String, directory: String)
    /// `reason` is Tesseract's or the shim's own text, for a developer; never said.
    case engineFailed(reason: String)

    public var message: Message {
        switch self {
        case .missingLanguage(let language, let directory):
            Message(.ocrLanguageMissing, ["language": .text(language), "directory": .text(directory)])
        case .engineFailed:
            Message(.ocrEngineFailed)
        }
    }
}
