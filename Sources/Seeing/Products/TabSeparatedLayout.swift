// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where the kept columns sit in the tab-separated export, found by name in its header (the
/// export's column order has changed over the years, so positions are never assumed), and how
/// one of its lines becomes a product.
///
/// Fields are plain text; one that starts with a double quote runs to the next quote followed
/// by a tab or the end of the line, with `""` for a quote inside it (a tab inside is kept).
/// A row spread over several lines by a quoted newline reads as malformed lines: the export
/// does not write those.
struct TabSeparatedLayout {
    let columnCount: Int
    let code: Int
    let names: [Int]
    let brands: Int?
    let quantity: Int?
    let allergens: [Int]

    private static let tab = UInt8(ascii: "\t")
    private static let quote = UInt8(ascii: "\"")

    /// The layout a header line gives, or nil when it has no `code` column or no tab at all.
    init?(header: UnsafeBufferPointer<UInt8>) {
        guard let fields = Self.fields(of: header, keeping: nil), fields.count > 1 else { return nil }
        let names = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let code = names.firstIndex(of: OpenFoodFactsExport.Column.code) else { return nil }
        columnCount = names.count
        self.code = code
        self.names = OpenFoodFactsExport.Column.names.compactMap { names.firstIndex(of: $0) }
        brands = names.firstIndex(of: OpenFoodFactsExport.Column.brands)
        quantity = names.firstIndex(of: OpenFoodFactsExport.Column.quantity)
        allergens = OpenFoodFactsExport.Column.allergens.compactMap { names.firstIndex(of: $0) }
        var wanted = Array(repeating: false, count: names.count)
        for column in [code] + self.names + [brands, quantity].compactMap({ $0 }) + allergens { wanted[column] = true }
        self.wanted = wanted
    }

    /// Whether each column's text is needed (by position); the others are only counted.
    private let wanted: [Bool]

    /// The product on a line, or nil when the line is malformed: another number of columns
    /// than the header, an unclosed quote, or a code that is missing or not digits.
    func product(_ line: UnsafeBufferPointer<UInt8>) -> Product? {
        guard let fields = Self.fields(of: line, keeping: wanted, expectedCount: columnCount),
              fields.count == columnCount,
              let code = ProductCode.normalized(fields[code]) else { return nil }
        let name = names.lazy.compactMap { ProductFields.cleaned(fields[$0]) }.first
        let allergenText = allergens.lazy.compactMap { ProductFields.cleaned(fields[$0]) }.first
        return Product(code: code, name: name,
                       brand: brands.flatMap { ProductFields.firstBrand(fields[$0]) },
                       quantity: quantity.flatMap { ProductFields.cleaned(fields[$0]) },
                       allergens: allergenText.map { ProductFields.readableAllergens([$0]) } ?? [])
    }

    /// The line's fields (a trailing carriage return dropped); only those `keeping` marks (all
    /// when nil) are decoded, the others are "". Nil for an unclosed quote, or for more fields than
    /// `expectedCount`.
    static func fields(of line: UnsafeBufferPointer<UInt8>, keeping: [Bool]?, expectedCount: Int = .max) -> [String]? {
        var end = line.count
        if end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var fields: [String] = []
        fields.reserveCapacity(min(expectedCount, 256))
        var position = 0
        while true {
            guard fields.count < expectedCount else { return nil }
            let keep = keeping.map { fields.count < $0.count && $0[fields.count] } ?? true
            if position < end, line[position] == quote {
                // Quoted: up to a quote followed by a tab or the end; "" is one quote.
                var text: [UInt8] = []
                var cursor = position + 1
                var closed = false
                while cursor < end {
                    let byte = line[cursor]
                    if byte == quote {
                        if cursor + 1 < end, line[cursor + 1] == quote {
                            if keep { text.append(quote) }
                            cursor += 2
                            continue
                        }
                        if cursor + 1 == end || line[cursor + 1] == tab {
                            closed = true
                            cursor += 1
                            break
                        }
                    }
                    if keep { text.append(byte) }
                    cursor += 1
                }
                guard closed else { return nil }
                fields.append(keep ? String(decoding: text, as: UTF8.self) : "")
                position = cursor
            } else {
                var cursor = position
                while cursor < end, line[cursor] != tab { cursor += 1 }
                fields.append(keep ? String(decoding: UnsafeBufferPointer(rebasing: line[position..<cursor]), as: UTF8.self) : "")
                position = cursor
            }
            guard position < end else { return fields }
            position += 1  // the tab
        }
    }
}
