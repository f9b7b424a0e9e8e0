// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

// Help, usage and error text in swift-argument-parser's layout: plain text only, no
// colour or box drawing, because a screen reader speaks every character it is given.

/// Lines are wrapped to this width so help reads well in an 80-column terminal.
private let lineWidth = 80
/// Help text starts in this column, as in swift-argument-parser.
private let helpColumn = 26

/// The full help for the command at `path` (first element names the root), without a
/// trailing newline. Unknown names in `path` are ignored, showing the deepest known command.
public func helpText(root: CommandSpec, path: [String], wording: Wording) -> String {
    let (command, path) = root.resolve(path)
    var sections: [String] = []
    let abstract = wording(command.abstract)
    if !abstract.isEmpty {
        sections.append(wrap(words(abstract), first: wording(.helpOverviewLabel) + " ", rest: ""))
    }
    if let discussion = command.discussion {
        // Each line of the discussion is a paragraph of its own.
        sections.append(
            wording(discussion).split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(words(String($0)), first: "", rest: "") }
                .joined(separator: "\n"))
    }
    // Usage wraps between elements so "[--out <file>]" is never split; later lines line up
    // under the command's name.
    let usage = wording(.helpUsageLabel) + " "
    sections.append(wrap(usageElements(command, path: path), first: usage, rest: String(repeating: " ", count: usage.count + 2)))
    if !command.arguments.isEmpty {
        sections.append(
            ([wording(.helpArgumentsLabel)] + command.arguments.map { row($0.label, words(wording($0.help))) })
                .joined(separator: "\n"))
    }
    let options = command.optionsWithBuiltIns(isRoot: path.count == 1)
    sections.append(([wording(.helpOptionsLabel)] + options.map { row(label(of: $0), helpWords(of: $0, wording: wording)) })
        .joined(separator: "\n"))
    if !command.visibleSubcommands.isEmpty {
        let rows = command.visibleSubcommands.map { sub in
            row(sub.name == command.defaultSubcommand ? wording(.helpDefaultSubcommand, ["name": .text(sub.name)]) : sub.name,
                words(wording(sub.abstract)))
        }
        let helpCommand = ([root.name, "help"] + path.dropFirst() + ["<subcommand>"]).joined(separator: " ")
        sections.append(
            ([wording(.helpSubcommandsLabel)] + rows).joined(separator: "\n")
                + "\n\n  " + wording(.helpSeeSubcommandHelp, ["command": .text(helpCommand)]))
    }
    return sections.joined(separator: "\n\n")
}

/// One line such as `sensecam aware <image> [--json] [--min-confidence <value>]`.
public func usageLine(root: CommandSpec, path: [String]) -> String {
    let (command, path) = root.resolve(path)
    return usageElements(command, path: path).joined(separator: " ")
}

/// One line, without a trailing newline: the mistake in one sentence, then where the help is.
/// The usage line is left to `--help`: read aloud, a 600-character list of options buries
/// the one sentence that matters.
public func errorReport(_ error: UsageError, root: CommandSpec, wording: Wording) -> String {
    let path = root.resolve(error.path).path
    return wording(.usageErrorReport, ["sentence": .message(error.message), "command": .text(path.joined(separator: " "))])
}

private func usageElements(_ command: CommandSpec, path: [String]) -> [String] {
    let arguments = command.arguments.map { $0.isOptional ? "[\($0.label)]" : $0.label }
    let options = command.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    let subcommand = command.subcommands.isEmpty ? [] : ["<subcommand>"]
    return path + arguments + options + subcommand
}

/// `-j, --jobs <n>` in the OPTIONS list.
private func label(of option: OptionSpec) -> String {
    (option.short.map { "-\($0), " } ?? "") + option.synopsis
}

/// The help sentence, then allowed values, then the default, always in that order. A default
/// value stays one unbreakable word so "(default:" is never left dangling at the end of a line.
private func helpWords(of option: OptionSpec, wording: Wording) -> [String] {
    var result = words(wording(option.help))
    if let allowed = option.allowedValues {
        result += words(wording(.helpAllowedValues, ["values": .text(allowed.joined(separator: ", "))]))
    }
    if let value = option.defaultValue {
        result.append(wording(.helpDefaultValue, ["value": .text(value)]))
    } else if let value = option.shownDefault(wording) {
        // Words wrap as words; a single value is kept whole.
        result += words(wording(.helpDefaultValue, ["value": .text(value)]))
    }
    return result
}

private func words(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
}

/// A label in the left column and its help aligned at `helpColumn`; a label too long to
/// leave two spaces before that column gets its help on the next line.
private func row(_ label: String, _ help: [String]) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    let start = "  " + label
    if start.count + 2 <= helpColumn {
        return wrap(help, first: start + String(repeating: " ", count: helpColumn - start.count), rest: indent)
    }
    return help.isEmpty ? start : start + "\n" + wrap(help, first: indent, rest: indent)
}

/// Greedy wrapping at `lineWidth`; a single word longer than a line is left whole.
private func wrap(_ words: [String], first: String, rest: String) -> String {
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for word in words {
        if lineHasWord && line.count + 1 + word.count > lineWidth {
            lines.append(line)
            line = rest + word
        } else {
            line += (lineHasWord ? " " : "") + word
        }
        lineHasWord = true
    }
    lines.append(lineHasWord ? line : String(line.reversed().drop { $0 == " " }.reversed()))
    return lines.joined(separator: "\n")
}
