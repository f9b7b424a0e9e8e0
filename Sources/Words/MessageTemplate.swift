// SPDX-License-Identifier: GPL-3.0-or-later
/// One message of a catalog, parsed: a small subset of ICU's MessageFormat, enough for
/// counts, choices and nested phrases, and plain enough for a translator.
///
/// - `{name}` — an argument: text as it is, a number in the language's digits, a nested
///   message worded in the same language;
/// - `{name, number}` — a whole number with its thousands grouped ("1,800");
/// - `{name, spellout}` — a small number as a word, by the catalog's `numberSpellout`;
/// - `{name, plural, =0 {…} one {…} other {…}}` — by the number's CLDR plural category in the
///   language (`=N` an exact number first); inside, `#` is the number;
/// - `{name, select, masculine {…} other {…}}` — by a text argument (a gender, a band).
///
/// Braces are syntax and cannot appear as text; an apostrophe is an apostrophe ("o'clock").
/// `plural` and `select` need an `other` case.
public struct MessageTemplate: Sendable, Equatable {
    public indirect enum Part: Sendable, Equatable {
        case literal(String)
        case argument(String, Style)
        case plural(String, exact: [Int: MessageTemplate], categories: [PluralCategory: MessageTemplate])
        case select(String, cases: [String: MessageTemplate])
        /// `#` inside a plural case: the number it was chosen by.
        case pound
    }

    public enum Style: String, Sendable, Equatable {
        case plain = "", number, spellout
    }

    public var parts: [Part]

    /// A template that cannot be parsed: what is wrong, and where in the text.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var offset: Int
        public var description: String { "\(reason) (at character \(offset + 1))" }
    }

    public init(parts: [Part]) {
        self.parts = parts
    }

    public init(parsing text: String) throws(ParseError) {
        var scanner = Scanner(Array(text))
        self = try scanner.message(inPlural: false)
        if let extra = scanner.peek {
            throw ParseError(reason: extra == "}" ? "a closing brace with no opening one" : "unexpected \(extra)", offset: scanner.offset)
        }
    }

    /// Every argument the template (and its cases) name.
    public var argumentNames: Set<String> {
        var names: Set<String> = []
        for part in parts {
            switch part {
            case .literal, .pound: break
            case .argument(let name, _): names.insert(name)
            case .plural(let name, let exact, let categories):
                names.insert(name)
                for template in Array(exact.values) + Array(categories.values) { names.formUnion(template.argumentNames) }
            case .select(let name, let cases):
                names.insert(name)
                for template in cases.values { names.formUnion(template.argumentNames) }
            }
        }
        return names
    }

    private struct Scanner {
        let characters: [Character]
        var offset = 0

        init(_ characters: [Character]) { self.characters = characters }

        var peek: Character? { offset < characters.count ? characters[offset] : nil }

        mutating func skipSpaces() {
            while let next = peek, next.isWhitespace { offset += 1 }
        }

        mutating func expect(_ character: Character) throws(ParseError) {
            skipSpaces()
            guard peek == character else {
                throw ParseError(reason: "expected \(character)", offset: offset)
            }
            offset += 1
        }

        /// Parts up to the end of the text or an unmatched `}` (left for the caller).
        mutating func message(inPlural: Bool) throws(ParseError) -> MessageTemplate {
            var parts: [Part] = []
            var literal = ""
            func flushLiteral() {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
            }
            while let next = peek, next != "}" {
                if next == "{" {
                    flushLiteral()
                    parts.append(try placeholder())
                } else if next == "#", inPlural {
                    flushLiteral()
                    parts.append(.pound)
                    offset += 1
                } else {
                    literal.append(next)
                    offset += 1
                }
            }
            flushLiteral()
            return MessageTemplate(parts: parts)
        }

        mutating func word() throws(ParseError) -> String {
            skipSpaces()
            var word = ""
            while let next = peek, next.isLetter || next.isNumber || next == "_" || next == "=" || next == "-" {
                word.append(next)
                offset += 1
            }
            guard !word.isEmpty else { throw ParseError(reason: "expected a name", offset: offset) }
            return word
        }

        /// After `{`: a name, and optionally its style or its cases, up to the matching `}`.
        mutating func placeholder() throws(ParseError) -> Part {
            let start = offset
            offset += 1
            let name = try word()
            skipSpaces()
            if peek == "}" {
                offset += 1
                return .argument(name, .plain)
            }
            try expect(",")
            let kind = try word()
            skipSpaces()
            switch kind {
            case "number", "spellout":
                try expect("}")
                return .argument(name, kind == "number" ? .number : .spellout)
            case "plural", "select":
                try expect(",")
                var cases: [(String, MessageTemplate)] = []
                skipSpaces()
                while peek != "}" {
                    guard peek != nil else { throw ParseError(reason: "an unclosed {\(name), \(kind), …}", offset: start) }
                    let selector = try word()
                    try expect("{")
                    let template = try message(inPlural: kind == "plural")
                    try expect("}")
                    cases.append((selector, template))
                    skipSpaces()
                }
                offset += 1
                guard cases.contains(where: { $0.0 == "other" }) else {
                    throw ParseError(reason: "{\(name), \(kind), …} needs an other case", offset: start)
                }
                if kind == "select" { return .select(name, cases: Dictionary(cases, uniquingKeysWith: { first, _ in first })) }
                var exact: [Int: MessageTemplate] = [:], categories: [PluralCategory: MessageTemplate] = [:]
                for (selector, template) in cases {
                    if selector.hasPrefix("="), let number = Int(selector.dropFirst()) {
                        exact[number] = template
                    } else if let category = PluralCategory(rawValue: selector) {
                        categories[category] = template
                    } else {
                        throw ParseError(reason: "\(selector) is not a plural category (zero, one, two, few, many, other) or =N", offset: start)
                    }
                }
                return .plural(name, exact: exact, categories: categories)
            default:
                throw ParseError(reason: "\(kind) is not number, spellout, plural or select", offset: start)
            }
        }
    }
}
