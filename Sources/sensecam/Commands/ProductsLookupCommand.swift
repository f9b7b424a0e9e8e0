// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// `products lookup CODE`: what the products database says about a typed barcode, in the
/// words a scanned one gets.
struct ProductsLookupCommand: Command {
    static let spec = CommandSpec(
        name: "lookup",
        abstract: Message(.helpProductsLookup),
        discussion: Message(.helpProductsLookupDiscussion),
        arguments: [ArgumentSpec(name: "code", help: Message(.helpProductsLookupCode))],
        options: [ProductOptions.option("products-db").spec, OutputOptions.jsonSpec] + ReadingOptions.languageSpecs)

    let code: String
    let products: ProductOptions
    let printsJSON: Bool
    /// Only `--language` (else the settings file's, else the locale's): the words of its answer.
    let settings: Settings

    init(_ command: ParsedCommand) throws(UsageError) {
        let typed = command.argument("code") ?? ""
        switch ProductCode.mistake(in: typed) {
        case .notDigits: throw UsageError(Message(.usageNotABarcode, ["code": .text(typed)]), path: command.path)
        case .length(let count): throw UsageError(Message(.usageBarcodeLength, ["code": .text(typed), "count": .integer(count)]),
                                                  path: command.path)
        case .checkDigit: throw UsageError(Message(.usageBarcodeCheckDigit, ["code": .text(typed)]), path: command.path)
        case nil: break
        }
        // A code with no mistake always normalizes.
        self.code = ProductCode.normalized(typed) ?? typed
        products = try ProductOptions(command)
        printsJSON = try OutputOptions(command).json
        settings = try Settings(command)
    }

    func run(in context: SessionContext) throws -> Int32 {
        let path = products.databasePath(environment: context.environment)
        let product: Product?
        do {
            product = try ProductDatabase(path: path).lookup(code)
        } catch {
            throw RuntimeFailure(error)
        }
        let wording = settings.pipeline.wording
        let sentences = ProductSentence(wording: wording)
        let text = product.map(sentences.spoken) ?? sentences.notFound(code: code)
        context.console.print(printsJSON ? ProductRecord.lookup(code: code, product: product, wording: wording).serialized() : text)
        return product == nil ? 1 : 0
    }
}
