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
import Options
@testable import sensecam

#if canImport(Glibc)
import Glibc
#endif

/// `sensecam products import` and `products lookup`, run as the built binary on exports the
/// fixture writes: sentences, exit statuses, JSON, help, the default database path, and an
/// import killed with SIGKILL and run again.
@Suite struct ProductsCommandTests {
    static func export(_ form: OpenFoodFactsFixture.Form = .tabSeparated, in folder: URL, generated: Int = 20,
                       malformedEvery: Int = 0) throws -> String {
        let path = folder.appendingPathComponent(form == .tabSeparated ? "products.csv" : "products.jsonl").path
        try OpenFoodFactsFixture.write(form, to: path, generated: generated, malformedEvery: malformedEvery)
        return path
    }

    /// Every row of the products table, in code order, as one text: two databases hold the same
    /// products exactly when these are equal.
    static func contents(of path: String) throws -> [String] {
        try ProductDatabase(path: path).withConnection { sqlite in
            let select = try sqlite.prepare("SELECT code, name, brand, quantity, allergens FROM products ORDER BY code", .storeSQLiteLookUpCode)
            var rows: [String] = []
            while try select.step() {
                rows.append((0..<5).map { select.text(Int32($0)) ?? "∅" }.joined(separator: "|"))
            }
            return rows
        }
    }

    @Test func importThenLookUpEachCodeForm() throws {
        try withTemporaryFolder { folder in
            let export = try Self.export(in: folder)
            let database = folder.appendingPathComponent("products.sqlite").path
            let imported = try SensecamProcess.run(["products", "import", export, "--products-db", database])
            #expect(imported.status == 0, "\(imported)")
            #expect(imported.stderrLines == ["Imported products.csv: 26 products, 5 malformed rows skipped."], "\(imported)")

            let again = try SensecamProcess.run(["products", "import", export, "--products-db", database])
            #expect(again.status == 0 && again.stderrLines == ["products.csv is already imported: 26 products, 5 malformed rows skipped."],
                    "\(again)")

            for code in ["0036602301467", "036602301467", "0036 6023 0146 7"] {
                let found = try SensecamProcess.run(["products", "lookup", code, "--products-db", database])
                #expect(found.status == 0 && found.stdoutLines == ["Probably: Acme, Crunchy peanut butter, 12 ounces. Allergens listed: peanuts."],
                        "\(found)")
            }
            let short = try SensecamProcess.run(["products", "lookup", "96385074", "--products-db", database])
            #expect(short.stdoutLines == ["Probably: Bärenstark, Mini Müsli, 6 times 33 centilitres. No allergen information."], "\(short)")

            // A listener who set --language on every command hears the answer in it, not a refusal.
            let german = try SensecamProcess.run(["products", "lookup", "4006381333931", "--products-db", database, "--language", "de"])
            #expect(german.status == 1 && german.stdoutLines == ["Code 4006381333931 ist nicht in der Produktdatenbank."], "\(german)")
            let reimported = try SensecamProcess.run(["products", "import", export, "--products-db", database, "--language", "fr"])
            #expect(reimported.status == 0 && reimported.stderrLines.count == 1
                    && reimported.stderrLines[0].hasPrefix("products.csv est déjà importé"), "\(reimported)")
        }
    }

    @Test func lookupJSON() throws {
        try withTemporaryFolder { folder in
            let database = folder.appendingPathComponent("products.sqlite").path
            _ = try SensecamProcess.run(["products", "import", try Self.export(.jsonLines, in: folder), "--products-db", database])
            let found = try SensecamProcess.run(["products", "lookup", "3000000000014", "--json", "--products-db", database])
            #expect(found.status == 0)
            #expect(found.stdoutLines == [#"{"code":"3000000000014","found":true,"name":"Pâte à tartiner aux noisettes","brand":"Ferrari","quantity":"400 g","allergens":["milk","nuts","soybeans"],"text":"Probably: Ferrari, Pâte à tartiner aux noisettes, 400 grams. Allergens listed: milk, nuts, soybeans."}"#],
                    "\(found)")
            let missing = try SensecamProcess.run(["products", "lookup", "4006381333931", "--json", "--products-db", database])
            #expect(missing.status == 1)
            #expect(missing.stdoutLines == [#"{"code":"4006381333931","found":false,"text":"Code 4006381333931 is not in the products database."}"#],
                    "\(missing)")
        }
    }

    @Test func mistakesAreOneSentenceWithTheirExitStatus() throws {
        try withTemporaryFolder { folder in
            let database = folder.appendingPathComponent("products.sqlite").path
            let noDatabase = try SensecamProcess.run(["products", "lookup", "4006381333931", "--products-db", database])
            #expect(noDatabase.status == 1)
            #expect(noDatabase.stderrLines == ["There is no products database at \(database); build one with 'sensecam products import FILE' from an Open Food Facts export."],
                    "\(noDatabase)")

            _ = try SensecamProcess.run(["products", "import", try Self.export(in: folder), "--products-db", database])
            let unknown = try SensecamProcess.run(["products", "lookup", "4006381333931", "--products-db", database])
            #expect(unknown.status == 1 && unknown.stdoutLines == ["Code 4006381333931 is not in the products database."], "\(unknown)")

            let letters = try SensecamProcess.run(["products", "lookup", "40063813339x1", "--products-db", database])
            #expect(letters.status == 64)
            #expect(letters.stderrLines.first == "Error: '40063813339x1' is not a barcode: give the digits printed under it, such as 3017620422003. See 'sensecam products lookup --help'.",
                    "\(letters)")

            let missingFile = folder.appendingPathComponent("nothing.csv.gz").path
            let noExport = try SensecamProcess.run(["products", "import", missingFile, "--products-db", database])
            #expect(noExport.status == 1 && noExport.stderrLines == ["Cannot read \(missingFile); check that it exists and is a file."], "\(noExport)")

            let notes = folder.appendingPathComponent("notes.txt")
            try Data("milk\neggs\n".utf8).write(to: notes)
            let notExport = try SensecamProcess.run(["products", "import", notes.path, "--products-db", database])
            #expect(notExport.status == 1)
            #expect(notExport.stderrLines == ["\(notes.path) is not an Open Food Facts export: its first line is neither a tab-separated header with a code column nor a JSON product; download the CSV or JSON Lines export from world.openfoodfacts.org/data."],
                    "\(notExport)")

            let bare = try SensecamProcess.run(["products"])
            #expect(bare.status == 64 && bare.stderr.contains("SUBCOMMANDS:"), "\(bare)")
            let noCode = try SensecamProcess.run(["products", "lookup"])
            #expect(noCode.status == 64 && noCode.stderrLines.first == "Error: Missing expected argument '<code>'. See 'sensecam products lookup --help'.",
                    "\(noCode)")
        }
    }

    /// Without --products-db the database is under $XDG_DATA_HOME/sensecam/.
    @Test func defaultDatabaseIsUnderXDGDataHome() throws {
        try withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            let environment: [String: String?] = ["XDG_DATA_HOME": data.path]
            let imported = try SensecamProcess.run(["products", "import", try Self.export(in: folder)], environment: environment)
            #expect(imported.status == 0, "\(imported)")
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("sensecam/products.sqlite").path))
            let found = try SensecamProcess.run(["products", "lookup", "6000000000011"], environment: environment)
            #expect(found.stdoutLines == ["Probably: お茶屋, 緑茶, 500 millilitres. Allergens listed: sulphur dioxide and sulphites."], "\(found)")
        }
    }

    /// A real import killed with SIGKILL once its first transaction is committed, then run
    /// again: it says it resumes, and ends with exactly the rows of an import never stopped.
    @Test func killedImportResumes() throws {
        try withTemporaryFolder { folder in
            // Several transactions' worth, so the kill lands part way even in a fast build.
            let export = try Self.export(in: folder, generated: 60_000, malformedEvery: 997)
            let database = folder.appendingPathComponent("products.sqlite").path
            let running = try SensecamProcess.start(["products", "import", export, "--products-db", database, "--progress", "lines"])
            var killedAt: ImportState?
            let deadline = Date().addingTimeInterval(120)
            while running.isRunning, Date() < deadline {
                if FileManager.default.fileExists(atPath: database),
                   let state = try? ProductDatabase(path: database).withConnection({ try ImportState.load(from: $0) }),
                   state.byteOffset > 0 {
                    kill(running.pid, SIGKILL)
                    killedAt = state
                    break
                }
                usleep(2_000)
            }
            let killed = try running.wait()
            let state = try #require(killedAt, "The import ended before its first commit could be seen: \(killed)")
            #expect(killed.status == 128 + SIGKILL, "\(killed)")
            #expect(!state.finished)

            let resumed = try SensecamProcess.run(["products", "import", export, "--products-db", database, "--progress", "lines"])
            #expect(resumed.status == 0, "\(resumed)")
            let resumeLine = try #require(resumed.stderrLines.first)
            #expect(resumeLine.hasPrefix("Resuming the import of products.csv after row "), "\(resumed)")
            let rowsDone = Int(resumeLine.dropFirst("Resuming the import of products.csv after row ".count).dropLast()) ?? 0
            #expect(rowsDone >= ProductImport.defaultRowsPerTransaction && rowsDone < 60_000, "\(resumed)")
            #expect(resumed.stderrLines.last == "Imported products.csv: 60006 products, 65 malformed rows skipped.", "\(resumed)")
            // Plain progress lines for a screen reader, counted in the megabytes left to read.
            #expect(resumed.stderrLines.contains { $0.range(of: #"^[1-9]0 percent: "#, options: .regularExpression) != nil && $0.contains(" megabytes") },
                    "\(resumed)")

            let clean = folder.appendingPathComponent("clean.sqlite").path
            _ = try ProductImport(path: export, database: try ProductDatabase.forImport(path: clean)).run()
            let resumedRows = try Self.contents(of: database)
            #expect(resumedRows.count == 60_006)
            #expect(resumedRows == (try Self.contents(of: clean)))
        }
    }

    static let importHelp = """
        OVERVIEW: Build the products database from an Open Food Facts export.

        FILE is Open Food Facts' CSV export (en.openfoodfacts.org.products.csv,
        tab-separated) or its JSON Lines export (openfoodfacts-products.jsonl),
        gzip-compressed or plain; it is read as a stream, never whole. The barcode,
        product name, brand, quantity and allergens are kept. A malformed row is skipped
        and counted. An import that is stopped can be run again with the same file: it
        continues where it stopped. A product already in the database is replaced by the
        export's row.

        USAGE: sensecam products import <file> [--products-db <file>]
                 [--progress <style>] [--language <code>]

        ARGUMENTS:
          <file>                  The export, as downloaded from
                                  world.openfoodfacts.org/data.

        OPTIONS:
          --products-db <file>    The products database to build or read. (default:
                                  $XDG_DATA_HOME/sensecam/products.sqlite, else
                                  ~/.local/share/sensecam/products.sqlite)
          --progress <style>      How progress is shown on standard error: auto is a
                                  line redrawn in place on a terminal and nothing
                                  otherwise; lines is one plain line at each 10 percent,
                                  for screen readers. (values: auto, bar, lines, none)
                                  (default: auto)
          --language <code>       The language sensecam speaks, reads and writes braille
                                  in, its messages too; when not given, the locale's,
                                  else English. (values: en, de, fr, es)
          -h, --help              Show help information.

        """

    static let lookupHelp = """
        OVERVIEW: Say what the products database knows about a barcode.

        CODE is the digits under the barcode (spaces allowed): EAN-13, UPC-A (found as
        its EAN-13) or EAN-8. The exit status is 1 when the code is not in the database.

        USAGE: sensecam products lookup <code> [--products-db <file>] [--json]
                 [--language <code>]

        ARGUMENTS:
          <code>                  The barcode's digits, such as 3017620422003.

        OPTIONS:
          --products-db <file>    The products database to build or read. (default:
                                  $XDG_DATA_HOME/sensecam/products.sqlite, else
                                  ~/.local/share/sensecam/products.sqlite)
          --json                  Print one JSON object instead of sentences.
          --language <code>       The language sensecam speaks, reads and writes braille
                                  in, its messages too; when not given, the locale's,
                                  else English. (values: en, de, fr, es)
          -h, --help              Show help information.

        """

    @Test func helpTexts() throws {
        let importing = try SensecamProcess.run(["products", "import", "--help"])
        #expect(importing.status == 0 && importing.stdout == Self.importHelp, "\(importing.stdout)")
        let lookingUp = try SensecamProcess.run(["help", "products", "lookup"])
        #expect(lookingUp.status == 0 && lookingUp.stdout == Self.lookupHelp, "\(lookingUp.stdout)")
        let group = try SensecamProcess.run(["products", "--help"])
        #expect(group.status == 0 && group.stdout.contains("  import ") && group.stdout.contains("  lookup "), "\(group.stdout)")
    }
}
