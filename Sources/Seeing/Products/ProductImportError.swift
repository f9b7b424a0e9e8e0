// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why an import stopped, in one sentence with the fix. Rows already committed stay, and a
/// rerun continues after them.
public enum ProductImportError: WordedError, Sendable {
    case unreadable(path: String)
    /// The first line is neither a tab-separated header with a `code` column nor a JSON object.
    case notAnExport(path: String)
    case read(FileReadError)
    case database(ProductDatabaseError)

    public var message: Message {
        switch self {
        case .unreadable(let path): Message(.productImportUnreadable, ["path": .text(path)])
        case .notAnExport(let path): Message(.productImportNotAnExport, ["path": .text(path)])
        case .read(let error): error.message
        case .database(let error): error.message
        }
    }
}
