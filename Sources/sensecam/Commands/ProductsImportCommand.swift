// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Modes
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
                  ProgressOptions.option("progress").with(help: Message(.helpProductsImportProgress)).spec]
                  + ReadingOptions.languageSpecs)

    /// Progress is counted in the file's megabytes: fine enough for a file of gigabytes, and
    /// words a screen reader says quickly.
    static let bytesPerProgressUnit: Int64 = 1 << 20

    let file: String
    let products: ProductOptions
    let progressChoice: ProgressReporter.Choice
    /// Only `--language` (else the settings file's, else the locale's): the words of its reports.
    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        file = command.argument("file") ?? ""
        products = try ProductOptions(command)
        progressChoice = try ProgressOptions(command).progress
        settings = try Settings(command)
    }

    func run(in context: SessionContext) throws -> Int32 {
        let console = context.console
        let wording = settings.pipeline.wording
        let path = products.databasePath(environment: context.environment)
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw RuntimeFailure(Message(.failureCannotRead, ["path": .text(file)]))
        }
        let database: ProductDatabase
        do { database = try ProductDatabase.forImport(path: path) } catch { throw RuntimeFailure(error) }

        let style = ProgressReporter.style(progressChoice, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
        var reporter: ProgressReporter?
        var reported: Int64 = 0
        let summary: ProductImport.Summary
        do {
            summary = try ProductImport(path: file, database: database).run(
                onStart: { start, fileBytes, startOffset in
                    switch start {
                    case .fresh: break
                    case .resuming(let rowsRead):
                        console.report(wording(.importResuming, ["name": .text(name), "row": .integer(rowsRead)]))
                    case .replacingUnfinished(let other):
                        console.report(wording(.importReplacingUnfinished, ["other": .text(other), "name": .text(name)]))
                    }
                    let units = (fileBytes - startOffset + Self.bytesPerProgressUnit - 1) / Self.bytesPerProgressUnit
                    reported = startOffset
                    reporter = ProgressReporter(total: Int(max(1, units)), unit: .megabyte, wording: wording, style: style) { text in
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
            throw RuntimeFailure(error)
        }
        reporter?.finish()
        console.report(wording(summary.wasAlreadyImported ? .importAlreadyDone : .importDone, [
            "name": .text(name), "products": .integer(summary.rowsImported), "malformed": .integer(summary.rowsMalformed),
        ]))
        return 0
    }
}
