/// Why text recognition could not start or run. Each description is one sentence with the fix.
public enum OCRError: Error, Equatable, CustomStringConvertible {
    case missingLanguage(language: String, directory: String)
    case engineFailed(reason: String)

    public var description: String {
        switch self {
        case .missingLanguage(let language, let directory):
            return "Tesseract's language data for '\(language)' is missing from \(directory); install it with 'sudo apt install tesseract-ocr-\(language)' or set TESSDATA_PREFIX to the folder that has \(language).traineddata."
        case .engineFailed(let reason):
            return "Tesseract failed (\(reason)); try again, and report it if it keeps happening."
        }
    }
}
