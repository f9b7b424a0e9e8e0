// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// A failed SQLite call: what was being done and SQLite's own words for why.
public struct SQLiteError: WordedError, Sendable {
    /// What was being done, as the sentence saying it failed ("SQLite could not add a
    /// product: {reason}").
    public var operation: MessageID
    /// SQLite's message, such as "database is locked" or "file is not a database".
    public var reason: String

    public var message: Message { Message(operation, ["reason": .text(reason)]) }
}
