// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// Which export file an import is reading (by name, size and modification time: a new download
/// differs in at least one) and how far it has got: the uncompressed byte offset just after the
/// last row of the last committed transaction, and the counts up to there. Kept in the same
/// transaction as the rows, so the two can never disagree.
struct ImportState: Equatable, Sendable {
    struct FileIdentity: Equatable, Sendable {
        var name: String
        var size: Int64
        /// Nanoseconds since 1970.
        var modified: Int64

        /// The identity of the file at `path`, or nil when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            name = URL(fileURLWithPath: path).lastPathComponent
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }

        init(name: String, size: Int64, modified: Int64) {
            (self.name, self.size, self.modified) = (name, size, modified)
        }
    }

    var file: FileIdentity
    var byteOffset: Int64 = 0
    var rowsImported = 0
    var rowsMalformed = 0
    var finished = false

    /// Data rows read so far (the header not counted).
    var rowsRead: Int { rowsImported + rowsMalformed }

    static func load(from sqlite: SQLiteConnection) throws(SQLiteError) -> ImportState? {
        let select = try sqlite.prepare("""
            SELECT file_name, file_size, file_modified, byte_offset, rows_imported, rows_malformed, finished
            FROM import_state WHERE id = 1
            """, .storeSQLiteReadImportProgress)
        guard try select.step() else { return nil }
        return ImportState(file: FileIdentity(name: select.text(0) ?? "", size: select.integer(1), modified: select.integer(2)),
                           byteOffset: select.integer(3), rowsImported: Int(select.integer(4)),
                           rowsMalformed: Int(select.integer(5)), finished: select.integer(6) != 0)
    }

    /// The statement that `save` runs; prepared once per import.
    static func saveStatement(_ sqlite: SQLiteConnection) throws(SQLiteError) -> SQLiteStatement {
        try sqlite.prepare("""
            INSERT OR REPLACE INTO import_state
                (id, file_name, file_size, file_modified, byte_offset, rows_imported, rows_malformed, finished)
            VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """, .storeSQLiteRecordImportProgress)
    }

    func save(with statement: SQLiteStatement) throws(SQLiteError) {
        try statement.bind(file.name, at: 1)
        try statement.bind(file.size, at: 2)
        try statement.bind(file.modified, at: 3)
        try statement.bind(byteOffset, at: 4)
        try statement.bind(Int64(rowsImported), at: 5)
        try statement.bind(Int64(rowsMalformed), at: 6)
        try statement.bind(finished ? 1 : 0, at: 7)
        try statement.run()
    }
}
