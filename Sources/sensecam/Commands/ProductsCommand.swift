/// `products import FILE` and `products lookup CODE`: the local products database, built from
/// an Open Food Facts export and searched by barcode. This type only groups the two: the
/// dispatch goes by the subcommand the parse reached (path[2]).
struct ProductsCommand: Command {
    static let subcommands: [any Command.Type] = [ProductsImportCommand.self, ProductsLookupCommand.self]

    static let spec = CommandSpec(
        name: "products",
        abstract: "Build and search a local products database from an Open Food Facts export.",
        discussion: "Download the export once from world.openfoodfacts.org/data (the CSV or JSON Lines form, gzip or plain), import it, and barcodes are then found without a network.",
        subcommands: subcommands.map { $0.spec })

    let command: any Command

    init(_ command: ParsedCommand) throws(UsageError) {
        // A parse that reached `products` names one of its subcommands (bare `products` is a usage error).
        guard command.path.count > 2, let type = Self.subcommands.first(where: { $0.spec.name == command.path[2] }) else {
            throw .missingSubcommand(path: command.path)
        }
        self.command = try type.init(command)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try command.run(in: context)
    }
}
