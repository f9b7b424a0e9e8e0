/// `products import FILE` and `products lookup CODE`: the local products database, built from
/// an Open Food Facts export and searched by barcode. The two are a `CommandGroup`.
struct ProductsCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [ProductsImportCommand.self, ProductsLookupCommand.self]

    static let spec = CommandSpec(
        name: "products",
        abstract: "Build and search a local products database from an Open Food Facts export.",
        discussion: "Download the export once from world.openfoodfacts.org/data (the CSV or JSON Lines form, gzip or plain), import it, and barcodes are then found without a network.",
        subcommands: subcommands.map { $0.spec })

    let command: any Command

    init(running command: any Command) {
        self.command = command
    }
}
