// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// Options that belong together — how objects are detected, where narration goes, which
/// camera — parsed at once into one typed value, as swift-argument-parser's option groups
/// are. A group is a struct whose properties start at their defaults; its `options` bind each
/// option to the property it sets, so an option's name, default, range, check and help are
/// written once, and every command, the settings file, the fuzz target and the benches read
/// the same definition.
public protocol OptionGroup: Sendable {
    /// Every property at its default: the value when nothing is given.
    init()
    /// The group's options, in the order help lists them.
    static var options: [GroupOption<Self>] { get }
}

extension OptionGroup {
    /// The specs a command declares to take the whole group.
    public static var specs: [OptionSpec] { options.map(\.spec) }

    /// The long names of the group's options, for rules that name them together.
    public static var names: [String] { options.map(\.long) }

    /// The group as the command line, and where it is silent the settings file, give it.
    /// Options the command does not declare keep their defaults: a group is shared by commands
    /// that take only some of it. A command that reads one option its own way skips it.
    public init(_ command: ParsedCommand, skipping skipped: Set<String> = []) throws(UsageError) {
        self.init()
        for option in Self.options where command.declares(option.long) && !skipped.contains(option.long) {
            try option.apply(command, &self)
        }
    }

    /// The first of the group's options the command line itself gives, for a refusal that names it.
    public static func firstGiven(in command: ParsedCommand) -> String? {
        names.first { command.declares($0) && command.isGiven($0) }
    }

    /// One option of the group, by its long name (for a command that declares only some).
    public static func option(_ long: String) -> GroupOption<Self> {
        guard let option = options.first(where: { $0.long == long }) else { preconditionFailure("no option --\(long)") }
        return option
    }
}
