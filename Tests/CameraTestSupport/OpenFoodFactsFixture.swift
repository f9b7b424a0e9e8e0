// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// Small and large exports in Open Food Facts' real layouts, written by the project itself for
/// the products tests and `make bench-products`: the tab-separated "CSV" export with its full
/// header (the columns of `en.openfoodfacts.org.products.csv`, in its order) and the JSON Lines
/// export. Hand-made rows cover what real exports hold: UTF-8 names, a quoted field with a tab
/// and quotes in it, UPC-A and EAN-8 codes, allergen tags; malformed rows of every kind the
/// import must skip and count.
public enum OpenFoodFactsFixture {
    /// The tab-separated export's header, 184 columns (nutrients per 100 g after the images).
    public static let header: [String] = """
        code url creator created_t created_datetime last_modified_t last_modified_datetime product_name \
        abbreviated_product_name generic_name quantity packaging packaging_tags packaging_text brands brands_tags \
        categories categories_tags categories_en origins origins_tags origins_en manufacturing_places \
        manufacturing_places_tags labels labels_tags labels_en emb_codes emb_codes_tags first_packaging_code_geo \
        cities cities_tags purchase_places stores countries countries_tags countries_en ingredients_text allergens \
        allergens_en traces traces_tags traces_en serving_size serving_quantity no_nutriments additives_n additives \
        additives_tags additives_en ingredients_from_palm_oil_n ingredients_from_palm_oil \
        ingredients_from_palm_oil_tags ingredients_that_may_be_from_palm_oil_n ingredients_that_may_be_from_palm_oil \
        ingredients_that_may_be_from_palm_oil_tags nutriscore_score nutriscore_grade nova_group pnns_groups_1 \
        pnns_groups_2 states states_tags states_en brand_owner main_category main_category_en image_url \
        image_small_url image_ingredients_url image_ingredients_small_url image_nutrition_url \
        image_nutrition_small_url energy-kj_100g energy-kcal_100g energy_100g energy-from-fat_100g fat_100g \
        saturated-fat_100g -butyric-acid_100g -caproic-acid_100g -caprylic-acid_100g -capric-acid_100g \
        -lauric-acid_100g -myristic-acid_100g -palmitic-acid_100g -stearic-acid_100g -arachidic-acid_100g \
        -behenic-acid_100g -lignoceric-acid_100g -cerotic-acid_100g -montanic-acid_100g -melissic-acid_100g \
        monounsaturated-fat_100g polyunsaturated-fat_100g omega-3-fat_100g -alpha-linolenic-acid_100g \
        -eicosapentaenoic-acid_100g -docosahexaenoic-acid_100g omega-6-fat_100g -linoleic-acid_100g \
        -arachidonic-acid_100g -gamma-linolenic-acid_100g -dihomo-gamma-linolenic-acid_100g omega-9-fat_100g \
        -oleic-acid_100g -elaidic-acid_100g -gondoic-acid_100g -mead-acid_100g -erucic-acid_100g \
        -nervonic-acid_100g trans-fat_100g cholesterol_100g carbohydrates_100g sugars_100g -sucrose_100g \
        -glucose_100g -fructose_100g -lactose_100g -maltose_100g -maltodextrins_100g starch_100g polyols_100g \
        fiber_100g -soluble-fiber_100g -insoluble-fiber_100g proteins_100g casein_100g serum-proteins_100g \
        nucleotides_100g salt_100g sodium_100g alcohol_100g vitamin-a_100g beta-carotene_100g vitamin-d_100g \
        vitamin-e_100g vitamin-k_100g vitamin-c_100g vitamin-b1_100g vitamin-b2_100g vitamin-pp_100g \
        vitamin-b6_100g vitamin-b9_100g folates_100g vitamin-b12_100g biotin_100g pantothenic-acid_100g \
        silica_100g bicarbonate_100g potassium_100g chloride_100g calcium_100g phosphorus_100g iron_100g \
        magnesium_100g zinc_100g copper_100g manganese_100g fluoride_100g selenium_100g chromium_100g \
        molybdenum_100g iodine_100g caffeine_100g taurine_100g ph_100g fruits-vegetables-nuts_100g \
        fruits-vegetables-nuts-dried_100g fruits-vegetables-nuts-estimate_100g collagen-meat-protein-ratio_100g \
        cocoa_100g chlorophyl_100g carbon-footprint_100g carbon-footprint-from-meat-or-fish_100g \
        nutrition-score-fr_100g nutrition-score-uk_100g glycemic-index_100g water-hardness_100g choline_100g \
        phylloquinone_100g beta-glucan_100g inositol_100g carnitine_100g
        """.split(separator: " ").map(String.init)

    /// One product as the fixture writes it, in the export's own field forms.
    public struct Row: Sendable {
        public var code: String
        public var name: String
        public var brands: String
        public var quantity: String
        /// Tags, as the export writes them: "en:milk".
        public var allergenTags: [String]
        /// Written quoted in the tab-separated form (the name holds a tab or a quote).
        public var quoted = false

        public init(code: String, name: String, brands: String, quantity: String, allergenTags: [String], quoted: Bool = false) {
            (self.code, self.name, self.brands, self.quantity, self.allergenTags, self.quoted) =
                (code, name, brands, quantity, allergenTags, quoted)
        }

        /// What the database should hold for it.
        public var product: Product {
            let brand = brands.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
            return Product(code: ProductCode.normalized(code)!, name: name.isEmpty ? nil : name,
                           brand: brand?.isEmpty == false ? brand : nil, quantity: quantity.isEmpty ? nil : quantity,
                           allergens: allergenTags.map { $0.split(separator: ":").last.map(String.init)!.replacingOccurrences(of: "-", with: " ") })
        }
    }

    /// The hand-made products: every case the sentence and the lookup must get right.
    public static let namedRows: [Row] = [
        Row(code: "3000000000014", name: "Pâte à tartiner aux noisettes", brands: "Ferrari, Nocciola", quantity: "400 g",
            allergenTags: ["en:milk", "en:nuts", "en:soybeans"]),
        // A UPC-A product: the export writes its EAN-13, a scanner may read 12 digits.
        Row(code: "0036602301467", name: "Crunchy peanut butter", brands: "Acme", quantity: "12 oz", allergenTags: ["en:peanuts"]),
        Row(code: "96385074", name: "Mini Müsli", brands: "Bärenstark", quantity: "6 x 33 cl", allergenTags: []),
        Row(code: "4000000000013", name: "Tea \"Earl Grey\"\tspecial blend", brands: "Thé & Co", quantity: "1,5 l",
            allergenTags: [], quoted: true),
        Row(code: "5000000000012", name: "", brands: "", quantity: "", allergenTags: []),
        Row(code: "6000000000011", name: "緑茶", brands: "お茶屋", quantity: "500 ml",
            allergenTags: ["en:sulphur-dioxide-and-sulphites"]),
    ]

    /// Tab-separated lines the import must skip and count, one of each kind.
    public static let malformedTabSeparatedLines: [String] = [
        "7000000000012\thttp://cut-short.example\tcreator",  // too few columns
        "\t" + Array(repeating: "", count: header.count - 1).joined(separator: "\t"),  // no code
        "12AB56" + Array(repeating: "\t", count: header.count - 1).joined(),  // not digits
        "8000000000013\t\"unclosed quote" + Array(repeating: "\t", count: header.count - 2).joined(),
        "9000000000014" + Array(repeating: "\t", count: header.count).joined(),  // one column too many
    ]

    /// JSON Lines the import must skip and count.
    public static let malformedJSONLines: [String] = [
        #"{"code": "7000000000012", "product_name": "cut of"#,
        #"{"product_name": "No code at all", "brands": "Nobody"}"#,
        #"{"code": "12AB56", "product_name": "Bad digits"}"#,
        #"["not", "an", "object"]"#,
    ]

    /// `count` generated products with valid EAN-13 codes from `firstNumber` on, in varied
    /// names, brands, quantities and allergens.
    public static func generatedRow(_ index: Int, firstNumber: Int = 200_000_000_000) -> Row {
        let names = ["Organic oat drink", "Chocolate biscuits", "Crème fraîche", "Sparkling water", "Wholemeal bread", "Fruit yoghurt"]
        let brands = ["Brand \(index % 97)", "Maison Dupré, Dupré", "Grüne Wiese", "Acme"]
        let quantities = ["500 g", "1,5 l", "330 ml", "6 x 33 cl", "1 kg", ""]
        let allergens = [["en:milk"], ["en:gluten", "en:eggs"], [], ["en:nuts"]]
        return Row(code: ean13(firstNumber + index), name: "\(names[index % names.count]) \(index)",
                   brands: brands[index % brands.count], quantity: quantities[index % quantities.count],
                   allergenTags: allergens[index % allergens.count])
    }

    /// The 12 digits of `number` and their GS1 check digit.
    public static func ean13(_ number: Int) -> String {
        let digits = String(number).leftPadded(to: 12)
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            sum += Int(String(digit))! * (position % 2 == 0 ? 3 : 1)
        }
        return digits + String((10 - sum % 10) % 10)
    }

    // MARK: Writing

    /// One data line of the tab-separated export for `row`, with the other columns filled as a
    /// real export fills them (URL, creator, times, tags) or left empty.
    public static func tabSeparatedLine(_ row: Row) -> String {
        var fields = Array(repeating: "", count: header.count)
        func set(_ column: String, _ value: String) { fields[header.firstIndex(of: column)!] = value }
        set("code", row.code)
        set("url", "http://world-en.openfoodfacts.org/product/\(row.code)")
        set("creator", "sensecam-fixture")
        set("created_t", "1529059080")
        set("created_datetime", "2018-06-15T10:38:00Z")
        set("product_name", row.quoted ? "\"" + row.name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : row.name)
        set("quantity", row.quantity)
        set("brands", row.brands)
        set("brands_tags", row.brands.lowercased().replacingOccurrences(of: " ", with: "-"))
        set("countries", "France")
        set("countries_tags", "en:france")
        set("allergens", row.allergenTags.joined(separator: ","))
        set("states", "en:to-be-completed")
        set("energy_100g", "1569")
        set("fat_100g", "7")
        return fields.joined(separator: "\t")
    }

    /// One line of the JSON Lines export for `row`.
    public static func jsonLine(_ row: Row) -> String {
        JSONValue.object([
            ("_id", .string(row.code)), ("code", .string(row.code)), ("lang", .string("en")),
            ("product_name", .string(row.name)), ("brands", .string(row.brands)), ("quantity", .string(row.quantity)),
            ("allergens", .string(row.allergenTags.joined(separator: ","))),
            ("allergens_tags", .array(row.allergenTags.map(JSONValue.string))),
            ("countries_tags", .array([.string("en:france")])),
            ("nutriments", .object([("energy_100g", .integer(1569)), ("fat_100g", .integer(7))])),
        ]).serialized()
    }

    public enum Form: String, Sendable, CaseIterable { case tabSeparated, jsonLines }

    /// Writes an export: the named rows, then `generated` generated ones, with one malformed
    /// line after every `malformedEvery` rows (cycling through the kinds; 0 for none) and the
    /// malformed lines of every kind once at the end of the named rows. Streamed to the file, so
    /// the benchmark's 100,000 rows never sit in memory. Returns the rows written, in order.
    @discardableResult
    public static func write(_ form: Form, to path: String, generated: Int = 0, malformedEvery: Int = 0,
                             includeNamed: Bool = true) throws -> (rows: Int, malformed: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? handle.close() }
        var pending = ""
        func emit(_ line: String) throws {
            pending += line + "\n"
            if pending.utf8.count > 1 << 20 { try handle.write(contentsOf: Data(pending.utf8)); pending = "" }
        }
        let malformedLines = form == .tabSeparated ? malformedTabSeparatedLines : malformedJSONLines
        let line = form == .tabSeparated ? tabSeparatedLine : jsonLine
        if form == .tabSeparated { try emit(header.joined(separator: "\t")) }
        var rows = 0, malformed = 0
        if includeNamed {
            for row in namedRows { try emit(line(row)); rows += 1 }
            for bad in malformedLines { try emit(bad); malformed += 1 }
        }
        for index in 0..<generated {
            try emit(line(generatedRow(index)))
            rows += 1
            if malformedEvery > 0, (index + 1) % malformedEvery == 0 {
                try emit(malformedLines[(index / malformedEvery) % malformedLines.count])
                malformed += 1
            }
        }
        try handle.write(contentsOf: Data(pending.utf8))
        return (rows, malformed)
    }

    /// `path` compressed with Debian's gzip into `path.gz` (the original kept).
    public static func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-k", "-f", "-6", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path + ".gz"
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
