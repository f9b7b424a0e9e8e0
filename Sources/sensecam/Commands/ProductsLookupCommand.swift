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
        let path = databaseOption ?? ProductDatabase.defaultPath(environment: context.environment)
        let product: Product?
        do {
            product = try ProductDatabase(path: path).lookup(code)
        } catch {
            throw RuntimeFailure(error.description)
        }
        let text = product.map(ProductSentence.spoken) ?? ProductSentence.notFound(code: code)
        context.console.print(printsJSON ? Self.record(code: code, product: product, text: text).serialized() : text)
        return product == nil ? 1 : 0
    }

    /// `{"code", "found", "name", "brand", "quantity", "allergens", "text"}`; a field the
    /// database lacks is null, and a code not found has only code, found and text.
    static func record(code: String, product: Product?, text: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(code)), ("found", .bool(product != nil))]
        if let product {
            func field(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            members += [("name", field(product.name)), ("brand", field(product.brand)), ("quantity", field(product.quantity)),
                        ("allergens", .array(product.allergens.map(JSONValue.string)))]
        }
        members.append(("text", .string(text)))
        return .object(members)
    }
}
