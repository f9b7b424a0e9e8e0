// SPDX-License-Identifier: GPL-3.0-or-later
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
}
