import Foundation

/// A product's quantity as it should be heard: "500 g" → "500 grams", "1,5 l" → "1.5 litres",
/// "6 x 33 cl" → "6 times 33 centilitres". Screen readers spell out unit letters ("g", "c l")
/// and read a decimal comma as a pause. A quantity in any other form is said as written; a
/// note after it in brackets or the ℮ (estimated) mark is dropped.
enum QuantityWords {
    /// Unit symbols as the export writes them (lower-cased), with their spoken singular and plural.
    static let units: [(symbol: String, one: String, many: String)] = [
        ("fl oz", "fluid ounce", "fluid ounces"), ("fl. oz", "fluid ounce", "fluid ounces"),
        ("kg", "kilogram", "kilograms"), ("mg", "milligram", "milligrams"), ("gr", "gram", "grams"),
        ("g", "gram", "grams"), ("ml", "millilitre", "millilitres"), ("cl", "centilitre", "centilitres"),
        ("dl", "decilitre", "decilitres"), ("l", "litre", "litres"), ("oz", "ounce", "ounces"),
        ("lbs", "pound", "pounds"), ("lb", "pound", "pounds"),
    ]

    /// The spoken quantity, or the text as written when its form is not a known one.
    static func spoken(_ quantity: String) -> String {
        let text = quantity.trimmingCharacters(in: .whitespaces)
        var rest = Substring(text.lowercased())
        var count: Substring?
        if let number = number(&rest) {
            skipSpaces(&rest)
            if let times = rest.first, times == "x" || times == "×" || times == "*" {
                let afterTimes = rest.dropFirst()
                var probe = afterTimes
                skipSpaces(&probe)
                if probe.first?.isNumber == true {
                    count = number
                    rest = probe
                }
            }
            let amount = count == nil ? number : Self.number(&rest)
            if let amount {
                skipSpaces(&rest)
                if let unit = units.first(where: { rest.hasPrefix($0.symbol) && endsWord(rest.dropFirst($0.symbol.count)) }) {
                    rest = rest.dropFirst(unit.symbol.count)
                    if rest.first == "." { rest = rest.dropFirst() }
                    skipSpaces(&rest)
                    if rest.isEmpty || rest.first == "(" || rest.first == "℮" {
                        let value = amount.replacingOccurrences(of: ",", with: ".")
                        let noun = Double(value) == 1 ? unit.one : unit.many
                        return (count.map { "\($0) times " } ?? "") + "\(value) \(noun)"
                    }
                }
            }
        }
        return text
    }

    /// Digits with at most one decimal point or comma, taken from the front of `text`.
    private static func number(_ text: inout Substring) -> Substring? {
        var end = text.startIndex
        var seenSeparator = false
        while end < text.endIndex {
            let character = text[end]
            if character.isASCII, character.isNumber {
                end = text.index(after: end)
            } else if (character == "," || character == "."), !seenSeparator, end > text.startIndex,
                      text.index(after: end) < text.endIndex, text[text.index(after: end)].isNumber {
                seenSeparator = true
                end = text.index(after: end)
            } else {
                break
            }
        }
        guard end > text.startIndex else { return nil }
        defer { text = text[end...] }
        return text[..<end]
    }

    private static func skipSpaces(_ text: inout Substring) {
        while text.first == " " || text.first == "\u{A0}" { text = text.dropFirst() }
    }

    /// Whether a unit symbol ends here ("g" in "500 g" but not in "500 grapes").
    private static func endsWord(_ rest: Substring) -> Bool {
        guard let next = rest.first else { return true }
        return !next.isLetter
    }
}
