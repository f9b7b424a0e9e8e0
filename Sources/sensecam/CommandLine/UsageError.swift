/// A mistake in the command line, told in one plain sentence.
///
/// `path` names the command whose usage the report should show. The messages are built
/// only here, so their wording stays consistent; compare against these constructors to
/// react to one kind, e.g. `error == .missingSubcommand(path: error.path)` to show help
/// instead of an error when the tool is run with no arguments.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    var path: [String]

    var description: String { message }

    static func unknownOption(_ name: String, suggestion: String?, path: [String]) -> UsageError {
        UsageError(message: "Unknown option '\(name)'." + didYouMean(suggestion), path: path)
    }

    static func unknownSubcommand(_ name: String, suggestion: String?, path: [String]) -> UsageError {
        UsageError(message: "Unknown subcommand '\(name)'." + didYouMean(suggestion), path: path)
    }

    /// Whether this is `unknownSubcommand`'s error, whatever the name and suggestion.
    var namesUnknownSubcommand: Bool { message.hasPrefix("Unknown subcommand '") }

    static func missingSubcommand(path: [String]) -> UsageError {
        UsageError(message: "Missing subcommand.", path: path)
    }

    static func missingValue(_ name: String, path: [String]) -> UsageError {
        UsageError(message: "Option '\(name)' needs a value.", path: path)
    }

    static func flagGivenValue(_ name: String, value: String, path: [String]) -> UsageError {
        UsageError(message: "Flag '\(name)' takes no value; got '\(value)'.", path: path)
    }

    /// `label` is `<image>` for an argument or `--mode <mode>` for a required option.
    static func missingArgument(_ label: String, path: [String]) -> UsageError {
        UsageError(message: "Missing expected argument '\(label)'.", path: path)
    }

    static func unexpectedArgument(_ value: String, path: [String]) -> UsageError {
        UsageError(message: "Unexpected argument '\(value)'.", path: path)
    }

    static func notAllowed(_ name: String, allowed: [String], path: [String]) -> UsageError {
        UsageError(message: "'\(name)' must be one of: \(allowed.joined(separator: ", ")).", path: path)
    }

    /// `expected` completes "must be …", e.g. "a number from 0 to 1".
    static func invalidValue(_ name: String, expected: String, got value: String, path: [String]) -> UsageError {
        UsageError(message: "'\(name)' must be \(expected); got '\(value)'.", path: path)
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }
}
