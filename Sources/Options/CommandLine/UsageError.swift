// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// A mistake in the command line, told in one plain sentence.
///
/// `path` names the command whose usage the report should show. The kinds below are the
/// parser's own; rules and commands add sentences of their own (`init(_:path:)`). Compare
/// against these constructors to react to one kind, e.g. `error == .missingSubcommand(path:
/// error.path)` to show help instead of an error when the tool is run with no arguments.
public struct UsageError: WordedError, Equatable, Sendable {
    public var message: Message
    public var path: [String]

    public init(_ message: Message, path: [String]) {
        self.message = message
        self.path = path
    }

    public static func unknownOption(_ name: String, suggestion: String?, path: [String]) -> UsageError {
        let message = suggestion.map { Message(.usageUnknownOptionGuess, ["name": .text(name), "suggestion": .text($0)]) }
            ?? Message(.usageUnknownOption, ["name": .text(name)])
        return UsageError(message, path: path)
    }

    public static func unknownSubcommand(_ name: String, suggestion: String?, path: [String]) -> UsageError {
        let message = suggestion.map { Message(.usageUnknownSubcommandGuess, ["name": .text(name), "suggestion": .text($0)]) }
            ?? Message(.usageUnknownSubcommand, ["name": .text(name)])
        return UsageError(message, path: path)
    }

    /// Whether this is `unknownSubcommand`'s error, whatever the name and suggestion.
    public var namesUnknownSubcommand: Bool { [.usageUnknownSubcommand, .usageUnknownSubcommandGuess].contains(message.id) }

    public static func missingSubcommand(path: [String]) -> UsageError {
        UsageError(Message(.usageMissingSubcommand), path: path)
    }

    public static func missingValue(_ name: String, path: [String]) -> UsageError {
        UsageError(Message(.usageMissingValue, ["name": .text(name)]), path: path)
    }

    public static func flagGivenValue(_ name: String, value: String, path: [String]) -> UsageError {
        UsageError(Message(.usageFlagGivenValue, ["name": .text(name), "value": .text(value)]), path: path)
    }

    /// `label` is `<image>` for an argument or `--mode <mode>` for a required option.
    public static func missingArgument(_ label: String, path: [String]) -> UsageError {
        UsageError(Message(.usageMissingArgument, ["label": .text(label)]), path: path)
    }

    public static func unexpectedArgument(_ value: String, path: [String]) -> UsageError {
        UsageError(Message(.usageUnexpectedArgument, ["value": .text(value)]), path: path)
    }

    /// `value` is not among `allowed`: the likely one when a guess is good (the same guess a
    /// misspelt option gets), else the whole list.
    public static func notAllowed(_ name: String, value: String, allowed: [String], path: [String]) -> UsageError {
        if let guess = closestMatch(to: value, among: allowed) ?? closestMatch(to: value.lowercased(), among: allowed) {
            return UsageError(Message(.usageNotAllowedGuess, ["name": .text(name), "value": .text(value), "suggestion": .text(guess)]),
                              path: path)
        }
        return UsageError(Message(.usageNotAllowed, ["name": .text(name), "value": .text(value),
                                                     "values": .text(allowed.joined(separator: ", "))]), path: path)
    }

    /// `expected` completes "must be …", e.g. "a number from 0 to 1".
    public static func invalidValue(_ name: String, expected: Message, got value: String, path: [String]) -> UsageError {
        UsageError(Message(.usageInvalidValue, ["name": .text(name), "expected": .message(expected), "value": .text(value)]),
                   path: path)
    }
}
