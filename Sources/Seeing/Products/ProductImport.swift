// SPDX-License-Identifier: GPL-3.0-or-later
/// Builds the products database from an Open Food Facts export, streamed line by line: rows go
/// in through one prepared statement, in transactions of `rowsPerTransaction` rows, each also
/// recording the resume point (`ImportState`). A killed import keeps every committed
/// transaction, and a rerun on the same file seeks to the point and goes on; a malformed row is
/// skipped and counted, never fatal. A product met twice keeps the later row, as the export's
/// later line is the newer one.
public struct ProductImport: Sendable {
    /// A commit costs a sync of the write-ahead log (about a millisecond); at this size that is
    /// well under 1 % of the import, and a killed import redoes at most this many rows.
    public static let defaultRowsPerTransaction = 5_000

    /// How the import begins, told before the first row is read (for the user and progress).
    public enum Start: Sendable, Equatable {
        case fresh
        /// A rerun on the same file: `rowsRead` data rows were already done.
        case resuming(rowsRead: Int)
        /// Starting over because the unfinished import was of another file.
        case replacingUnfinished(fileName: String)
    }

    public struct Summary: Sendable, Equatable {
        public var rowsImported: Int
        public var rowsMalformed: Int
        /// Nothing was done: this very file had been imported to its end before.
        public var wasAlreadyImported: Bool
        public var start: Start
    }

    public let path: String
    public let database: ProductDatabase
    public let rowsPerTransaction: Int

    public init(path: String, database: ProductDatabase, rowsPerTransaction: Int = Self.defaultRowsPerTransaction) {
        self.path = path
        self.database = database
        self.rowsPerTransaction = max(1, rowsPerTransaction)
    }

    /// Imports the file. `onStart` hears how it begins and the file's size in bytes with the
    /// file offset it begins at; `onProgress` hears the file offset reached at each commit.
    public func run(onStart: (Start, _ fileBytes: Int64, _ startOffset: Int64) -> Void = { _, _, _ in },
                    onProgress: (_ fileOffset: Int64) -> Void = { _ in }) throws(ProductImportError) -> Summary {
        guard let identity = ImportState.FileIdentity(path: path) else { throw .unreadable(path: path) }
        let file: CompressedFileReader
        do { file = try CompressedFileReader(path: path) } catch { throw .read(error) }
        let lines = LineReader(file)
        do {
            return try database.withConnection { sqlite throws(ImportFailure) -> Summary in
                try importRows(lines, file: file, identity: identity, sqlite: sqlite, onStart: onStart, onProgress: onProgress)
            }
        } catch {
            switch error {
            case .read(let error): throw .read(error)
            case .sqlite(let error): throw .database(ProductDatabase.databaseError(error, path: database.path))
            case .notAnExport: throw .notAnExport(path: path)
            }
        }
    }

    /// The failures inside the connection's lock, before they are put in the user's words.
    private enum ImportFailure: Error {
        case read(FileReadError)
        case sqlite(SQLiteError)
        case notAnExport
    }

    private func importRows(_ lines: LineReader, file: CompressedFileReader, identity: ImportState.FileIdentity,
                            sqlite: SQLiteConnection, onStart: (Start, Int64, Int64) -> Void,
                            onProgress: (Int64) -> Void) throws(ImportFailure) -> Summary {
        func read() throws(ImportFailure) -> LineReader.Line? {
            do { return try lines.next() } catch { throw .read(error) }
        }
        // Everything inside throws only SQLiteError; the closures' thrown type is not inferred.
        func sql<T>(_ body: () throws -> T) throws(ImportFailure) -> T {
            do { return try body() } catch let error as SQLiteError {
                throw .sqlite(error)
            } catch {
                throw .sqlite(SQLiteError(operation: .storeSQLiteWriteDatabase, code: SQLiteReason.error, detail: "\(error)"))
            }
        }

        let earlier = try sql { try ImportState.load(from: sqlite) }
        if let earlier, earlier.file == identity, earlier.finished {
            return Summary(rowsImported: earlier.rowsImported, rowsMalformed: earlier.rowsMalformed,
                           wasAlreadyImported: true, start: .resuming(rowsRead: earlier.rowsRead))
        }

        // The first line says which form the file is; a JSON file's first line is also a row.
        guard case .text(let first, let firstEnd)? = try read(),
              let format = OpenFoodFactsExport.format(ofFirstLine: first) else { throw .notAnExport }
        let parse: (UnsafeBufferPointer<UInt8>) -> Product?
        var state = ImportState(file: identity)
        switch format {
        case .tabSeparated(let layout):
            parse = layout.product
            state.byteOffset = firstEnd
        case .jsonLines:
            parse = JSONLinesRow.product
        }

        let start: Start
        if let earlier, earlier.file == identity, earlier.byteOffset > state.byteOffset {
            state = earlier
            start = .resuming(rowsRead: earlier.rowsRead)
        } else if let earlier, earlier.file != identity, !earlier.finished {
            start = .replacingUnfinished(fileName: earlier.file.name)
        } else {
            start = .fresh
        }
        do { try lines.seek(to: state.byteOffset) } catch { throw .read(error) }
        onStart(start, identity.size, file.fileOffset)

        let insert = try sql {
            try sqlite.prepare("""
                INSERT OR REPLACE INTO products (code, name, brand, quantity, allergens) VALUES (?1, ?2, ?3, ?4, ?5)
                """, .storeSQLiteAddProduct)
        }
        let save = try sql { try ImportState.saveStatement(sqlite) }
        var rowsInTransaction = 0
        try sql { try sqlite.execute("BEGIN", .storeSQLiteStartTransaction) }
        do {
            while let line = try read() {
                switch line {
                case .overlong(let end):
                    state.rowsMalformed += 1
                    state.byteOffset = end
                case .text(let bytes, let end):
                    state.byteOffset = end
                    if bytes.isEmpty || (bytes.count == 1 && bytes[0] == UInt8(ascii: "\r")) { continue }  // a blank line is no row
                    if let product = parse(bytes) {
                        try sql {
                            try insert.bind(product.code, at: 1)
                            try insert.bind(product.name, at: 2)
                            try insert.bind(product.brand, at: 3)
                            try insert.bind(product.quantity, at: 4)
                            try insert.bind(product.allergens.isEmpty ? nil : product.allergens.joined(separator: ProductDatabase.allergenSeparator), at: 5)
                            try insert.run()
                        }
                        state.rowsImported += 1
                    } else {
                        state.rowsMalformed += 1
                    }
                }
                rowsInTransaction += 1
                if rowsInTransaction >= rowsPerTransaction {
                    try sql {
                        try state.save(with: save)
                        try sqlite.execute("COMMIT; BEGIN", .storeSQLiteCommitTransaction)
                    }
                    rowsInTransaction = 0
                    onProgress(file.fileOffset)
                }
            }
            state.finished = true
            try sql {
                try state.save(with: save)
                try sqlite.execute("COMMIT", .storeSQLiteCommitLastTransaction)
            }
            onProgress(file.fileOffset)
        } catch {
            // The open transaction is dropped; what was committed stays for the rerun.
            try? sqlite.execute("ROLLBACK", .storeSQLiteRollBack)
            throw error
        }
        return Summary(rowsImported: state.rowsImported, rowsMalformed: state.rowsMalformed, wasAlreadyImported: false,
                       start: start)
    }
}
