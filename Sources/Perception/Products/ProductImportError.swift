/// Why an import stopped, in one sentence with the fix. Rows already committed stay, and a
/// rerun continues after them.
public enum ProductImportError: Error, Sendable, CustomStringConvertible {
    case unreadable(path: String)
    /// The first line is neither a tab-separated header with a `code` column nor a JSON object.
    case notAnExport(path: String)
    case read(FileReadError)
    case database(ProductDatabaseError)

    public var description: String {
        switch self {
        case .unreadable(let path):
            "Cannot read \(path); check that it exists and is a file."
        case .notAnExport(let path):
            "\(path) is not an Open Food Facts export: its first line is neither a tab-separated header with a code column nor a JSON product; download the CSV or JSON Lines export from world.openfoodfacts.org/data."
        case .read(let error): error.description
        case .database(let error): error.description
        }
    }
}
