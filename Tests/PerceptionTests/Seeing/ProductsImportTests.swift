// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The import on real files in both of Open Food Facts' forms, plain and gzip, into a real
/// SQLite database: counts, malformed rows, every kept field, lookups by each code form.
@Suite struct ProductsImportTests {
    /// A fresh folder removed when `body` returns.
    static func inTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-products-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Every product in the database, by code.
    static func allProducts(_ database: ProductDatabase, codes: [String]) throws -> [Product?] {
        try codes.map { try database.lookup($0) }
    }

    @Test func headerIsTheRealExportsLayout() {
        let header = OpenFoodFactsFixture.header
        #expect(header.count == 184)
        #expect(Set(header).count == header.count)
        #expect(Array(header.prefix(3)) == ["code", "url", "creator"])
        for column in ["product_name", "brands", "quantity", "allergens", "allergens_en"] { #expect(header.contains(column)) }
    }

    @Test(arguments: OpenFoodFactsFixture.Form.allCases, [false, true])
    func importsEveryFieldAndCountsMalformedRows(form: OpenFoodFactsFixture.Form, gzip: Bool) throws {
        try Self.inTemporaryFolder { folder in
            var export = folder.appendingPathComponent(form == .tabSeparated ? "products.csv" : "products.jsonl").path
            let written = try OpenFoodFactsFixture.write(form, to: export, generated: 40, malformedEvery: 10)
            if gzip { export = try OpenFoodFactsFixture.gzip(export) }
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("db/products.sqlite").path)
            let summary = try ProductImport(path: export, database: database).run()
            #expect(summary.rowsImported == written.rows)
            #expect(summary.rowsMalformed == written.malformed)
            #expect(written.malformed == (form == .tabSeparated ? 5 : 4) + 4)
            #expect(summary.start == .fresh && !summary.wasAlreadyImported)
            #expect(try database.productCount() == written.rows)

            let rows = OpenFoodFactsFixture.namedRows + (0..<40).map { OpenFoodFactsFixture.generatedRow($0) }
            for row in rows {
                #expect(try database.lookup(row.code) == row.product, "\(row.code)")
            }
        }
    }

    /// A scanner reads a UPC-A as 12 digits, an EAN-8 as 8; the export writes the EAN-13.
    @Test func everyCodeFormFindsItsProduct() throws {
        try Self.inTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            try OpenFoodFactsFixture.write(.tabSeparated, to: export)
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("products.sqlite").path)
            _ = try ProductImport(path: export, database: database).run()
            let reopened = try ProductDatabase(path: database.path)
            #expect(try reopened.lookup("0036602301467")?.name == "Crunchy peanut butter")
            #expect(try reopened.lookup("036602301467")?.name == "Crunchy peanut butter")
            #expect(try reopened.lookup("96385074")?.brand == "Bärenstark")
            #expect(try reopened.lookup("3000000000014").map(ProductSentence(wording: .english).spoken)
                    == "Probably: Ferrari, Pâte à tartiner aux noisettes, 400 grams. Allergens listed: milk, nuts, soybeans.")
            #expect(try reopened.lookup("4000000000013")?.name == "Tea \"Earl Grey\"\tspecial blend")
            #expect(try reopened.lookup("6000000000011").map(ProductSentence(wording: .english).spoken)
                    == "Probably: お茶屋, 緑茶, 500 millilitres. Allergens listed: sulphur dioxide and sulphites.")
            #expect(try reopened.lookup("4006381333931") == nil)
            #expect(try reopened.lookup("12AB56") == nil)
            // The malformed rows' codes never made it in.
            #expect(try reopened.lookup("7000000000012") == nil)
            #expect(try reopened.lookup("9000000000014") == nil)
        }
    }

    /// The same file again is not read again; a changed file is imported from its start.
    @Test func sameFileIsAlreadyImportedAChangedOneIsNot() throws {
        try Self.inTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.jsonl").path
            try OpenFoodFactsFixture.write(.jsonLines, to: export, generated: 10)
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("products.sqlite").path)
            let first = try ProductImport(path: export, database: database).run()
            let again = try ProductImport(path: export, database: database).run()
            #expect(again.wasAlreadyImported && again.rowsImported == first.rowsImported)
            try OpenFoodFactsFixture.write(.jsonLines, to: export, generated: 20)
            let changed = try ProductImport(path: export, database: database).run()
            #expect(!changed.wasAlreadyImported && changed.rowsImported == first.rowsImported + 10)
            #expect(try database.productCount() == changed.rowsImported)
        }
    }

    /// A batch size of 7, then the database put back as a kill after generated row 20 would
    /// leave it (the resume point at that row's line, the rows after it gone): the rerun says it
    /// resumes, continues from there, and ends with the rows and counts of an uninterrupted import.
    @Test func resumesFromTheRecordedPoint() throws {
        try Self.inTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            let written = try OpenFoodFactsFixture.write(.tabSeparated, to: export, generated: 50, malformedEvery: 9)
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("products.sqlite").path)
            var offsets: [Int64] = []
            _ = try ProductImport(path: export, database: database, rowsPerTransaction: 7).run(onProgress: { offsets.append($0) })
            #expect(offsets.count >= 9)

            let bytes = try Data(contentsOf: URL(fileURLWithPath: export))
            let cutRow = OpenFoodFactsFixture.generatedRow(20)
            let cut = bytes.range(of: Data(("\n" + cutRow.code + "\t").utf8))!.lowerBound + 1
            let linesBefore = bytes[..<cut].filter { $0 == UInt8(ascii: "\n") }.count - 1  // less the header
            let goodBefore = OpenFoodFactsFixture.namedRows.count + 20
            let later = (20..<50).map { "'\(OpenFoodFactsFixture.generatedRow($0).code)'" }.joined(separator: ",")
            try database.withConnection { sqlite in
                try sqlite.execute("""
                    UPDATE import_state SET finished = 0, byte_offset = \(cut), rows_imported = \(goodBefore),
                        rows_malformed = \(linesBefore - goodBefore);
                    DELETE FROM products WHERE code IN (\(later));
                    """, .storeSQLiteRecordImportProgress)
            }
            #expect(try database.productCount() == goodBefore)
            var start: ProductImport.Start?
            let resumed = try ProductImport(path: export, database: database, rowsPerTransaction: 7)
                .run(onStart: { begun, _, _ in start = begun })
            #expect(start == .resuming(rowsRead: linesBefore))
            #expect(resumed.rowsImported == written.rows && resumed.rowsMalformed == written.malformed)
            #expect(try database.productCount() == written.rows)
            for index in [0, 20, 49] {
                let row = OpenFoodFactsFixture.generatedRow(index)
                #expect(try database.lookup(row.code) == row.product)
            }
        }
    }

    @Test func notAnExportIsOneSentence() throws {
        try Self.inTemporaryFolder { folder in
            let file = folder.appendingPathComponent("notes.txt").path
            try Data("shopping list\nmilk\n".utf8).write(to: URL(fileURLWithPath: file))
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("products.sqlite").path)
            #expect(throws: ProductImportError.self) { try ProductImport(path: file, database: database).run() }
            do {
                _ = try ProductImport(path: file, database: database).run()
            } catch {
                #expect("\(error)".hasPrefix("\(file) is not an Open Food Facts export"))
            }
        }
    }

    /// A download cut off part way: the rows before the cut are kept, the rest is one sentence.
    @Test func truncatedGzipKeepsCommittedRowsAndSaysSo() throws {
        try Self.inTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            try OpenFoodFactsFixture.write(.tabSeparated, to: export, generated: 3_000)
            let compressed = try Data(contentsOf: URL(fileURLWithPath: try OpenFoodFactsFixture.gzip(export)))
            let cut = folder.appendingPathComponent("cut.csv.gz")
            try compressed.prefix(compressed.count * 2 / 3).write(to: cut)
            let database = try ProductDatabase.forImport(path: folder.appendingPathComponent("products.sqlite").path)
            do {
                _ = try ProductImport(path: cut.path, database: database, rowsPerTransaction: 100).run()
                Issue.record("A cut-off file imported without complaint.")
            } catch {
                #expect("\(error)".contains("stops early"), "\(error)")
                #expect("\(error)".hasSuffix("download it again."), "\(error)")
            }
            #expect(try database.productCount() > 1_000)
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        try Self.inTemporaryFolder { folder in
            let file = folder.appendingPathComponent("products.sqlite").path
            try Data("not sqlite at all, but long enough to have a header of its own......................................".utf8)
                .write(to: URL(fileURLWithPath: file))
            #expect(throws: ProductDatabaseError.notProductsDatabase(path: file)) { try ProductDatabase(path: file) }
            let missing = folder.appendingPathComponent("none.sqlite").path
            #expect(throws: ProductDatabaseError.missing(path: missing)) { try ProductDatabase(path: missing) }
        }
    }

    @Test func defaultPathFollowsXDG() {
        #expect(ProductDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/sensecam/products.sqlite")
        #expect(ProductDatabase.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/sensecam/products.sqlite")
        // The specification says a relative XDG_DATA_HOME is to be ignored.
        #expect(ProductDatabase.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/a"])
                == "/home/a/.local/share/sensecam/products.sqlite")
    }
}
