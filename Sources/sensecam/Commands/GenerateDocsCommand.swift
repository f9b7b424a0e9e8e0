// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// `generate-docs man|bash|zsh|fish`: the man page or a shell's completions, rendered from the
/// command table on standard output. Hidden: `make docs` runs it to refresh docs/, and the
/// package installs what it wrote; users read the results, not this command.
struct GenerateDocsCommand: Command {
    enum Format: String, CaseIterable {
        case man, bash, zsh, fish
    }

    static let spec = CommandSpec(
        name: "generate-docs",
        abstract: Message(.helpGenerateDocs),
        arguments: [ArgumentSpec(name: "format", help: Message(.helpGenerateDocsFormat))],
        isHidden: true)

    let format: Format

    init(_ command: ParsedCommand) throws(UsageError) {
        let given = command.argument("format") ?? ""
        guard let format = Format(rawValue: given) else {
            throw .notAllowed("<format>", value: given, allowed: Format.allCases.map(\.rawValue), path: command.path)
        }
        self.format = format
    }

    func run(in context: SessionContext) -> Int32 {
        let root = Sensecam.root
        let text = switch format {
        case .man: manPage(root: root, version: Version.current, wording: .english)
        case .bash: bashCompletion(root: root)
        case .zsh: zshCompletion(root: root)
        case .fish: fishCompletion(root: root)
        }
        // Console.print ends the line itself.
        context.console.print(String(text.dropLast()))
        return 0
    }
}
