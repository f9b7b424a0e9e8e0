// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words
import Frames

/// One open SQLite database file, over the shim's generic SQLite face. Not thread-safe: its
/// owner (`ProductDatabase`) keeps it behind a lock.
final class SQLiteConnection {
    /// A write by another connection (an import running while someone looks a code up) holds
    /// the lock for one transaction, well under this; a lock held longer is worth an error.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    private let handle: OpaquePointer

    /// Opens `path`; `create` makes the file when it is missing.
    init(path: String, create: Bool) throws(SQLiteError) {
        var opened: OpaquePointer?
        var code: Int32 = 0
        let result = callShim { CVision_sqlite_create(path, create ? 1 : 0, Self.busyTimeoutMilliseconds, &opened, &code, $0, $1) }
        guard result.status == CVision_OK, let opened else {
            throw SQLiteError(operation: .storeSQLiteOpen, code: code, detail: result.message)
        }
        handle = opened
    }

    deinit { CVision_sqlite_destroy(handle) }

    /// Runs statements that return no rows (schema, pragmas, BEGIN, COMMIT).
    func execute(_ sql: String, _ operation: MessageID) throws(SQLiteError) {
        let result = callShim { CVision_sqlite_exec(handle, sql, $0, $1) }
        guard result.status == CVision_OK else { throw failure(operation, result.message) }
    }

    func prepare(_ sql: String, _ operation: MessageID) throws(SQLiteError) -> SQLiteStatement {
        var prepared: OpaquePointer?
        let result = callShim { CVision_sqlite_statement_create(handle, sql, &prepared, $0, $1) }
        guard result.status == CVision_OK, let prepared else { throw failure(operation, result.message) }
        return SQLiteStatement(prepared, connection: self, operation: operation)
    }

    /// The error for a call on this connection (or one of its statements) that just failed:
    /// SQLite's result code, read before any other call can change it.
    func failure(_ operation: MessageID, _ detail: String) -> SQLiteError {
        SQLiteError(operation: operation, code: CVision_sqlite_result_code(handle), detail: detail)
    }
}
