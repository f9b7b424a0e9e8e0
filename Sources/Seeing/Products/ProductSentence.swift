// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// What is said about a product found by its barcode: "Probably: Ferrero, Nutella, 400 grams.
/// Allergens listed: milk, hazelnuts." ("No allergen information." when it lists none). The
/// database's word may be wrong or out of date, so it is hedged; missing parts are left out;
/// every word is heard, so nothing is said twice (a name that already starts with its brand is
/// not given the brand again).
public struct ProductSentence: Sendable {
    public let wording: Wording

    public init(wording: Wording) {
        self.wording = wording
    }

    /// One or two short sentences about the product.
    public func spoken(_ product: Product) -> String {
        let name = product.name.map(Self.withoutFinalStop)
        var brand = product.brand.map(Self.withoutFinalStop)
        if let name, let named = brand, name.lowercased().hasPrefix(named.lowercased()) { brand = nil }
        let parts = [brand, name, product.quantity.map { QuantityWords.spoken($0, wording: wording) }].compactMap { $0 }
        // The database's fields, as it holds them, one after another.
        let sentence = parts.isEmpty
            ? wording(.productWithoutName, ["code": .text(product.code)])
            : wording(.productProbably, ["details": .text(parts.joined(separator: ", "))])
        // Silence, or "none", would sound like a product free of allergens; an empty field only
        // means the database was not told.
        guard !product.allergens.isEmpty else { return wording(.productNoAllergenInformation, ["product": .text(sentence)]) }
        return wording(.productAllergens, ["product": .text(sentence), "allergens": .text(product.allergens.joined(separator: ", "))])
    }

    /// What is said when the database has no product with the code.
    /// After a scanned code's own sentence, which has just said its number.
    public var notInDatabase: String { wording(.productNotInDatabase) }

    public func notFound(code: String) -> String {
        wording(.productNotFound, ["code": .text(code)])
    }

    /// A field ending in a full stop would end the sentence early ("Biscuits Co.").
    private static func withoutFinalStop(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "." { text = text.dropLast() }
        return String(text)
    }
}
