import Foundation
import Glibc
import Perception

/// `products import FILE`: builds (or adds to) the products database from an Open Food Facts
/// export, streamed, resumable, with progress on standard error.
struct ProductsImportCommand: Command {
    static let progress = BatchCommand.progress.with(
        help: "How progress is shown on standard error: auto is a line redrawn in place on a terminal and nothing otherwise; lines is one plain line at each 10 percent, for screen readers.")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Build the products database from an Open Food Facts export.",
        discussion: "FILE is Open Food Facts' CSV export (en.openfoodfacts.org.products.csv, tab-separated) or its JSON Lines export (openfoodfacts-products.jsonl), gzip-compressed or plain; it is read as a stream, never whole. The barcode, product name, brand, quantity and allergens are kept. A malformed row is skipped and counted. An import that is stopped can be run again with the same file: it continues where it stopped. A product already in the database is replaced by the export's row.",
        arguments: [ArgumentSpec(name: "file", help: "The export, as downloaded from world.openfoodfacts.org/data.")],
        options: [ProductOptions.database.spec, progress.spec])

    /// Progress is counted in the file's megabytes: fine enough for a file of gigabytes, and
    /// words a screen reader says quickly.
    static let bytesPerProgressUnit: Int64 = 1 << 20

    let file: String
    let databaseOption: String?
    let progressChoice: ProgressReporter.Choice

    init(_ command: ParsedCommand) throws(UsageError) {
        file = command.argument("file") ?? ""
        databaseOption = try ProductOptions.database.value(in: command)
        progressChoice = try Self.progress.value(in: command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let console = context.console
        let path = ProductOptions.databasePath(databaseOption, environment: context.environment)
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw RuntimeFailure("Cannot read \(file); check that it exists and is a file.")
        }
        let database: ProductDatabase
        do { database = try ProductDatabase.forImport(path: path) } catch { throw RuntimeFailure(error.description) }

        let style = ProgressReporter.style(progressChoice, accessible: false, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        var reporter: ProgressReporter?
        var reported: Int64 = 0
        let summary: ProductImport.Summary
        do {
            summary = try ProductImport(path: file, database: database).run(
                onStart: { start, fileBytes, startOffset in
                    switch start {
                    case .fresh: break
                    case .resuming(let rowsRead):
                        console.report("Resuming the import of \(name) after row \(rowsRead).")
                    case .replacingUnfinished(let other):
                        console.report("The unfinished import of \(other) is left as it is; importing \(name) from its start.")
                    }
                    let units = (fileBytes - startOffset + Self.bytesPerProgressUnit - 1) / Self.bytesPerProgressUnit
                    reported = startOffset
                    reporter = ProgressReporter(total: Int(max(1, units)), unit: .megabyte, wording: .english, style: style) { text in
                        if style == .lines { console.report(text) } else { console.redraw(text) }
                    }
                },
                onProgress: { offset in
                    let units = (offset - reported) / Self.bytesPerProgressUnit
                    guard units > 0 else { return }
                    reported += units * Self.bytesPerProgressUnit
                    reporter?.advance(by: Int(units))
                })
        } catch {
            reporter?.finish()
            throw RuntimeFailure(error.description)
        }
        reporter?.finish()
        let skipped = summary.rowsMalformed == 0 ? ""
            : ", \(summary.rowsMalformed) malformed \(summary.rowsMalformed == 1 ? "row" : "rows") skipped"
        let products = "\(summary.rowsImported) \(summary.rowsImported == 1 ? "product" : "products")"
        console.report(summary.wasAlreadyImported
            ? "\(name) is already imported: \(products)\(skipped)."
            : "Imported \(name): \(products)\(skipped).")
        return 0
    }
}
