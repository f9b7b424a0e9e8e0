import Foundation

// sensecam.1, rendered from the same command table as `--help`, so the two cannot drift.
// Plain man(7) macros only, which man, groff and screen-reader-friendly pagers all handle.

/// The whole man page in roff, ending in a newline. No date on the title line, so the
/// committed page only changes when the commands or the version do.
func manPage(root: CommandSpec, version: String) -> String {
    var page: [String] = [
        #".TH SENSECAM 1 "" "sensecam \#(version)" "User Commands""#,
        ".SH NAME",
        "\(root.name) \\- \(roffText(root.abstract))",
        ".SH SYNOPSIS",
        ".B \(root.name)",
        ".I subcommand",
        "[\\fIoptions\\fR] [\\fIarguments\\fR]",
        ".br",
        ".B \(root.name) \\-\\-version",
        ".br",
        ".B \(root.name) help",
        "[\\fIsubcommand\\fR]",
        ".SH DESCRIPTION",
        roffText(ManPageProse.description),
    ]
    page += optionList(root.optionsWithBuiltIns(isRoot: true))
    page.append(".SH COMMANDS")
    for command in root.visibleSubcommands {
        page += commandSection(command, path: [root.name])
    }
    page += proseSection("EXIT STATUS", ManPageProse.exitStatus)
    page += proseSection("FILES", ManPageProse.files)
    page += proseSection("ENVIRONMENT", ManPageProse.environment)
    page.append(".SH EXAMPLES")
    for (what, command) in ManPageProse.examples {
        page += [".PP", roffText(what), ".PP", ".RS", ".EX", roffText(command), ".EE", ".RE"]
    }
    page += [".SH SEE ALSO", ".BR tesseract (1),", ".BR spd\\-say (1),", ".BR brltty (1)"]
    return page.joined(separator: "\n") + "\n"
}

/// One subcommand and, below it, its own subcommands (`products import`).
private func commandSection(_ command: CommandSpec, path: [String]) -> [String] {
    let path = path + [command.name]
    // The usage line unhyphenated and ragged, so no option name is split across lines.
    let usage = usageLine(root: Sensecam.root, path: path).dropFirst(path.joined(separator: " ").count)
    var lines = [".SS", roffText(path.joined(separator: " ")), ".nh", ".ad l",
                 "\\fB\(roffText(path.joined(separator: " ")))\\fR\(roffText(String(usage)))", ".ad", ".hy",
                 ".PP", roffText(command.abstract)]
    if !command.aliases.isEmpty {
        lines += [".PP", roffText("Also spelled " + command.aliases.joined(separator: ", ") + ".")]
    }
    if let discussion = command.discussion {
        for paragraph in discussion.split(separator: "\n") { lines += [".PP", roffText(String(paragraph))] }
    }
    for argument in command.arguments {
        lines += [".TP", "\\fI\(roffText(argument.label))\\fR", roffText(argument.help)]
    }
    lines += optionList(command.options)
    for sub in command.visibleSubcommands {
        lines += commandSection(sub, path: path)
    }
    return lines
}

private func optionList(_ options: [OptionSpec]) -> [String] {
    options.flatMap { option -> [String] in
        var name = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\(roffText(option.long))\\fR"
        if let value = option.valueName { name += " \\fI\(roffText(value))\\fR" }
        var help = option.help
        if let allowed = option.allowedValues { help += " Values: " + allowed.joined(separator: ", ") + "." }
        if let value = option.defaultValue { help += " Default: " + value + "." }
        if option.isRequired { help += " Required." }
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
