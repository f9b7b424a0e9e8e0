// SPDX-License-Identifier: GPL-3.0-or-later
/// What a command line asked for, once it has parsed without a usage error.
public enum ParseOutcome: Sendable, Equatable {
    case run(ParsedCommand)
    /// `--help`, `-h` or `help <subcommand>`: show help for the command at `path`.
    case help(path: [String])
    /// `--version` at the root.
    case version
}

/// The values of one successful parse. Accessors take long option names without dashes.
public struct ParsedCommand: Sendable, Equatable {
    /// The command names from the root down, e.g. `["sensecam", "batch"]`.
    public var path: [String]
    public var flags: Set<String> = []
    /// Every occurrence of each option, in command-line order.
    public var optionValues: [String: [String]] = [:]
    public var argumentValues: [String: [String]] = [:]
    /// The options declared along `path`, to catch misspelt accessor names.
    public var declared: [String: OptionSpec] = [:]
    /// Values the user's settings file gives, by option name: used where the command line
    /// gives none, but never taken for something the user typed.
    public var settings: [String: String] = [:]

    public init(path: [String]) {
        self.path = path
    }

    public func flag(_ long: String) -> Bool {
        checkDeclared(long)
        return flags.contains(long)
    }

    /// The command line's text for the option (the last occurrence wins, as users expect when
    /// they append to a command line), else the settings file's; nil when neither gives one.
    public func text(of long: String) -> String? {
        checkDeclared(long)
        return optionValues[long]?.last ?? settings[long]
    }

    /// Every occurrence on the command line, for options that may be repeated.
    public func values(_ long: String) -> [String] {
        checkDeclared(long)
        return optionValues[long] ?? []
    }

    /// Whether the command line itself gives the option or flag.
    public func isGiven(_ long: String) -> Bool {
        checkDeclared(long)
        return flags.contains(long) || optionValues[long] != nil
    }

    /// Whether this command has the option at all (shared code serves several commands).
    public func declares(_ long: String) -> Bool { declared[long] != nil }

    public func arguments(_ name: String) -> [String] {
        argumentValues[name] ?? []
    }

    public func argument(_ name: String) -> String? {
        argumentValues[name]?.first
    }

    /// A misspelt name in the program would otherwise read as "not given" forever.
    private func checkDeclared(_ long: String) {
        assert(declared[long] != nil, "No option '--\(long)' is declared along \(path).")
    }
}
