// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words

/// A product's quantity as it should be heard: "500 g" → "500 grams", "1,5 l" → "1.5 litres",
/// "6 x 33 cl" → "6 times 33 centilitres". Screen readers spell out unit letters ("g", "c l")
/// and read a decimal comma as a pause. A quantity in any other form is said as written; a
/// note after it in brackets or the ℮ (estimated) mark is dropped.
enum QuantityWords {
    /// Unit symbols as the export writes them (lower-cased), with the message that says an
    /// amount of the unit.
    static let units: [(symbol: String, words: MessageID)] = [
        ("fl oz", .productUnitFluidOunce), ("fl. oz", .productUnitFluidOunce),
        ("kg", .productUnitKilogram), ("mg", .productUnitMilligram), ("gr", .productUnitGram),
        ("g", .productUnitGram), ("ml", .productUnitMillilitre), ("cl", .productUnitCentilitre),
        ("dl", .productUnitDecilitre), ("l", .productUnitLitre), ("oz", .productUnitOunce),
        ("lbs", .productUnitPound), ("lb", .productUnitPound),
    ]

    /// The spoken quantity, or the text as written when its form is not a known one.
    static func spoken(_ quantity: String, wording: Wording) -> String {
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
                        // The amount as written, with the language's decimal mark; the unit's
                        // form chosen by its value ("1.0 litre", "1.5 litres").
                        let fraction = value.firstIndex(of: ".").map { value.distance(from: $0, to: value.endIndex) - 1 } ?? 0
                        let said = wording(unit.words, [
                            "amount": .text(value.replacingOccurrences(of: ".", with: wording(.numberDecimalSeparator))),
                            "n": .decimal(Double(value) ?? 0, places: fraction),
                        ])
                        guard let count else { return said }
                        return wording(.productQuantityTimes, ["count": .text(String(count)), "quantity": .text(said)])
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
