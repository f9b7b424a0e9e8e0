// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One line of the JSON Lines export: a product object with `code`, `product_name` (or
/// `product_name_en`), `brands`, `quantity` and `allergens_tags` (["en:milk"]) or `allergens`.
enum JSONLinesRow {
    /// The product on a line, or nil when the line is malformed: not a JSON object, or a code
    /// that is missing or not digits.
    static func product(_ line: UnsafeBufferPointer<UInt8>) -> Product? {
        guard let base = line.baseAddress,
              let parsed = try? JSONSerialization.jsonObject(with: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base),
                                                                        count: line.count, deallocator: .none)),
              let object = parsed as? [String: Any],
              let codeText = codeText(object["code"]),
              let code = ProductCode.normalized(codeText) else { return nil }
        let name = ["product_name", "product_name_en", "generic_name"].lazy
            .compactMap { ProductFields.cleaned(object[$0] as? String) }.first
        let allergens: [String]
        if let tags = object["allergens_tags"] as? [Any], !tags.isEmpty {
            allergens = ProductFields.readableAllergens(tags.compactMap { $0 as? String })
        } else {
            allergens = ProductFields.readableAllergens([object["allergens"] as? String ?? ""])
        }
        return Product(code: code, name: name, brand: ProductFields.firstBrand(object["brands"] as? String),
                       quantity: ProductFields.cleaned(object["quantity"] as? String), allergens: allergens)
    }

    /// The code as text: the export writes a string, but a few old records hold a number.
    private static func codeText(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, let whole = Int64(exactly: number.doubleValue), whole >= 0 { return String(whole) }
        return nil
    }
}
