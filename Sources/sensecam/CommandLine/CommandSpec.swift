/// Declarative description of one command: the tool itself or one of its subcommands.
///
/// The parser, the help text and the usage lines are all derived from this one value,
/// so they cannot drift apart.
struct CommandSpec: Sendable, Equatable {
    var name: String
    /// Other spellings the parser accepts for this subcommand ("color" for "colour"); help
    /// and the parsed path use `name`.
    var aliases: [String] = []
    /// One sentence, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
    var abstract: String
    /// An optional paragraph shown after the overview.
    var discussion: String? = nil
    /// Positional arguments, in order. Only the last one should be repeating.
    var arguments: [ArgumentSpec] = []
    /// Options and flags of this command only; they are not inherited by subcommands.
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Runs when no subcommand is named. Options before the first positional argument
    /// still belong to this command, so `tool --flag file` needs the subcommand spelled out.
    var defaultSubcommand: String? = nil
    /// A hidden subcommand still runs when named, but help, usage suggestions, the man page
    /// and the completions leave it out: it is for the build, not for users.
    var isHidden: Bool = false

    /// The subcommands help, suggestions and documentation show.
    var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The command that `path` names (its first element names `self`), and the part of
    /// `path` that matched: an unknown name stops the walk rather than failing.
    func resolve(_ path: [String]) -> (command: CommandSpec, path: [String]) {
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
struct ArgumentSpec: Sendable, Equatable {
    var name: String
    var help: String
    var isOptional: Bool = false
    /// Takes every remaining positional value, shown as `<name>...`.
    var isRepeating: Bool = false

    var label: String { "<\(name)>" + (isRepeating ? "..." : "") }
}

/// A `--long` option (with an optional `-s` short name) that takes a value, or a flag.
struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, such as `min-confidence`.
    var long: String
    var short: Character? = nil
    /// The placeholder for the value, such as `value` or `file`; `nil` makes this a flag.
    var valueName: String? = nil
    var help: String
    /// Used when the option is not given, and shown in help as `(default: 0.25)`.
    var defaultValue: String? = nil
    /// When set, the parser rejects any other value.
    var allowedValues: [String]? = nil
    /// A required option appears in usage without brackets and must be given.
    var isRequired: Bool = false

    var isFlag: Bool { valueName == nil }

    static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help)
    }

    static func option(
        _ long: String, short: Character? = nil, value: String = "value", help: String,
        default defaultValue: String? = nil, allowed: [String]? = nil, required: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, valueName: value, help: help, defaultValue: defaultValue,
            allowedValues: allowed, isRequired: required)
    }

    /// `--long <value>`, the form used in usage lines and error messages.
    var synopsis: String { "--\(long)" + (valueName.map { " <\($0)>" } ?? "") }

    /// Every command answers `-h` and `--help`; the parser and the help text share this.
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")
    /// Only the root command answers `--version`.
    static let version = OptionSpec(long: "version", help: "Show the version.")
}

extension CommandSpec {
    /// This command's options plus the built-in ones, in the order help lists them.
    func optionsWithBuiltIns(isRoot: Bool) -> [OptionSpec] {
        options + (isRoot ? [.version] : []) + [.help]
    }
}
