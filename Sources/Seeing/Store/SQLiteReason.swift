// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why an SQLite call failed, from its result code, as a catalog phrase in the run's language
/// rather than SQLite's English: said inside another sentence's parentheses or after its colon.
public enum SQLiteReason {
    // SQLite's primary result codes (sqlite3.h; stable across versions). An extended code
    // carries its primary one in the low byte.
    static let error: Int32 = 1
    static let permission: Int32 = 3
    static let busy: Int32 = 5
    static let locked: Int32 = 6
    static let noMemory: Int32 = 7
    static let readOnly: Int32 = 8
    static let inputOutput: Int32 = 10
    static let corrupt: Int32 = 11
    static let full: Int32 = 13
    static let cannotOpen: Int32 = 14
    static let authorization: Int32 = 23
    static let notADatabase: Int32 = 26

    /// The primary result code of `code`, extended or not.
    static func primary(_ code: Int32) -> Int32 { code & 0xff }

    /// The phrase for `code`; an unusual one is named by its number.
    public static func message(_ code: Int32) -> Message {
        switch primary(code) {
        case busy, locked: Message(.reasonDatabaseInUse)
        case noMemory: Message(.reasonOutOfMemory)
        case permission, authorization: Message(.reasonPermissionDenied)
        case readOnly: Message(.reasonReadOnly)
        case inputOutput: Message(.reasonInputOutput)
        case corrupt: Message(.reasonDatabaseDamaged)
        case full: Message(.reasonDiskFull)
        case cannotOpen: Message(.reasonCannotOpen)
        case notADatabase: Message(.reasonNotADatabase)
        default: Message(.reasonSQLiteError, ["code": .integer(Int(code))])
        }
    }
}
