/// One option, defined once: its spec (name, placeholder, help, the default help shows), how
/// its text becomes a value, what a value must be, and the value when it is not given. Every
/// command that takes it reads it through `value(in:)`, and the settings file checks its
/// entries with the same `parse`, so the two can never disagree.
struct Option<Value: Sendable>: Sendable {
    var spec: OptionSpec
    /// Completes "must be …": "a number from 0 to 1".
    var expected: String
    /// The value a text stands for, or nil when it stands for none. (For an option whose value
    /// is itself optional, a good text gives `.some(value)`: `.some(nil)` would let anything through.)
    var parse: @Sendable (String) -> Value?
    /// When given neither on the command line nor in the settings file.
    var fallback: Value
    /// Whether the settings file may give it as a JSON number (otherwise only as a string).
    var takesNumbers = false

    var long: String { spec.long }

    /// The command line's value (the last one given), else the settings file's, else `fallback`.
    func value(in command: ParsedCommand) throws(UsageError) -> Value {
        guard let text = command.text(of: long) else { return fallback }
        guard let value = parse(text) else {
            throw .invalidValue("--\(long)", expected: expected, got: text, path: command.path)
        }
        return value
    }

    /// `value(in:)` for a command that declares the option; the default for one that does not
    /// (a shared settings group read by commands that take only some of its options).
    func valueIfDeclared(in command: ParsedCommand) throws(UsageError) -> Value {
        command.declares(long) ? try value(in: command) : fallback
    }

    /// Every value the command line gives, in order (an option that may be repeated).
    func values(in command: ParsedCommand) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for text in command.values(long) {
            guard let value = parse(text) else {
                throw .invalidValue("--\(long)", expected: expected, got: text, path: command.path)
            }
            values.append(value)
        }
        return values
    }

    /// Whether the command line itself gives it; a settings-file value does not count.
    func isGiven(in command: ParsedCommand) -> Bool { command.isGiven(long) }

    /// The same option with help worded for one command (what `--video` does there).
    func with(help: String) -> Self {
        var option = self
        option.spec.help = help
        return option
    }
}

/// A flag: given or not.
struct Flag: Sendable {
    var spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: String) {
        spec = .flag(long, short: short, help: help)
    }

    var long: String { spec.long }

    func isSet(in command: ParsedCommand) -> Bool { command.flag(long) }
}

// MARK: Kinds of option

extension Option {
    init(_ long: String, short: Character? = nil, value: String = "value", help: String, expected: String,
         default fallback: Value, shown: String? = nil, allowed: [String]? = nil, required: Bool = false,
         parse: @escaping @Sendable (String) -> Value?) {
        self.init(spec: .option(long, short: short, value: value, help: help, default: shown, allowed: allowed, required: required),
                  expected: expected, parse: parse, fallback: fallback)
    }
}

extension Option where Value == Double {
    /// A finite number within `range`; `unit` is said in errors ("a number of degrees from 10 to 170").
    static func number(_ long: String, value: String = "value", help: String, default fallback: Double,
                       in range: ClosedRange<Double>, unit: String? = nil) -> Self {
        var option = Self(long, value: value, help: help, expected: numberPhrase(range, unit: unit), default: fallback,
                          shown: spoken(fallback), parse: { finite($0, in: range) })
        option.takesNumbers = true
        return option
    }
}

extension Option where Value == Double? {
    static func number(_ long: String, value: String = "value", help: String, in range: ClosedRange<Double>,
                       unit: String? = nil) -> Self {
        var option = Self(long, value: value, help: help, expected: numberPhrase(range, unit: unit), default: nil,
                          parse: { finite($0, in: range).map(Optional.some) })
        option.takesNumbers = true
        return option
    }
}

extension Option where Value == Int {
    /// A whole number within `range`; `showsDefault` false when the help already says it.
    static func wholeNumber(_ long: String, short: Character? = nil, value: String = "value", help: String,
                            default fallback: Int, in range: ClosedRange<Int>, showsDefault: Bool = true) -> Self {
        var option = Self(long, short: short, value: value, help: help, expected: wholeNumberPhrase(range),
                          default: fallback, shown: showsDefault ? String(fallback) : nil, parse: { whole($0, in: range) })
        option.takesNumbers = true
        return option
    }
}

extension Option where Value == Int? {
    static func wholeNumber(_ long: String, short: Character? = nil, value: String = "value", help: String,
                            in range: ClosedRange<Int>) -> Self {
        var option = Self(long, short: short, value: value, help: help, expected: wholeNumberPhrase(range),
                          default: nil, parse: { whole($0, in: range).map(Optional.some) })
        option.takesNumbers = true
        return option
    }
}

extension Option where Value == String? {
    /// Any text, or text that passes `check` (which `expected` describes).
    static func text(_ long: String, value: String = "value", help: String, required: Bool = false,
                     expected: String = "some text", check: @escaping @Sendable (String) -> Bool = { !$0.isEmpty }) -> Self {
        Self(long, value: value, help: help, expected: expected, default: nil, required: required,
             parse: { check($0) ? .some($0) : nil })
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enumeration's raw values; the parser refuses any other, and help lists them.
    static func choice(_ long: String, value: String = "value", help: String, default fallback: Value) -> Self {
        let names = Value.allCases.map(\.rawValue)
        return Self(long, value: value, help: help, expected: "one of " + names.joined(separator: ", "), default: fallback,
                    shown: fallback.rawValue, allowed: names, parse: { Value(rawValue: $0) })
    }
}

extension Option {
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ long: String, value: String = "value", help: String, required: Bool = false
    ) -> Self where Value == Choice?, Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return Self(long, value: value, help: help, expected: "one of " + names.joined(separator: ", "), default: nil,
                    allowed: names, required: required, parse: { Choice(rawValue: $0).map(Optional.some) })
    }
}

// MARK: Checks and their words

private func finite(_ text: String, in range: ClosedRange<Double>) -> Double? {
    guard let number = Double(text), number.isFinite, range.contains(number) else { return nil }
    return number
}

private func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
    guard let number = Int(text), range.contains(number) else { return nil }
    return number
}

/// "a number from 0 to 1", "a number of degrees from 10 to 170".
func numberPhrase(_ range: ClosedRange<Double>, unit: String? = nil) -> String {
    "a number" + (unit.map { " of \($0)" } ?? "")
        + span(range.lowerBound.isFinite ? spoken(range.lowerBound) : nil,
               range.upperBound.isFinite ? spoken(range.upperBound) : nil)
}

/// "a whole number from 1 to 64", "a whole number of at least 1".
func wholeNumberPhrase(_ range: ClosedRange<Int>) -> String {
    "a whole number" + span(range.lowerBound == .min ? nil : String(range.lowerBound),
                            range.upperBound == .max ? nil : String(range.upperBound))
}

/// Words for a range, leaving out a side that is unbounded ("of at least 1").
private func span(_ lower: String?, _ upper: String?) -> String {
    switch (lower, upper) {
    case let (lower?, upper?): " from \(lower) to \(upper)"
    case let (lower?, nil): " of at least \(lower)"
    case let (nil, upper?): " of at most \(upper)"
    case (nil, nil): ""
    }
}

/// "1" rather than "1.0": the number is read aloud and should sound like the user would type it.
func spoken(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}
