// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Synchronization
import Words

/// The local products database: a SQLite file of products keyed by barcode, built by
/// `ProductImport` from an Open Food Facts export and read by `lookup`. One connection,
/// behind a lock, so the scan pipeline may ask from any thread.
public final class ProductDatabase: Sendable {
    /// Bumped when the tables change shape, so an older or newer file is refused, not misread.
    static let schemaVersion: Int64 = 1

    /// The code is the key (no separate row id: a lookup is one B-tree search). The one row of
    /// `import_state` says which export was being imported and how far: the resume point.
    static let schema = """
        CREATE TABLE IF NOT EXISTS products (
            code TEXT PRIMARY KEY NOT NULL,
            name TEXT, brand TEXT, quantity TEXT,
            allergens TEXT  -- readable names joined by ", "
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS import_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            file_name TEXT NOT NULL, file_size INTEGER NOT NULL, file_modified INTEGER NOT NULL,
            byte_offset INTEGER NOT NULL, rows_imported INTEGER NOT NULL, rows_malformed INTEGER NOT NULL,
            finished INTEGER NOT NULL
        );
        """

    /// "milk, eggs" in the allergens column.
    static let allergenSeparator = ", "

    public let path: String
    private let connection: Mutex<Connection>

    /// The connection and the statements prepared once for it.
    struct Connection: @unchecked Sendable {
        // Safe: only ever used inside the database's Mutex, by one thread at a time.
        let sqlite: SQLiteConnection
        let lookup: SQLiteStatement
    }

    /// Opens the database at `path` for lookups; it must already exist.
    public convenience init(path: String) throws(ProductDatabaseError) {
        try self.init(path: path, creating: false)
    }

    /// Opens the database at `path` for an import, creating it and its folder when missing.
    public static func forImport(path: String) throws(ProductDatabaseError) -> ProductDatabase {
        try ProductDatabase(path: path, creating: true)
    }

    /// Opens the database at `path`, creating it (and its folder) when `creating` is true.
    init(path: String, creating: Bool) throws(ProductDatabaseError) {
        self.path = path
        if !creating, !FileManager.default.fileExists(atPath: path) { throw .missing(path: path) }
        // A pipe or a folder in its place is no database: SQLite would wait on a pipe for ever.
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { throw .notProductsDatabase(path: path) }
        if creating {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .folderNotMade(path: path, folder: folder.path)
            }
        }
        do {
            let sqlite = try SQLiteConnection(path: path, create: creating)
            try Self.checkSchema(sqlite, path: path, creating: creating)
            let lookup = try sqlite.prepare("SELECT code, name, brand, quantity, allergens FROM products WHERE code = ?1",
                                            .storeSQLiteLookUpCode)
            connection = Mutex(Connection(sqlite: sqlite, lookup: lookup))
        } catch let error as SQLiteError {
            throw Self.databaseError(error, path: path)
        } catch let error as ProductDatabaseError {
            throw error
        } catch {
            // checkSchema throws only the two above; anything else is SQLite's generic error.
            throw .failed(path: path, code: SQLiteReason.error)
        }
    }

    /// SQLite's SQLITE_NOTADB means the wrong file was named, SQLITE_CORRUPT a damaged one;
    /// anything else is a failure of a right one.
    static func databaseError(_ error: SQLiteError, path: String) -> ProductDatabaseError {
        switch SQLiteReason.primary(error.code) {
        case SQLiteReason.notADatabase: .notProductsDatabase(path: path)
        case SQLiteReason.corrupt: .damaged(path: path)
        default: .failed(path: path, code: error.code)
        }
    }

    /// A new file gets the schema; an existing one must have been made by this version. WAL lets
    /// a lookup read while an import writes, and a killed import loses only its open transaction.
    private static func checkSchema(_ sqlite: SQLiteConnection, path: String, creating: Bool) throws -> Void {
        // Each probe is finished at once: an open read would keep a transaction open, and the
        // journal mode cannot change inside one.
        func number(_ sql: String, _ operation: MessageID) throws -> Int64 {
            let statement = try sqlite.prepare(sql, operation)
            defer { statement.reset() }
            _ = try statement.step()
            return statement.integer(0)
        }
        let found = try number("PRAGMA user_version", .storeSQLiteReadSchemaVersion)
        let tableCount = try number("SELECT count(*) FROM sqlite_master WHERE name IN ('products', 'import_state')",
                                    .storeSQLiteReadSchema)
        if found == 0, tableCount == 0, creating {
            try sqlite.execute("PRAGMA journal_mode = WAL", .storeSQLiteUseWriteAheadLog)
            try sqlite.execute("BEGIN; \(schema) PRAGMA user_version = \(schemaVersion); COMMIT;", .storeSQLiteCreateTables)
        } else if found != schemaVersion || tableCount != 2 {
            throw ProductDatabaseError.notProductsDatabase(path: path)
        }
        // Durable at every commit against a killed process; only a power cut may lose the last
        // transactions, which a rerun of the import redoes.
        try sqlite.execute("PRAGMA synchronous = NORMAL", .storeSQLiteSetSyncMode)
    }

    /// The product with this code (printed or typed; see `ProductCode`), or nil when the
    /// database has none or `code` is not digits.
    public func lookup(_ code: String) throws(ProductDatabaseError) -> Product? {
        guard let code = ProductCode.normalized(code) else { return nil }
        do {
            return try connection.withLock { connection throws(SQLiteError) -> Product? in
                let statement = connection.lookup
                defer { statement.reset() }
                try statement.bind(code, at: 1)
                guard try statement.step() else { return nil }
                return Product(code: statement.text(0) ?? code, name: statement.text(1), brand: statement.text(2),
                               quantity: statement.text(3),
                               allergens: statement.text(4).map { $0.components(separatedBy: Self.allergenSeparator) } ?? [])
            }
        } catch {
            throw Self.databaseError(error, path: path)
        }
    }

    /// How many products it holds.
    public func productCount() throws(ProductDatabaseError) -> Int {
        do {
            return try connection.withLock { connection throws(SQLiteError) -> Int in
                let count = try connection.sqlite.prepare("SELECT count(*) FROM products", .storeSQLiteCountProducts)
                _ = try count.step()
                return Int(count.integer(0))
            }
        } catch {
            throw Self.databaseError(error, path: path)
        }
    }

    /// Runs `body` with the connection to itself: the import's writes.
    func withConnection<Result: Sendable, Failure: Error>(_ body: (SQLiteConnection) throws(Failure) -> Result) throws(Failure) -> Result {
        try connection.withLock { connection throws(Failure) -> Result in try body(connection.sqlite) }
    }

    /// `$XDG_DATA_HOME/sensecam/products.sqlite`, else `~/.local/share/sensecam/products.sqlite`
    /// (the XDG base directory specification's default), where `products import` builds it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let data: String
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {  // the spec ignores a relative one
            data = home
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            data = URL(fileURLWithPath: home).appendingPathComponent(".local/share").path
        }
        return URL(fileURLWithPath: data).appendingPathComponent("sensecam/products.sqlite").path
    }
}
