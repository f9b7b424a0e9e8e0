// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
import Perception
@testable import sensecam

// The man page and the completions are generated from the command table; these tests make
// sure the committed copies are what the generator makes now, and that everything `--help`
// lists reaches each of them.

/// The committed file beside its format, and what the generator makes for it.
private let committed: [(format: String, path: String, generated: String)] = [
    ("man", "docs/man/sensecam.1", manPage(root: Sensecam.root, version: Version.current, wording: .english)),
    ("bash", "docs/completions/sensecam.bash", bashCompletion(root: Sensecam.root)),
    ("zsh", "docs/completions/_sensecam", zshCompletion(root: Sensecam.root)),
    ("fish", "docs/completions/sensecam.fish", fishCompletion(root: Sensecam.root)),
]

/// What one `--help` lists: its long and short options and its subcommands, read from the
/// printed text rather than the table, so the test checks what a user is shown.
private struct HelpListing {
    var path: [String]
    var options: [String] = []
    var subcommands: [String] = []

    init(path: [String]) {
        self.path = path
        var section = ""
        for line in helpText(root: Sensecam.root, path: path, wording: .english).split(separator: "\n", omittingEmptySubsequences: false) {
            // A blank line ends a section (the "See 'sensecam help …'" line is after one).
            if line.isEmpty { section = "" }
            if !line.hasPrefix(" "), line.hasSuffix(":") { section = String(line) }
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            let label = line.dropFirst(2).prefix { $0 != " " }
            switch section {
            case "OPTIONS:":
                // "-j, --jobs <n>" or "--json": every dashed word before the help text.
                let head = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
                options += head.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init).filter { $0.hasPrefix("-") }
            case "SUBCOMMANDS:":
                subcommands.append(String(label))
            default:
                break
            }
        }
    }
}

/// Every help page a user can reach: the root's and each listed subcommand's, recursively.
private func everyHelp() -> [HelpListing] {
    func walk(_ path: [String]) -> [HelpListing] {
        let listing = HelpListing(path: path)
        return [listing] + listing.subcommands.flatMap { walk(path + [$0]) }
    }
    return walk(["sensecam"])
}

@Suite struct GeneratedDocsTests {
    @Test(arguments: committed.map(\.format))
    func committedFileIsWhatTheGeneratorMakesNow(format: String) throws {
        let entry = try #require(committed.first { $0.format == format })
        let url = SensecamProcess.packageRoot.appendingPathComponent(entry.path)
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == entry.generated, "\(entry.path) is out of date; run 'make docs' and commit it.")
    }

    @Test func theBinaryPrintsWhatTheGeneratorMakes() throws {
        for entry in committed {
            let run = try SensecamProcess.run(["generate-docs", entry.format])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == entry.generated, "generate-docs \(entry.format) differs from the generator")
        }
    }

    @Test func anUnknownFormatIsAUsageErrorNamingTheFormats() throws {
        let run = try SensecamProcess.run(["generate-docs", "html"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("man, bash, zsh, fish"), "\(run)")
    }

    @Test func helpReachesEverySubcommandTheTableHas() {
        let helped = Set(everyHelp().map { $0.path.joined(separator: " ") })
        let documented = Set(visibleCommands(Sensecam.root).map { $0.path.joined(separator: " ") })
        #expect(helped == documented)
        #expect(helped.contains("sensecam products import"))
    }

    @Test func everyOptionAndSubcommandInHelpIsInTheManPage() {
        let page = manPage(root: Sensecam.root, version: Version.current, wording: .english)
        let headings = manPageHeadings(page)
        for help in everyHelp() {
            let command = help.path.joined(separator: " ")
            if help.path.count > 1 {
                #expect(headings.contains(roffText(command)), "the man page has no section for '\(command)'")
            }
            for option in help.options {
                #expect(page.contains("\\fB" + roffText(option) + "\\fR"), "the man page lacks \(option) of '\(command)'")
            }
        }
    }

    @Test func everyOptionInHelpIsInTheZshFunctionOfItsCommand() throws {
        let script = zshCompletion(root: Sensecam.root)
        for help in everyHelp() {
            let function = "_" + help.path.joined(separator: "_").replacingOccurrences(of: "-", with: "_") + "() {"
            let body = try #require(script.components(separatedBy: "\n" + function).dropFirst().first?
                .components(separatedBy: "\n}\n").first, "no \(function) in the zsh completion")
            for option in help.options {
                #expect(body.contains(option), "zsh's \(function) lacks \(option)")
            }
            for sub in help.subcommands {
                #expect(body.contains("'\(sub):"), "zsh's \(function) does not offer \(sub)")
            }
        }
    }

    /// An example a reader copies must be a command line the tool accepts.
    @Test(arguments: ManPageProse.examples(.english).map(\.command))
    func everyExampleParses(example: String) throws {
        let words = example.split(separator: " ").map(String.init)
        #expect(words.first == Sensecam.root.name)
        guard case .run(let parsed) = try parse(Array(words.dropFirst()), root: Sensecam.root) else {
            Issue.record("\(example) does not parse to a command to run")
            return
        }
        // The command's own checks of its options, which run before anything is loaded.
        _ = try Sensecam.commandType(for: parsed).init(parsed)
    }

    @Test func theHiddenCommandIsLeftOutOfHelpSuggestionsAndDocs() throws {
        let hidden = GenerateDocsCommand.spec.name
        #expect(!helpText(root: Sensecam.root, path: ["sensecam"], wording: .english).contains(hidden))
        #expect(!everyHelp().contains { $0.subcommands.contains(hidden) })
        #expect(!manPageHeadings(manPage(root: Sensecam.root, version: Version.current, wording: .english)).contains { $0.contains(roffText(hidden)) })
        #expect(!zshCompletion(root: Sensecam.root).contains("'\(hidden):"))
        // Named, it still runs (make docs needs it); a near miss is not steered towards it.
        let run = try SensecamProcess.run(["generate-doc"])
        #expect(run.status == 64, "\(run)")
        #expect(!run.stderr.contains(hidden), "\(run)")
    }
}

/// The lines that follow each `.SS`: the man page's subcommand headings.
private func manPageHeadings(_ page: String) -> [String] {
    let lines = page.split(separator: "\n").map(String.init)
    return zip(lines, lines.dropFirst()).filter { $0.0 == ".SS" }.map(\.1)
}
