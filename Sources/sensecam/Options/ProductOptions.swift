import Perception

/// The products database option, defined once for every command that reads or builds it
/// (`products import`, `products lookup`, and `scan` when it speaks barcodes).
enum ProductOptions {
    static let database: Option<String?> = .text(
        "products-db", value: "file",
        help: "The products database to build or read. (default: $XDG_DATA_HOME/sensecam/products.sqlite, else ~/.local/share/sensecam/products.sqlite)")

    /// The database `--products-db` named (read in the command's init), else the default under
    /// the user's data folder (known only at run time, from the context's environment).
    static func databasePath(_ given: String?, environment: [String: String]) -> String {
        given ?? ProductDatabase.defaultPath(environment: environment)
    }
}
