// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Seeing
@testable import Stages
@testable import Rendering

/// The words a found product gets, and the code forms that find it: table-driven, as a screen
/// reader user hears every word.
@Suite struct ProductsWordingTests {
    @Test(arguments: [
        ("0036602301467", "0036602301467"),  // EAN-13
        ("036602301467", "0036602301467"),   // its UPC-A
        ("00036602301467", "0036602301467"), // its GTIN-14
        ("96385074", "96385074"),            // EAN-8 stays 8 digits
        ("9638 5074", "96385074"),           // spaces as printed
        ("17", "17"),                        // a shop's own short code, as stored
    ])
    func codesNormalise(typed: String, stored: String) {
        #expect(ProductCode.normalized(typed) == stored)
    }

    @Test(arguments: ["", " ", "12a4", "-123", "12.5", "0036602301467x", String(repeating: "1", count: 25)])
    func notCodes(typed: String) {
        #expect(ProductCode.normalized(typed) == nil)
    }

    @Test(arguments: [
        ("500 g", "500 grams"), ("500g", "500 grams"), ("1 kg", "1 kilogram"), ("1,5 l", "1.5 litres"),
        ("1.5L", "1.5 litres"), ("330 ml", "330 millilitres"), ("330 mL", "330 millilitres"), ("6 x 33 cl", "6 times 33 centilitres"),
        ("2x125g", "2 times 125 grams"), ("12 oz", "12 ounces"), ("16 fl oz", "16 fluid ounces"), ("1 l", "1 litre"),
        ("750 ml ℮", "750 millilitres"), ("500 g (2 x 250 g)", "500 grams"), ("0,75 L", "0.75 litres"),
        // Not a form the wording knows: said as written.
        ("2 pieces", "2 pieces"), ("500 grapes", "500 grapes"), ("about 1 kg", "about 1 kg"), ("500", "500"),
    ])
    func quantitiesInWords(written: String, spoken: String) {
        #expect(QuantityWords.spoken(written, wording: .english) == spoken)
    }

    @Test(arguments: [
        (Product(code: "1", name: "Nocciola spread", brand: "Ferrari", quantity: "400 g", allergens: ["milk", "nuts"]),
         "Probably: Ferrari, Nocciola spread, 400 grams. Allergens listed: milk, nuts."),
        (Product(code: "1", name: "Crunchy peanut butter", brand: "Acme"),
         "Probably: Acme, Crunchy peanut butter. No allergen information."),
        (Product(code: "1", name: "Acme crunchy", brand: "Acme", quantity: "1 kg"),
         "Probably: Acme crunchy, 1 kilogram. No allergen information."),
        (Product(code: "1", name: "Biscuits", brand: "Biscuit Co.", quantity: "6 x 33 cl"),
         "Probably: Biscuit Co, Biscuits, 6 times 33 centilitres. No allergen information."),
        (Product(code: "1", quantity: "500 ml"), "Probably: 500 millilitres. No allergen information."),
        (Product(code: "5000000000012"),
         "Code 5000000000012 is in the products database, without a name. No allergen information."),
        (Product(code: "5000000000012", allergens: ["eggs"]),
         "Code 5000000000012 is in the products database, without a name. Allergens listed: eggs."),
    ])
    func sentences(product: Product, sentence: String) {
        #expect(ProductSentence(wording: .english).spoken(product) == sentence)
    }

    @Test(arguments: [
        (["en:milk,en:eggs"], ["milk", "eggs"]), (["Milk,Eggs"], ["milk", "eggs"]), (["fr:lait"], ["lait"]),
        (["en:sulphur-dioxide-and-sulphites", "en:milk", "en:milk"], ["sulphur dioxide and sulphites", "milk"]),
        ([""], []), ([" , "], []),
    ])
    func allergensReadable(listed: [String], readable: [String]) {
        #expect(ProductFields.readableAllergens(listed) == readable)
    }

    /// An empty allergens field means the database was not told, in every language: said as
    /// missing information, never in words a listener could take for "no allergens".
    @Test(arguments: [
        (Language.english, "No allergen information."), (Language.german, "Keine Angaben zu Allergenen."),
        (Language.french, "Aucune information sur les allergènes."), (Language.spanish, "Sin información sobre alérgenos."),
    ])
    func noAllergensListedIsMissingInformation(language: Language, sentence: String) {
        let said = ProductSentence(wording: language.wording).spoken(Product(code: "1", name: "Oat drink", brand: "Acme"))
        #expect(said.hasSuffix(" " + sentence), "\(said)")
        let listed = ProductSentence(wording: language.wording).spoken(Product(code: "1", name: "Oat drink", allergens: ["oats"]))
        #expect(!listed.contains(sentence), "\(listed)")
    }

    /// A typed code is a barcode a scanner could read: 8, 12, 13 or 14 digits whose last is the
    /// GS1 check digit of the others (a UPC-E's is its UPC-A's).
    @Test(arguments: [
        ("4006381333931", nil), ("0036602301467", nil), ("036602301467", nil), ("00036602301467", nil),
        ("96385074", nil), ("9638 5074", nil), ("04252614", nil),  // EAN-8; a UPC-E (its UPC-A 042100005264 checks)
        ("4006381333932", ProductCode.Mistake.checkDigit), ("4006381333913", .checkDigit), ("96385075", .checkDigit),
        ("036602301468", .checkDigit),
        ("17", .length(2)), ("40063813339", .length(11)), ("400638133393100", .length(15)),
        ("40063813339x1", .notDigits), ("", .notDigits),
    ] as [(String, ProductCode.Mistake?)])
    func typedBarcodesAreChecked(typed: String, mistake: ProductCode.Mistake?) {
        #expect(ProductCode.mistake(in: typed) == mistake)
    }

    @Test func notFoundSentence() {
        #expect(ProductSentence(wording: .english).notFound(code: "4006381333931") == "Code 4006381333931 is not in the products database.")
    }
}
