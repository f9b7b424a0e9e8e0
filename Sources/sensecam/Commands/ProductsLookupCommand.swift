import Perception

/// `products lookup CODE`: what the products database says about a typed barcode, in the
/// words a scanned one gets.
struct ProductsLookupCommand: Command {
    static let spec = CommandSpec(
        name: "lookup",
        abstract: "Say what the products database knows about a barcode.",
        discussion: "CODE is the digits under the barcode (spaces allowed): EAN-13, UPC-A (found as its EAN-13) or EAN-8. The exit status is 1 when the code is not in the database.",
        arguments: [ArgumentSpec(name: "code", help: "The barcode's digits, such as 3017620422003.")],
        options: [ProductOptions.database.spec, OutputOptions.json.spec])

    let code: String
    let databaseOption: String?
    let printsJSON: Bool

    init(_ command: ParsedCommand) throws(UsageError) {
        let typed = command.argument("code") ?? ""
        guard let code = ProductCode.normalized(typed) else {
            throw UsageError(message: "'\(typed)' is not a barcode: give the digits printed under it, such as 3017620422003.",
                             path: command.path)
        }
        self.code = code
        databaseOption = try ProductOptions.database.value(in: command)
        printsJSON = OutputOptions.json.isSet(in: command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        let path = ProductOptions.databasePath(databaseOption, environment: context.environment)
        let product: Product?
        do {
            product = try ProductDatabase(path: path).lookup(code)
        } catch {
            throw RuntimeFailure(error.description)
        }
        let wording = Wording.english
        let sentences = ProductSentence(wording: wording)
        let text = product.map(sentences.spoken) ?? sentences.notFound(code: code)
        context.console.print(printsJSON ? ProductRecord.lookup(code: code, product: product, wording: wording).serialized() : text)
        return product == nil ? 1 : 0
    }
}
