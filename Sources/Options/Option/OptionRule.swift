// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// When something holds for a command line: an option or a positional argument given, an
/// option at a value. Rules are written with these, beside the options they are about.
public struct Condition: Sendable {
    let holds: @Sendable (ParsedCommand) -> Bool

    public init(_ holds: @escaping @Sendable (ParsedCommand) -> Bool) {
        self.holds = holds
    }

    /// The command line itself gives the option or flag (a settings-file value does not count:
    /// it stands for the user's usual choice, not this run's).
    public static func given(_ long: String) -> Condition {
        Condition { $0.declares(long) && $0.isGiven(long) }
    }

    /// The positional argument is there.
    public static func argument(_ name: String) -> Condition {
        Condition { $0.argument(name) != nil }
    }

    /// The option (command line or settings file) has this value.
    public static func value(_ long: String, is value: String) -> Condition {
        Condition { $0.declares(long) && $0.text(of: long) == value }
    }

    public static prefix func ! (condition: Condition) -> Condition {
        Condition { !condition.holds($0) }
    }

    public static func && (lhs: Condition, rhs: Condition) -> Condition {
        Condition { lhs.holds($0) && rhs.holds($0) }
    }

    public static func || (lhs: Condition, rhs: Condition) -> Condition {
        Condition { lhs.holds($0) || rhs.holds($0) }
    }

    public static let always = Condition { _ in true }
}

/// A refusal that involves more than one option — `--every-frame` without `--video`, camera
/// options beside an image, `--resume` without `--out` — declared once with the options it is
/// about and checked when the command line is parsed, before anything is loaded. Each names
/// the first offending option the user typed, in one sentence with its fix.
public struct OptionRule: Sendable {
    let check: @Sendable (ParsedCommand) -> UsageError?

    /// `options` (those the command line gives, first in this order) are refused while
    /// `condition` holds; `message` gets the option as `{option}` ("--every-frame") beside
    /// `arguments`. An option in `exempt` is let through while its own condition holds.
    public static func refuse(_ options: [String], when condition: Condition, _ message: MessageID,
                              _ arguments: [String: MessageArgument] = [:], exempt: [String: Condition] = [:]) -> OptionRule {
        OptionRule { command in
            guard condition.holds(command) else { return nil }
            for option in options where Condition.given(option).holds(command) {
                if let exemption = exempt[option], exemption.holds(command) { continue }
                var arguments = arguments
                arguments["option"] = .text("--" + option)
                return UsageError(Message(message, arguments), path: command.path)
            }
            return nil
        }
    }

    /// The positional argument is refused while `condition` holds: "Unexpected argument 'x.jpg'."
    public static func refuseArgument(_ name: String, when condition: Condition) -> OptionRule {
        OptionRule { command in
            guard condition.holds(command), let value = command.argument(name) else { return nil }
            return .unexpectedArgument(value, path: command.path)
        }
    }

    /// The option must be given (on the command line or in the settings file) while `condition`
    /// holds, as a required option is: "Missing expected argument '--video <file>'."
    public static func require(_ long: String, when condition: Condition) -> OptionRule {
        OptionRule { command in
            guard condition.holds(command), command.declares(long), command.text(of: long) == nil,
                  let spec = command.declared[long] else { return nil }
            return .missingArgument(spec.synopsis, path: command.path)
        }
    }

    /// A sentence of its own while `condition` holds (two options that cannot go together).
    public static func refuse(when condition: Condition, _ message: MessageID) -> OptionRule {
        OptionRule { command in condition.holds(command) ? UsageError(Message(message), path: command.path) : nil }
    }
}

extension Array where Element == OptionRule {
    /// The first rule the command line breaks, in the order declared.
    public func check(_ command: ParsedCommand) throws(UsageError) {
        for rule in self {
            if let error = rule.check(command) { throw error }
        }
    }
}
