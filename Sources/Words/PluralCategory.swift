// SPDX-License-Identifier: GPL-3.0-or-later
import Catalogs

/// CLDR's plural categories: which form of a counted word a number takes in a language.
/// English has two (one, other); Arabic all six. The rules per language are CLDR's.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// A language's rule from a number to its plural category.
public struct PluralRule: Sendable {
    public let category: @Sendable (_ number: Double, _ decimalPlaces: Int) -> PluralCategory

    /// CLDR's English rule: "one" for exactly 1 written without decimals, "other" otherwise
    /// ("1 metre", "1.0 metres", "0 metres", "1.5 metres").
    public static let english = PluralRule { number, places in
        number == 1 && places == 0 ? .one : .other
    }

    /// The language's CLDR rule, from ICU (made once per language; nil when ICU has none).
    public static func cldr(_ language: String) -> PluralRule? {
        guard let rules = language.withCString({ Catalogs_plural_rules_create($0) }) else { return nil }
        let shared = SharedRules(rules)
        return PluralRule { number, places in
            let index = Int(Catalogs_plural_category(shared.rules, number, Int32(places)))
            return index < PluralCategory.allCases.count ? PluralCategory.allCases[index] : .other
        }
    }

    /// ICU's rules are immutable once made, so one object serves every thread; it lives as long
    /// as the rule does.
    private final class SharedRules: @unchecked Sendable {
        let rules: OpaquePointer
        init(_ rules: OpaquePointer) { self.rules = rules }
        deinit { Catalogs_plural_rules_destroy(rules) }
    }
}
