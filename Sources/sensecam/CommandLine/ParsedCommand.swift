/// What a command line asked for, once it has parsed without a usage error.
enum ParseOutcome: Sendable, Equatable {
    case run(ParsedCommand)
    /// `--help`, `-h` or `help <subcommand>`: show help for the command at `path`.
    case help(path: [String])
    /// `--version` at the root.
    case version
}

/// The values of one successful parse. Accessors take long option names without dashes.
struct ParsedCommand: Sendable, Equatable {
    /// The command names from the root down, e.g. `["sensecam", "batch"]`.
    var path: [String]
    var flags: Set<String> = []
    /// Every occurrence of each option, in command-line order.
    var optionValues: [String: [String]] = [:]
    var argumentValues: [String: [String]] = [:]
    /// The options declared along `path`, for defaults and to catch misspelt accessor names.
    var declared: [String: OptionSpec] = [:]

    func flag(_ long: String) -> Bool {
        checkDeclared(long)
        return flags.contains(long)
    }

    /// The last occurrence wins, as users expect when they append to a command line;
    /// falls back to the option's default.
    func value(_ long: String) -> String? {
        checkDeclared(long)
        return optionValues[long]?.last ?? declared[long]?.defaultValue
    }

    /// Every occurrence, for options that may be repeated; the default is not included.
    func values(_ long: String) -> [String] {
        checkDeclared(long)
        return optionValues[long] ?? []
    }

    /// Whether this command has the option at all (shared code serves several commands).
    func declares(_ long: String) -> Bool { declared[long] != nil }

    func arguments(_ name: String) -> [String] {
        argumentValues[name] ?? []
    }

    func argument(_ name: String) -> String? {
        argumentValues[name]?.first
    }

    /// The option's value as a finite number within `range`, or `nil` if it has no value.
    func double(_ long: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(long) else { return nil }
        if let number = Double(text), number.isFinite, range.contains(number) { return number }
        let bounds = span(
            range.lowerBound.isFinite ? format(range.lowerBound) : nil,
            range.upperBound.isFinite ? format(range.upperBound) : nil)
        throw .invalidValue("--\(long)", expected: "a number" + bounds, got: text, path: path)
    }

    /// The option's value as a whole number within `range`, or `nil` if it has no value.
    func int(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(long) else { return nil }
        if let number = Int(text), range.contains(number) { return number }
        let bounds = span(
            range.lowerBound == .min ? nil : String(range.lowerBound),
            range.upperBound == .max ? nil : String(range.upperBound))
        throw .invalidValue("--\(long)", expected: "a whole number" + bounds, got: text, path: path)
    }

    /// A misspelt name in the program would otherwise read as "not given" forever.
    private func checkDeclared(_ long: String) {
        assert(declared[long] != nil, "No option '--\(long)' is declared along \(path).")
    }
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

/// "1" rather than "1.0": the bound is read aloud and should sound like the user would type it.
private func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
}
