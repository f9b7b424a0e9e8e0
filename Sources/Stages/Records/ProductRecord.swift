// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Seeing
import Narration

/// The JSON of `products lookup --json` (and of a product the scan feature reports): one
/// object per code. Fields are described in docs/records.md.
public enum ProductRecord {
    /// `{"code", "found", "name", "brand", "quantity", "allergens", "text"}`; a field the
    /// database lacks is null, and a code not found has only `code`, `found` and `text`
    /// (worded in `wording`).
    public static func lookup(code: String, product: Product?, wording: Wording) -> JSONValue {
        var members: [(String, JSONValue)] = [("code", .string(code)), ("found", .bool(product != nil))]
        if let product {
            func field(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
            members += [("name", field(product.name)), ("brand", field(product.brand)), ("quantity", field(product.quantity)),
                        ("allergens", .array(product.allergens.map(JSONValue.string)))]
        }
        let sentences = ProductSentence(wording: wording)
        members.append(("text", .string(product.map(sentences.spoken) ?? sentences.notFound(code: code))))
        return .object(members)
    }
}
