// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// The products database, defined once for every command that reads or builds it (`products
/// import`, `products lookup`, and `scan` when it speaks barcodes); and what `scan` may say of
/// a code (`--show-password`).
public struct ProductOptions: OptionGroup {
    /// Nil: the default under the user's data folder, known only at run time.
    public var database: String?
    public var showPassword = false

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .text(\.database, "products-db", value: "file", help: Message(.helpProductsDatabase))
            .defaulting(to: Message(.helpProductsDatabaseDefault)),
        .flag(\.showPassword, "show-password", help: Message(.helpShowPassword)),
    ]

    /// The database `--products-db` named, else the default under the user's data folder
    /// (from the run's environment).
    public func databasePath(environment: [String: String]) -> String {
        database ?? ProductDatabase.defaultPath(environment: environment)
    }
}
