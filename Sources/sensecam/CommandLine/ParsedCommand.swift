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
    /// The options declared along `path`, to catch misspelt accessor names.
    var declared: [String: OptionSpec] = [:]
    /// Values the user's settings file gives, by option name: used where the command line
    /// gives none, but never taken for something the user typed.
    var settings: [String: String] = [:]

    func flag(_ long: String) -> Bool {
        checkDeclared(long)
        return flags.contains(long)
    }

    /// The command line's text for the option (the last occurrence wins, as users expect when
    /// they append to a command line), else the settings file's; nil when neither gives one.
    func text(of long: String) -> String? {
        checkDeclared(long)
        return optionValues[long]?.last ?? settings[long]
    }

    /// Every occurrence on the command line, for options that may be repeated.
    func values(_ long: String) -> [String] {
        checkDeclared(long)
        return optionValues[long] ?? []
    }

    /// Whether the command line itself gives the option or flag.
    func isGiven(_ long: String) -> Bool {
        checkDeclared(long)
        return flags.contains(long) || optionValues[long] != nil
    }

    /// Whether this command has the option at all (shared code serves several commands).
    func declares(_ long: String) -> Bool { declared[long] != nil }

    func arguments(_ name: String) -> [String] {
        argumentValues[name] ?? []
    }

    func argument(_ name: String) -> String? {
        argumentValues[name]?.first
    }

    /// A misspelt name in the program would otherwise read as "not given" forever.
    private func checkDeclared(_ long: String) {
        assert(declared[long] != nil, "No option '--\(long)' is declared along \(path).")
    }
}
