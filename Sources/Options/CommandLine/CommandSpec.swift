// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// Declarative description of one command: the tool itself or one of its subcommands.
///
/// The parser, the help text and the usage lines are all derived from this one value,
/// so they cannot drift apart.
public struct CommandSpec: Sendable, Equatable {
    public var name: String
    /// Other spellings the parser accepts for this subcommand ("color" for "colour"); help
    /// and the parsed path use `name`.
    public var aliases: [String] = []
    /// One sentence, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    public var abstract: Message
    /// An optional paragraph shown after the overview.
    public var discussion: Message? = nil
    /// Positional arguments, in order. Only the last one should be repeating.
    public var arguments: [ArgumentSpec] = []
    /// Options and flags of this command only; they are not inherited by subcommands.
    public var options: [OptionSpec] = []
    public var subcommands: [CommandSpec] = []
    /// Runs when no subcommand is named. Options before the first positional argument
    /// still belong to this command, so `tool --flag file` needs the subcommand spelled out.
    public var defaultSubcommand: String? = nil
    /// A hidden subcommand still runs when named, but help, usage suggestions, the man page
    /// and the completions leave it out: it is for the build, not for users.
    public var isHidden: Bool = false
    /// Options this command had under an old name, by that name without dashes: the old name is
    /// refused, suggesting the new one ("Unknown option '--output'; did you mean '--jsonl'?").
    public var renamedOptions: [String: String] = [:]

    public init(name: String, aliases: [String] = [], abstract: Message, discussion: Message? = nil,
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], subcommands: [CommandSpec] = [],
                defaultSubcommand: String? = nil, isHidden: Bool = false, renamedOptions: [String: String] = [:]) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.isHidden = isHidden
        self.renamedOptions = renamedOptions
    }

    /// The subcommands help, suggestions and documentation show.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The command that `path` names (its first element names `self`), and the part of
    /// `path` that matched: an unknown name stops the walk rather than failing.
    public func resolve(_ path: [String]) -> (command: CommandSpec, path: [String]) {
        var command = self
        var matched = [name]
        for name in path.dropFirst() {
            guard let next = command.subcommand(named: name) else { break }
            command = next
            matched.append(name)
        }
        return (command, matched)
    }
}

/// A positional argument, shown as `<name>`.
public struct ArgumentSpec: Sendable, Equatable {
    public var name: String
    public var help: Message
    public var isOptional: Bool = false
    /// Takes every remaining positional value, shown as `<name>...`.
    public var isRepeating: Bool = false

    public init(name: String, help: Message, isOptional: Bool = false, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }

    public var label: String { "<\(name)>" + (isRepeating ? "..." : "") }
}

/// A `--long` option (with an optional `-s` short name) that takes a value, or a flag.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, such as `min-confidence`.
    public var long: String
    public var short: Character? = nil
    /// The placeholder for the value, such as `value` or `file`; `nil` makes this a flag.
    public var valueName: String? = nil
    public var help: Message
    /// Used when the option is not given, and shown in help as `(default: 0.25)`.
    public var defaultValue: String? = nil
    /// A default said in words where it is not one value ("the number of cores"), shown in the
    /// same place as `defaultValue`: help always gives the values, then the default.
    public var defaultWords: Message? = nil
    /// When set, the parser rejects any other value (unless `acceptsOtherSpellings`).
    public var allowedValues: [String]? = nil
    /// `allowedValues` are the canonical spellings help and completions show; the option's own
    /// parse takes others of the same value too ("de_DE", "deu" for "de") and refuses the rest.
    public var acceptsOtherSpellings: Bool = false
    /// A required option appears in usage without brackets and must be given.
    public var isRequired: Bool = false

    public var isFlag: Bool { valueName == nil }

    public static func flag(_ long: String, short: Character? = nil, help: Message) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help)
    }

    public static func option(
        _ long: String, short: Character? = nil, value: String = "value", help: Message,
        default defaultValue: String? = nil, allowed: [String]? = nil, required: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, valueName: value, help: help, defaultValue: defaultValue,
            allowedValues: allowed, isRequired: required)
    }

    /// The default as help shows it, after "default:": the value, or the words for it.
    public func shownDefault(_ wording: Wording) -> String? {
        defaultValue ?? defaultWords.map { wording($0) }
    }

    /// `--long <value>`, the form used in usage lines and error messages.
    public var synopsis: String { "--\(long)" + (valueName.map { " <\($0)>" } ?? "") }

    /// Every command answers `-h` and `--help`; the parser and the help text share this.
    public static let help = OptionSpec(long: "help", short: "h", help: Message(.helpOptionHelp))
    /// Only the root command answers `--version`.
    public static let version = OptionSpec(long: "version", help: Message(.helpOptionVersion))
}

extension CommandSpec {
    /// This command's options plus the built-in ones, in the order help lists them.
    public func optionsWithBuiltIns(isRoot: Bool) -> [OptionSpec] {
        options + (isRoot ? [.version] : []) + [.help]
    }
}
