// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// One option of a group, defined once: its spec (name, placeholder, help, the default help
/// shows), the words for a good value, and how its text sets the group's property. The command
/// line and the settings file both go through it, so the two can never disagree.
public struct GroupOption<Group: OptionGroup>: Sendable {
    public var spec: OptionSpec
    /// Completes "must be …": "a number from 0 to 1".
    public var expected: Message
    /// Whether the settings file may give it as a JSON number (otherwise only as a string).
    public var takesNumbers: Bool
    /// Whether a text is a good value: the settings file's check, the same as the command line's.
    public let accepts: @Sendable (String) -> Bool
    /// Sets the group's property from the command line (the last value given, else the
    /// settings file's); leaves it at its default when neither gives one.
    let apply: @Sendable (_ command: ParsedCommand, _ group: inout Group) throws(UsageError) -> Void

    public var long: String { spec.long }

    /// The same option with help worded for one command (what `--video` does there), and the
    /// default it shows there when that differs.
    public func with(help: Message, shown: String?? = .none) -> Self {
        var option = self
        option.spec.help = help
        if case .some(let shown) = shown { option.spec.defaultValue = shown }
        return option
    }

    /// The same option with its default said in words, where it is not one value help can show.
    public func defaulting(to words: Message) -> Self {
        var option = self
        option.spec.defaultWords = words
        return option
    }

    /// The general form: `parse` turns a text into the value, or nil when the text stands for
    /// none (the usage error then says `expected`). `shown` is the default help shows.
    public static func value<Value: Sendable>(
        _ property: WritableKeyPath<Group, Value> & Sendable, _ long: String, short: Character? = nil,
        value placeholder: String = "value", help: Message, expected: Message, shown: String? = nil,
        allowed: [String]? = nil, otherSpellings: Bool = false, required: Bool = false, takesNumbers: Bool = false,
        parse: @escaping @Sendable (String) -> Value?
    ) -> Self {
        var spec = OptionSpec.option(long, short: short, value: placeholder, help: help, default: shown, allowed: allowed,
                                     required: required)
        spec.acceptsOtherSpellings = otherSpellings
        return GroupOption(
            spec: spec,
            // The settings file takes what the command line takes, no more: a value outside
            // `allowed` is refused there too, unless `otherSpellings` lets `parse` judge it.
            expected: expected, takesNumbers: takesNumbers,
            accepts: { (otherSpellings || allowed?.contains($0) != false) && parse($0) != nil },
            apply: { (command: ParsedCommand, group: inout Group) throws(UsageError) in
                guard let text = command.text(of: long) else { return }
                guard let value = parse(text) else {
                    // Another spelling of none of them: the same answer, with its guess, as the parser's.
                    if let allowed { throw .notAllowed("--\(long)", value: text, allowed: allowed, path: command.path) }
                    throw .invalidValue("--\(long)", expected: expected, got: text, path: command.path)
                }
                group[keyPath: property] = value
            })
    }

    /// A flag: given or not.
    public static func flag(_ property: WritableKeyPath<Group, Bool> & Sendable, _ long: String, short: Character? = nil,
                            help: Message) -> Self {
        // A flag takes no value, so its `expected` is never said.
        GroupOption(spec: .flag(long, short: short, help: help), expected: Message(.expectedText), takesNumbers: false,
                    accepts: { _ in false },
                    apply: { (command: ParsedCommand, group: inout Group) throws(UsageError) in
                        group[keyPath: property] = command.flag(long)
                    })
    }

    /// An option that may be repeated: every value the command line gives, in order.
    public static func repeated(_ property: WritableKeyPath<Group, [String]> & Sendable, _ long: String,
                                value placeholder: String = "value", help: Message, expected: Message,
                                check: @escaping @Sendable (String) -> Bool) -> Self {
        GroupOption(
            spec: .option(long, value: placeholder, help: help), expected: expected, takesNumbers: false, accepts: check,
            apply: { (command: ParsedCommand, group: inout Group) throws(UsageError) in
                var values: [String] = []
                for text in command.values(long) {
                    guard check(text) else { throw .invalidValue("--\(long)", expected: expected, got: text, path: command.path) }
                    values.append(text)
                }
                group[keyPath: property] = values
            })
    }

    // MARK: Kinds of value

    /// A finite number within `range`; `unit` is said in errors ("a number of degrees from 10 to 170").
    public static func number(_ property: WritableKeyPath<Group, Double> & Sendable, _ long: String,
                              value placeholder: String = "value", help: Message, in range: ClosedRange<Double>,
                              unit: MessageID = .expectedNumber) -> Self {
        .value(property, long, value: placeholder, help: help, expected: RangeWords.number(range, kind: unit),
               shown: RangeWords.spoken(Group()[keyPath: property]), takesNumbers: true, parse: { RangeWords.finite($0, in: range) })
    }

    /// A number that may be left unset.
    public static func number(_ property: WritableKeyPath<Group, Double?> & Sendable, _ long: String,
                              value placeholder: String = "value", help: Message, in range: ClosedRange<Double>) -> Self {
        .value(property, long, value: placeholder, help: help, expected: RangeWords.number(range, kind: .expectedNumber),
               takesNumbers: true, parse: { RangeWords.finite($0, in: range).map(Optional.some) })
    }

    /// A whole number within `range`; `showsDefault` false when the help already says it.
    public static func wholeNumber(_ property: WritableKeyPath<Group, Int> & Sendable, _ long: String, short: Character? = nil,
                                   value placeholder: String = "value", help: Message, in range: ClosedRange<Int>,
                                   showsDefault: Bool = true) -> Self {
        .value(property, long, short: short, value: placeholder, help: help, expected: RangeWords.wholeNumber(range),
               shown: showsDefault ? String(Group()[keyPath: property]) : nil, takesNumbers: true,
               parse: { RangeWords.whole($0, in: range) })
    }

    /// A whole number that may be left unset.
    public static func wholeNumber(_ property: WritableKeyPath<Group, Int?> & Sendable, _ long: String,
                                   value placeholder: String = "value", help: Message, in range: ClosedRange<Int>) -> Self {
        .value(property, long, value: placeholder, help: help, expected: RangeWords.wholeNumber(range), takesNumbers: true,
               parse: { RangeWords.whole($0, in: range).map(Optional.some) })
    }

    /// Any text, or text that passes `check` (which `expected` describes).
    public static func text(_ property: WritableKeyPath<Group, String?> & Sendable, _ long: String,
                            value placeholder: String = "value", help: Message, required: Bool = false,
                            expected: Message = Message(.expectedText),
                            check: @escaping @Sendable (String) -> Bool = { !$0.isEmpty }) -> Self {
        .value(property, long, value: placeholder, help: help, expected: expected, required: required,
               parse: { check($0) ? .some($0) : nil })
    }

    /// One of an enumeration's raw values; the parser refuses any other, and help lists them.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ property: WritableKeyPath<Group, Choice> & Sendable, _ long: String, value placeholder: String = "value",
        help: Message
    ) -> Self where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return .value(property, long, value: placeholder, help: help, expected: RangeWords.oneOf(names),
                      shown: Group()[keyPath: property].rawValue, allowed: names, parse: { Choice(rawValue: $0) })
    }

    /// One of `values`, by its name, or unset; the parser refuses any other, and help lists them.
    public static func choice<Value: Sendable>(
        _ property: WritableKeyPath<Group, Value?> & Sendable, _ long: String, value placeholder: String = "value",
        help: Message, among values: [Value], name: @escaping @Sendable (Value) -> String, required: Bool = false
    ) -> Self {
        let names = values.map(name)
        return .value(property, long, value: placeholder, help: help, expected: RangeWords.oneOf(names), allowed: names,
                      required: required, parse: { text in values.first { name($0) == text }.map(Optional.some) })
    }

    /// One of an enumeration's raw values, or unset.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ property: WritableKeyPath<Group, Choice?> & Sendable, _ long: String, value placeholder: String = "value",
        help: Message, required: Bool = false
    ) -> Self where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return .value(property, long, value: placeholder, help: help, expected: RangeWords.oneOf(names), allowed: names,
                      required: required, parse: { Choice(rawValue: $0).map(Optional.some) })
    }
}

/// The words for what a value must be, and the checks they describe.
public enum RangeWords {
    /// "1" rather than "1.0": the number is read aloud and should sound as the user would type it.
    public static func spoken(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func finite(_ text: String, in range: ClosedRange<Double>) -> Double? {
        guard let number = Double(text), number.isFinite, range.contains(number) else { return nil }
        return number
    }

    static func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = Int(text), range.contains(number) else { return nil }
        return number
    }

    /// "a number from 0 to 1", "a number of degrees from 10 to 170".
    public static func number(_ range: ClosedRange<Double>, kind: MessageID) -> Message {
        span(kind, range.lowerBound.isFinite ? spoken(range.lowerBound) : nil, range.upperBound.isFinite ? spoken(range.upperBound) : nil)
    }

    /// "a whole number from 1 to 64", "a whole number of at least 1".
    public static func wholeNumber(_ range: ClosedRange<Int>) -> Message {
        span(.expectedWholeNumber, range.lowerBound == .min ? nil : String(range.lowerBound),
             range.upperBound == .max ? nil : String(range.upperBound))
    }

    /// "one of fast, stock, portable".
    public static func oneOf(_ names: [String]) -> Message {
        Message(.expectedOneOf, ["values": .text(names.joined(separator: ", "))])
    }

    /// A range in words, leaving out a side that is unbounded ("of at least 1").
    private static func span(_ kind: MessageID, _ lower: String?, _ upper: String?) -> Message {
        switch (lower, upper) {
        case let (lower?, upper?): Message(.expectedFromTo, ["kind": .message(kind), "low": .text(lower), "high": .text(upper)])
        case let (lower?, nil): Message(.expectedAtLeast, ["kind": .message(kind), "low": .text(lower)])
        case let (nil, upper?): Message(.expectedAtMost, ["kind": .message(kind), "high": .text(upper)])
        case (nil, nil): Message(kind)
        }
    }
}
