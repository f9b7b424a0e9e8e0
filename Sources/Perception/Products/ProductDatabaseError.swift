/// Why the products database cannot be used, in one sentence with the fix.
public enum ProductDatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path: nothing has been imported there yet.
    case missing(path: String)
    /// A file that is not a database this version made (or not SQLite at all).
    case notProductsDatabase(path: String)
    /// SQLite failed on a database that is otherwise fine (locked, disk full, unreadable).
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "There is no products database at \(path); build one with 'sensecam products import FILE' from an Open Food Facts export."
        case .notProductsDatabase(let path):
            "\(path) is not a sensecam products database; choose another with --products-db, or build one with 'sensecam products import FILE'."
        case .failed(let path, let reason):
            "The products database \(path) could not be used (\(reason)); check that the disk has room and the file is readable and writable."
        }
    }
}
