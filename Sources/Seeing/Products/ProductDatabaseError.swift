// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why the products database cannot be used, in one sentence with the fix.
public enum ProductDatabaseError: WordedError, Sendable, Equatable {
    /// No file at the path: nothing has been imported there yet.
    case missing(path: String)
    /// A file that is not a database this version made (or not SQLite at all).
    case notProductsDatabase(path: String)
    /// SQLite's file, damaged ("database disk image is malformed").
    case damaged(path: String)
    /// The folder it is to be created in cannot be made.
    case folderNotMade(path: String, folder: String)
    /// SQLite failed on a database that is otherwise fine (locked, disk full, unreadable);
    /// `code` is SQLite's result code, worded by SQLiteReason.
    case failed(path: String, code: Int32)

    public var message: Message {
        switch self {
        case .missing(let path):
            Message(.productDatabaseMissing, ["path": .text(path)])
        case .notProductsDatabase(let path):
            Message(.productDatabaseWrongFile, ["path": .text(path)])
        case .damaged(let path):
            Message(.productDatabaseDamaged, ["path": .text(path)])
        case .folderNotMade(let path, let folder):
            Message(.productDatabaseFolderNotMade, ["path": .text(path), "folder": .text(folder)])
        case .failed(let path, let code):
            Message(.productDatabaseFailed, ["path": .text(path), "reason": .message(SQLiteReason.message(code))])
        }
    }
}
