// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// A failed SQLite call: what was being done and SQLite's result code for why, worded by the
/// catalog (SQLiteReason) rather than in SQLite's English.
public struct SQLiteError: WordedError, Sendable {
    /// What was being done, as the sentence saying it failed ("SQLite could not add a
    /// product: {reason}").
    public var operation: MessageID
    /// SQLite's extended result code, such as SQLITE_BUSY or SQLITE_NOTADB.
    public var code: Int32
    /// SQLite's own text ("database is locked"), for a developer; never said.
    public var detail: String

    public var message: Message { Message(operation, ["reason": .message(SQLiteReason.message(code))]) }
}
