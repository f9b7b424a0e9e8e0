// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses `argv` (without the program name) against `root`.
///
/// Supports `--opt value`, `--opt=value`, `-j 2`, `-j2`, grouped short flags (`-qv`),
/// `--` to end options, and negative numbers as values. `--help` or `-h` anywhere before
/// `--` asks for help on the deepest command reached, even if the rest has mistakes, except a
/// mistyped subcommand: `sensecam redd --help` wants `read`'s help, and the tool's own would
/// hide the typo, so it is the usage error it is.
public func parse(_ argv: [String], root: CommandSpec) throws(UsageError) -> ParseOutcome {
    let helpRequested = argv.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    var parser = Parser(root: root, tokens: argv[...], helpRequested: helpRequested)
    do throws(UsageError) {
        if argv.first == "help", !root.subcommands.isEmpty, root.subcommand(named: "help") == nil {
            return try parser.helpSubcommand()
        }
        return try parser.run()
    } catch {
        // Someone asking for help should get it, not an error about the rest of the line.
        if helpRequested, !error.namesUnknownSubcommand { return .help(path: error.path) }
        throw error
    }
}

/// A value, not an option: a lone `-` (the usual name for standard input) and `-0.5`.
private func looksLikeValue(_ token: String) -> Bool {
    !token.hasPrefix("-") || token == "-" || Double(token) != nil
}

private struct Parser {
    var tokens: ArraySlice<String>
    var command: CommandSpec
    var result: ParsedCommand
    var positionals: [String] = []
    var helpRequested: Bool
    var versionRequested = false

    init(root: CommandSpec, tokens: ArraySlice<String>, helpRequested: Bool) {
        self.tokens = tokens
        self.helpRequested = helpRequested
        command = root
        result = ParsedCommand(path: [root.name])
        declareOptions(of: root)
    }

    var path: [String] { result.path }
    var options: [OptionSpec] { command.optionsWithBuiltIns(isRoot: path.count == 1) }

    mutating func enter(_ sub: CommandSpec) {
        result.path.append(sub.name)
        command = sub
        declareOptions(of: sub)
    }

    mutating func declareOptions(of command: CommandSpec) {
        for option in command.options { result.declared[option.long] = option }
    }

    /// `sensecam help aware`: every word names a subcommand one level deeper.
    mutating func helpSubcommand() throws(UsageError) -> ParseOutcome {
        for word in tokens.dropFirst() where word != "--help" && word != "-h" {
            guard let sub = command.subcommand(named: word) else {
                throw command.subcommands.isEmpty
                    ? .unexpectedArgument(word, path: path)
                    : .unknownSubcommand(
                        word, suggestion: closestMatch(to: word, among: command.visibleSubcommands.map(\.name)),
                        path: path)
            }
            enter(sub)
        }
        return .help(path: path)
    }

    mutating func run() throws(UsageError) -> ParseOutcome {
        while let token = tokens.popFirst() {
            if token == "--" {
                while let rest = tokens.popFirst() { try positional(rest, mayBeSubcommand: false) }
            } else if token.hasPrefix("--") {
                try longOption(token)
            } else if !looksLikeValue(token) {
                try shortOptions(token)
            } else {
                try positional(token, mayBeSubcommand: true)
            }
        }
        if helpRequested { return .help(path: path) }
        if versionRequested { return .version }
        try finish()
        return .run(result)
    }

    mutating func longOption(_ token: String) throws(UsageError) {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = options.first(where: { $0.long == name }) else {
            let guess = command.renamedOptions[name] ?? closestMatch(to: name, among: options.map(\.long))
            throw .unknownOption("--\(name)", suggestion: guess.map { "--\($0)" }, path: path)
        }
        if option.isFlag {
            if let inline { throw .flagGivenValue("--\(name)", value: inline, path: path) }
            set(option)
        } else {
            // Not `inline ?? nextValue(…)`: the autoclosure would erase the typed throw.
            let value = if let inline { inline } else { try nextValue(for: "--\(name)") }
            try record(option, value)
        }
    }

    /// `-q`, `-qv` (grouped flags), `-j 2` and `-j2` (value attached).
    mutating func shortOptions(_ token: String) throws(UsageError) {
        var letters = token.dropFirst()
        while let letter = letters.popFirst() {
            guard let option = options.first(where: { $0.short == letter }) else {
                throw .unknownOption("-\(letter)", suggestion: nil, path: path)
            }
            if option.isFlag {
                set(option)
                continue
            }
            let attached = letters.first == "=" ? String(letters.dropFirst()) : String(letters)
            try record(option, attached.isEmpty ? try nextValue(for: "-\(letter)") : attached)
            return
        }
    }

    /// The built-in flags are requests to the parser, not values for the command.
    mutating func set(_ flag: OptionSpec) {
        switch flag {
        case .help: helpRequested = true
        case .version: versionRequested = true
        default: result.flags.insert(flag.long)
        }
    }

    mutating func nextValue(for name: String) throws(UsageError) -> String {
        guard let next = tokens.first, looksLikeValue(next) else {
            throw .missingValue(name, path: path)
        }
        return tokens.removeFirst()
    }

    mutating func record(_ option: OptionSpec, _ value: String) throws(UsageError) {
        if let allowed = option.allowedValues, !allowed.contains(value), !option.acceptsOtherSpellings {
            throw .notAllowed("--\(option.long)", value: value, allowed: allowed, path: path)
        }
        result.optionValues[option.long, default: []].append(value)
    }

    mutating func positional(_ token: String, mayBeSubcommand: Bool) throws(UsageError) {
        if mayBeSubcommand, positionals.isEmpty, let sub = command.subcommand(named: token) {
            return enter(sub)
        }
        guard command.arguments.isEmpty, !command.subcommands.isEmpty else {
            return positionals.append(token)
        }
        // A command that only groups subcommands: the word must have been meant as one.
        if let fallback = command.defaultSubcommand.flatMap(command.subcommand(named:)) {
            enter(fallback)
            return try positional(token, mayBeSubcommand: false)
        }
        let guess = mayBeSubcommand ? closestMatch(to: token, among: command.visibleSubcommands.map(\.name)) : nil
        throw .unknownSubcommand(token, suggestion: guess, path: path)
    }

    /// Checks what can only be known at the end: subcommand, arguments, required options.
    mutating func finish() throws(UsageError) {
        if command.arguments.isEmpty, !command.subcommands.isEmpty {
            guard let fallback = command.defaultSubcommand.flatMap(command.subcommand(named:)) else {
                throw .missingSubcommand(path: path)
            }
            enter(fallback)
            return try finish()
        }
        var remaining = positionals[...]
        for (index, argument) in command.arguments.enumerated() {
            // A repeating argument leaves one value for each argument declared after it.
            let reserved = command.arguments.count - index - 1
            let count = argument.isRepeating ? max(remaining.count - reserved, 0) : min(remaining.count, 1)
            if count == 0 && !argument.isOptional { throw .missingArgument(argument.label, path: path) }
            result.argumentValues[argument.name] = Array(remaining.prefix(count))
            remaining = remaining.dropFirst(count)
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra, path: path) }
        for option in command.options where option.isRequired && result.optionValues[option.long] == nil {
            throw .missingArgument(option.synopsis, path: path)
        }
    }
}
