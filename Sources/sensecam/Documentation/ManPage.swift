// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options
import Perception

// sensecam.1, rendered from the same command table as `--help`, so the two cannot drift.
// Plain man(7) macros only, which man, groff and screen-reader-friendly pagers all handle.

/// The whole man page in roff, ending in a newline. No date on the title line, so the
/// committed page only changes when the commands or the version do.
func manPage(root: CommandSpec, version: String, wording: Wording) -> String {
    var page: [String] = [
        #".TH SENSECAM 1 "" "sensecam \#(version)" "\#(wording(.docUserCommands))""#,
        ".SH \(wording(.docName))",
        "\(root.name) \\- \(roffText(wording(root.abstract)))",
        ".SH \(wording(.docSynopsis))",
        ".B \(root.name)",
        ".I \(wording(.docSubcommand))",
        "[\\fI\(wording(.docOptions))\\fR] [\\fI\(wording(.docArguments))\\fR]",
        ".br",
        ".B \(root.name) \\-\\-version",
        ".br",
        ".B \(root.name) help",
        "[\\fI\(wording(.docSubcommand))\\fR]",
        ".SH \(wording(.docDescriptionTitle))",
        roffText(ManPageProse.description(wording)),
    ]
    page += optionList(root.optionsWithBuiltIns(isRoot: true), wording: wording)
    page.append(".SH \(wording(.docCommands))")
    for command in root.visibleSubcommands {
        page += commandSection(command, path: [root.name], wording: wording)
    }
    page += proseSection(wording(.docExitStatusTitle), ManPageProse.exitStatus(wording))
    page += proseSection(wording(.docFilesTitle), ManPageProse.files(wording))
    page += proseSection(wording(.docEnvironmentTitle), ManPageProse.environment(wording))
    page.append(".SH \(wording(.docExamplesTitle))")
    for (what, command) in ManPageProse.examples(wording) {
        page += [".PP", roffText(what), ".PP", ".RS", ".EX", roffText(command), ".EE", ".RE"]
    }
    page += [".SH \(wording(.docSeeAlso))", ".BR tesseract (1),", ".BR spd\\-say (1),", ".BR brltty (1)"]
    return page.joined(separator: "\n") + "\n"
}

/// One subcommand and, below it, its own subcommands (`products import`).
private func commandSection(_ command: CommandSpec, path: [String], wording: Wording) -> [String] {
    let path = path + [command.name]
    // The usage line unhyphenated and ragged, so no option name is split across lines.
    let usage = usageLine(root: Sensecam.root, path: path).dropFirst(path.joined(separator: " ").count)
    var lines = [".SS", roffText(path.joined(separator: " ")), ".nh", ".ad l",
                 "\\fB\(roffText(path.joined(separator: " ")))\\fR\(roffText(String(usage)))", ".ad", ".hy",
                 ".PP", roffText(wording(command.abstract))]
    if !command.aliases.isEmpty {
        lines += [".PP", roffText(wording(.docAlsoSpelled, ["names": .text(command.aliases.joined(separator: ", "))]))]
    }
    if let discussion = command.discussion {
        for paragraph in wording(discussion).split(separator: "\n") { lines += [".PP", roffText(String(paragraph))] }
    }
    for argument in command.arguments {
        lines += [".TP", "\\fI\(roffText(argument.label))\\fR", roffText(wording(argument.help))]
    }
    lines += optionList(command.options, wording: wording)
    for sub in command.visibleSubcommands {
        lines += commandSection(sub, path: path, wording: wording)
    }
    return lines
}

private func optionList(_ options: [OptionSpec], wording: Wording) -> [String] {
    options.flatMap { option -> [String] in
        var name = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\(roffText(option.long))\\fR"
        if let value = option.valueName { name += " \\fI\(roffText(value))\\fR" }
        var help = wording(option.help)
        if let allowed = option.allowedValues { help += " " + wording(.docValues, ["values": .text(allowed.joined(separator: ", "))]) }
        if let value = option.shownDefault(wording) { help += " " + wording(.docDefault, ["value": .text(value)]) }
        if option.isRequired { help += " " + wording(.docRequired) }
        return [".TP", name, roffText(help)]
    }
}

private func proseSection(_ title: String, _ entries: [(term: String, text: String)]) -> [String] {
    [".SH \(title)"] + entries.flatMap { [".TP", "\\fB\(roffText($0.term))\\fR", roffText($0.text)] }
}

/// Text safe on a roff line: backslashes and hyphens escaped (a bare `-` is a typographic
/// hyphen, and options must copy as the ASCII minus), and a leading `.` or `'` defused so the
/// line is never read as a request.
func roffText(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.first == "." || line.first == "'" ? "\\&" + line : String(line)
    }.joined(separator: "\n")
}
