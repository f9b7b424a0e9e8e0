/// What is said about a product found by its barcode: "Probably: Ferrero, Nutella, 400 grams.
/// Allergens listed: milk, hazelnuts." The database's word may be wrong or out of date, so it is
/// hedged; missing parts are left out; every word is heard, so nothing is said twice (a name
/// that already starts with its brand is not given the brand again).
public enum ProductSentence {
    /// The hedge: volunteers' data, for a product the camera read one code of.
    static let hedge = "Probably"

    /// One or two short sentences about the product.
    public static func spoken(_ product: Product) -> String {
        let name = product.name.map(withoutFinalStop)
        var brand = product.brand.map(withoutFinalStop)
        if let name, let named = brand, name.lowercased().hasPrefix(named.lowercased()) { brand = nil }
        let parts = [brand, name, product.quantity.map(QuantityWords.spoken)].compactMap { $0 }
        var sentence = parts.isEmpty
            ? "Code \(product.code) is in the products database, without a name."
            : "\(hedge): \(parts.joined(separator: ", "))."
        if !product.allergens.isEmpty {
            sentence += " Allergens listed: \(product.allergens.joined(separator: ", "))."
        }
        return sentence
    }

    /// What is said when the database has no product with the code.
    /// After a scanned code's own sentence, which has just said its number.
    public static let notInDatabase = "Not in the products database."

    public static func notFound(code: String) -> String {
        "Code \(code) is not in the products database."
    }

    /// A field ending in a full stop would end the sentence early ("Biscuits Co.").
    private static func withoutFinalStop(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "." { text = text.dropLast() }
        return String(text)
    }
}
