// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How the export's free-text fields become what the database keeps: trimmed, the first
/// brand only, allergens as readable names.
enum ProductFields {
    /// Trimmed text, or nil when nothing is left (the export writes empty fields for unknowns).
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// "Ferrero" of "Ferrero, Nutella": one brand is enough to hear, and the first is the maker.
    static func firstBrand(_ brands: String?) -> String? {
        cleaned(brands?.split(separator: ",", maxSplits: 1).first.map(String.init))
    }

    /// "milk, eggs" from tags ("en:milk,en:eggs"), English names ("Milk,Eggs") or a list in
    /// the product's own language ("fr:lait"): the language prefix dropped, hyphens read as
    /// spaces, lower case, each once.
    static func readableAllergens(_ list: some Sequence<String>) -> [String] {
        var names: [String] = []
        for entry in list {
            for part in entry.split(separator: ",") {
                var name = Substring(part.trimmingCharacters(in: .whitespaces))
                if let colon = name.firstIndex(of: ":"), name.distance(from: name.startIndex, to: colon) <= maximumLanguagePrefix {
                    name = name[name.index(after: colon)...]
                }
                let readable = name.replacingOccurrences(of: "-", with: " ").lowercased()
                    .trimmingCharacters(in: .whitespaces)
                if !readable.isEmpty, !names.contains(readable) { names.append(readable) }
            }
        }
        return names
    }

    /// "en:", "fr:", "zh-hant:": a tag's language is at most a few letters before the colon.
    static let maximumLanguagePrefix = 7
}
