// SPDX-License-Identifier: GPL-3.0-or-later
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
        options: [ProductOptions.option("products-db").spec, OutputOptions.jsonSpec])

    let code: String
    let products: ProductOptions
    let printsJSON: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        let typed = command.argument("code") ?? ""
        guard let code = ProductCode.normalized(typed) else {
            throw UsageError(Message(.usageNotABarcode, ["code": .text(typed)]), path: command.path)
        }
        self.code = code
        products = try ProductOptions(command)
        printsJSON = try OutputOptions(command).json
    }

    func run(in context: SessionContext) throws -> Int32 {
        let path = products.databasePath(environment: context.environment)
        let product: Product?
        do {
            product = try ProductDatabase(path: path).lookup(code)
        } catch {
            throw RuntimeFailure(error)
        }
        let wording = context.wording
        let sentences = ProductSentence(wording: wording)
        let text = product.map(sentences.spoken) ?? sentences.notFound(code: code)
        context.console.print(printsJSON ? ProductRecord.lookup(code: code, product: product, wording: wording).serialized() : text)
        return product == nil ? 1 : 0
    }
}
