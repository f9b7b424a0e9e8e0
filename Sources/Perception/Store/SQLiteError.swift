/// A failed SQLite call: what was being done and SQLite's own words for why.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// What was being done, such as "open" or "insert a product".
    public var operation: String
    /// SQLite's message, such as "database is locked" or "file is not a database".
    public var reason: String

    public var description: String { "SQLite could not \(operation): \(reason)" }
}
