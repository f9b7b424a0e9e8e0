import Foundation
import Glibc
import Options
import Perception

/// `products import FILE`: builds (or adds to) the products database from an Open Food Facts
/// export, streamed, resumable, with progress on standard error.
struct ProductsImportCommand: Command {

    static let spec = CommandSpec(
        name: "import",
        abstract: Message(.helpProductsImport),
        discussion: Message(.helpProductsImportDiscussion),
        arguments: [ArgumentSpec(name: "file", help: Message(.helpProductsImportFile))],
        options: [ProductOptions.option("products-db").spec,
                  ProgressOptions.option("progress").with(help: Message(.helpProductsImportProgress)).spec])

    /// Progress is counted in the file's megabytes: fine enough for a file of gigabytes, and
    /// words a screen reader says quickly.
    static let bytesPerProgressUnit: Int64 = 1 << 20

    let file: String
    let products: ProductOptions
    let progressChoice: ProgressReporter.Choice

    init(_ command: ParsedCommand) throws(UsageError) {
        file = command.argument("file") ?? ""
        products = try ProductOptions(command)
        progressChoice = try ProgressOptions(command).progress
    }

    func run(in context: CommandContext) throws -> Int32 {
        let console = context.console
        let path = products.databasePath(environment: context.environment)
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
                    reporter = ProgressReporter(total: Int(max(1, units)), noun: ("megabyte", "megabytes"), style: style) { text in
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
