// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// `products import FILE` and `products lookup CODE`: the local products database, built from
/// an Open Food Facts export and searched by barcode. The two are a `CommandGroup`.
struct ProductsCommand: CommandGroup {
    static let subcommands: [any Command.Type] = [ProductsImportCommand.self, ProductsLookupCommand.self]

    static let spec = CommandSpec(
        name: "products",
        abstract: Message(.helpProducts),
        discussion: Message(.helpProductsDiscussion),
        subcommands: subcommands.map { $0.spec })

    let command: any Command

    init(running command: any Command) {
        self.command = command
    }
}
