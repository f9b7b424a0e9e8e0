import Perception

/// The products database option, defined once for every command that reads or builds it
/// (`products import`, `products lookup`, and `scan` when it speaks barcodes).
enum ProductOptions {
    static let database: Option<String?> = .text(
        "products-db", value: "file",
        help: "The products database to build or read. (default: $XDG_DATA_HOME/sensecam/products.sqlite, else ~/.local/share/sensecam/products.sqlite)")

    /// The database the command line names, else the default under the user's data folder.
    static func databasePath(in command: ParsedCommand, environment: [String: String]) throws(UsageError) -> String {
        try database.value(in: command) ?? ProductDatabase.defaultPath(environment: environment)
    }
}
