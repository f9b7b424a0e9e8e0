// SPDX-License-Identifier: GPL-3.0-or-later
/// The two forms of Open Food Facts' full export a user can download from
/// world.openfoodfacts.org/data, told apart by their first line: the "CSV" form
/// (`en.openfoodfacts.org.products.csv`, really tab-separated, a header naming about 200
/// columns) and the JSON Lines form (`openfoodfacts-products.jsonl`, one product object a line).
/// Either may be gzip-compressed; the reader below does not care.
enum OpenFoodFactsExport {
    enum Format {
        case tabSeparated(TabSeparatedLayout)
        case jsonLines
    }

    /// The columns the database keeps, by their names in the export's header.
    enum Column {
        static let code = "code"
        /// The name in the product's main language, then its generic name when that is empty.
        static let names = ["product_name", "generic_name"]
        static let brands = "brands"
        static let quantity = "quantity"
        /// English allergen names ("Milk,Eggs") where the export has them, else the tags
        /// ("en:milk,en:eggs").
        static let allergens = ["allergens_en", "allergens"]
    }

    /// The form a file's first line announces, or nil for a file that is neither.
    static func format(ofFirstLine line: UnsafeBufferPointer<UInt8>) -> Format? {
        var bytes = line[...]
        // A byte-order mark, as some editors write.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "{") { return .jsonLines }
        return TabSeparatedLayout(header: UnsafeBufferPointer(rebasing: bytes)).map(Format.tabSeparated)
    }
}
