// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// The one way a sentence is put in words: a message id and its arguments in, the sentence in
/// one language out, from that language's catalog (`Catalog`), with its plural rule and its
/// way of writing numbers and lists. Every sentence a user hears, reads or feels goes through
/// a `Wording`; code holds ids, never the words.
///
/// Loaded once per language and shared: wording a sentence looks templates up, it parses
/// nothing.
public struct Wording: Sendable {
    /// The language the sentences are in, as a BCP 47 code ("en").
    public let language: String
    let catalog: Catalog
    let plural: PluralRule
    /// Messages the catalog lacks are taken from here (English), never left unsaid.
    let fallback: Catalog?

    /// English, the first catalog, complete by test.
    public static let english: Wording = {
        do {
            guard let catalog = try Catalog.embedded("en") else { preconditionFailure("the build has no English catalog") }
            return Wording(catalog: catalog, plural: .english, fallback: nil)
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    /// Each language's wording, made on first use: catalogs parse once per run, so choosing a
    /// language costs nothing per sentence.
    static func loaded(_ language: Language) -> Wording {
        if language == .english { return english }
        return loadedWordings.withLock { loaded in
            if let wording = loaded[language] { return wording }
            let wording: Wording
            do {
                guard let catalog = try Catalog.embedded(language.code) else {
                    preconditionFailure("the build has no \(language.code) catalog")
                }
                wording = Wording(catalog: catalog, plural: PluralRule.cldr(language.code) ?? .english,
                                  fallback: english.catalog)
            } catch {
                preconditionFailure("\(error)")
            }
            loaded[language] = wording
            return wording
        }
    }

    static let loadedWordings = Mutex<[Language: Wording]>([:])

    init(catalog: Catalog, plural: PluralRule, fallback: Catalog?) {
        language = catalog.language
        self.catalog = catalog
        self.plural = plural
        self.fallback = fallback
    }

    /// The sentence for `id` with `arguments`.
    public func callAsFunction(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) -> String {
        guard let template = catalog.templates[id] ?? fallback?.templates[id] else {
            assertionFailure("the \(language) catalog has no message \(id.rawValue)")
            return id.rawValue
        }
        return format(template, arguments, id: id, pound: nil)
    }

    public func callAsFunction(_ message: Message) -> String {
        self(message.id, message.arguments)
    }

    /// A small number as a word ("three"), larger ones as digits, as the catalog's
    /// `numberSpellout` says.
    public func spelled(_ number: Int) -> String {
        self(.numberSpellout, ["n": .integer(number)])
    }

    /// Items joined as the language joins a list: "a", "a and b", "a, b and c".
    public func list(_ items: [String]) -> String {
        guard var joined = items.last else { return "" }
        guard items.count > 1 else { return joined }
        joined = self(items.count == 2 ? .listTwo : .listEnd, ["head": .text(items[items.count - 2]), "tail": .text(joined)])
        guard items.count > 2 else { return joined }
        for index in stride(from: items.count - 3, through: 0, by: -1) {
            joined = self(index == 0 ? .listStart : .listMiddle, ["head": .text(items[index]), "tail": .text(joined)])
        }
        return joined
    }

    // MARK: Formatting

    private func format(_ template: MessageTemplate, _ arguments: [String: MessageArgument], id: MessageID,
                        pound: MessageArgument?) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .pound:
                text += pound.map { plain($0) } ?? "#"
            case .argument(let name, let style):
                guard let argument = argument(name, in: arguments, id: id) else { text += "{\(name)}"; continue }
                switch style {
                case .plain: text += plain(argument)
                case .number: text += grouped(argument)
                case .spellout:
                    if case .integer(let number) = argument { text += spelled(number) } else { text += plain(argument) }
                }
            case .plural(let name, let exact, let categories):
                guard let argument = argument(name, in: arguments, id: id) else { text += "{\(name)}"; continue }
                let chosen: MessageTemplate?
                switch argument {
                case .integer(let number):
                    chosen = exact[number] ?? categories[plural.category(Double(number), 0)] ?? categories[.other]
                case .decimal(let number, let places):
                    // Chosen by the number as said: 0.96 shown as "1" is "1 metre".
                    let shown = decimalPlaces(number, places)
                    let said = Double(String(format: "%.\(shown)f", number)) ?? number
                    let whole = shown == 0 ? Int(exactly: said) : nil
                    chosen = whole.flatMap { exact[$0] } ?? categories[plural.category(said, shown)] ?? categories[.other]
                default:
                    assertionFailure("\(id.rawValue): {\(name), plural} needs a number")
                    chosen = categories[.other]
                }
                if let chosen { text += format(chosen, arguments, id: id, pound: argument) }
            case .select(let name, let cases):
                guard let argument = argument(name, in: arguments, id: id) else { text += "{\(name)}"; continue }
                let key: String
                switch argument {
                case .text(let value): key = value
                case .integer(let value): key = String(value)
                // A nested message selects by its words: a noun's gender ("feminine").
                case .message(let message): key = self(message)
                default: key = "other"
                }
                if let chosen = cases[key] ?? cases["other"] { text += format(chosen, arguments, id: id, pound: pound) }
            }
        }
        return text
    }

    private func argument(_ name: String, in arguments: [String: MessageArgument], id: MessageID) -> MessageArgument? {
        guard let argument = arguments[name] else {
            assertionFailure("\(id.rawValue) needs the argument \(name)")
            return nil
        }
        return argument
    }

    /// An argument as it stands in a sentence: text as given, numbers in the language's digits.
    private func plain(_ argument: MessageArgument) -> String {
        switch argument {
        case .text(let text): text
        case .integer(let number): String(number)
        case .decimal(let number, let places): decimal(number, places: places, grouping: false)
        case .message(let message): self(message)
        case .list(let items): list(items.map(plain))
        }
    }

    private func grouped(_ argument: MessageArgument) -> String {
        switch argument {
        case .integer(let number): decimal(Double(number), places: 0, grouping: true)
        case .decimal(let number, let places): decimal(number, places: places, grouping: true)
        default: plain(argument)
        }
    }

    /// How many decimals `number` shows with at most `places`, trailing zeros dropped.
    private func decimalPlaces(_ number: Double, _ places: Int) -> Int {
        let digits = String(format: "%.\(max(0, places))f", number)
        guard let point = digits.firstIndex(of: ".") else { return 0 }
        return digits[digits.index(after: point)...].reversed().drop { $0 == "0" }.count
    }

    private func decimal(_ number: Double, places: Int, grouping: Bool) -> String {
        guard number.isFinite else { return String(number) }
        let shown = decimalPlaces(number, places)
        let digits = String(format: "%.\(shown)f", number)
        var whole = digits.prefix { $0 != "." }
        let fraction = digits.drop { $0 != "." }.dropFirst()
        var sign = ""
        if whole.hasPrefix("-") {
            sign = "-"
            whole = whole.dropFirst()
        }
        var integer = String(whole)
        if grouping, integer.count > 3 {
            let separator = self(.numberGroupSeparator)
            var groups: [Substring] = []
            var rest = Substring(integer)
            while rest.count > 3 {
                groups.insert(rest.suffix(3), at: 0)
                rest = rest.dropLast(3)
            }
            groups.insert(rest, at: 0)
            integer = groups.joined(separator: separator)
        }
        return sign + integer + (fraction.isEmpty ? "" : self(.numberDecimalSeparator) + fraction)
    }
}
