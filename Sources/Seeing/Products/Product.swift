// SPDX-License-Identifier: GPL-3.0-or-later
/// One product as the local database keeps it, from an Open Food Facts export. Everything
/// but the code may be missing: the export is written by volunteers.
public struct Product: Sendable, Equatable {
    /// The barcode digits, normalised (`ProductCode.normalized`).
    public var code: String
    public var name: String?
    /// The first brand the export names ("Ferrero" of "Ferrero, Nutella").
    public var brand: String?
    /// As the export writes it: "500 g", "1,5 l", "6 x 33 cl".
    public var quantity: String?
    /// Readable names in the export's order: ["milk", "eggs"].
    public var allergens: [String]

    public init(code: String, name: String? = nil, brand: String? = nil, quantity: String? = nil, allergens: [String] = []) {
        self.code = code
        self.name = name
        self.brand = brand
        self.quantity = quantity
        self.allergens = allergens
    }
}
