// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Words
import Frames

/// A prepared statement: bound, stepped, read and reset many times. Keeps its connection
/// open while it lives (SQLite refuses to close a connection with statements left).
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    /// Said in errors: "SQLite could not add a product: …".
    private let operation: MessageID

    init(_ handle: OpaquePointer, connection: SQLiteConnection, operation: MessageID) {
        self.handle = handle
        self.connection = connection
        self.operation = operation
    }

    deinit { CVision_sqlite_statement_destroy(handle) }

    /// Binds parameter `index` (from 1) to text, or to NULL for nil.
    func bind(_ text: String?, at index: Int32) throws(SQLiteError) {
        let result: (status: CVision_Status, message: String)
        if var text {
            result = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    callShim { CVision_sqlite_bind_text(handle, index, characters.baseAddress, characters.count, $0, $1) }
                }
            }
        } else {
            result = callShim { CVision_sqlite_bind_null(handle, index, $0, $1) }
        }
        guard result.status == CVision_OK else { throw connection.failure(operation, result.message) }
    }

    func bind(_ integer: Int64, at index: Int32) throws(SQLiteError) {
        let result = callShim { CVision_sqlite_bind_int64(handle, index, integer, $0, $1) }
        guard result.status == CVision_OK else { throw connection.failure(operation, result.message) }
    }

    /// Runs to the next row (true) or the end (false).
    func step() throws(SQLiteError) -> Bool {
        var step = CVision_SQLiteError
        let result = callShim { step = CVision_sqlite_step(handle, $0, $1); return CVision_OK }
        switch step {
        case CVision_SQLiteRow: return true
        case CVision_SQLiteDone: return false
        default: throw connection.failure(operation, result.message)
        }
    }

    /// Runs a statement that returns no rows, then makes it ready to run again.
    func run() throws(SQLiteError) {
        defer { reset() }
        _ = try step()
    }

    /// Column `column` (from 0) of the current row, nil for NULL.
    func text(_ column: Int32) -> String? {
        var length = 0
        guard let bytes = CVision_sqlite_column_text(handle, column, &length) else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    func integer(_ column: Int32) -> Int64 { CVision_sqlite_column_int64(handle, column) }

    /// Ready to run again, with no bindings.
    func reset() { CVision_sqlite_reset(handle) }
}
