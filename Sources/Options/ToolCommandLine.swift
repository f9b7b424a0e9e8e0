// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

extension CommandSpec {
    /// A one-command tool's command line (the benches'): parsed and checked into what `values`
    /// makes of it (the tool's option groups), or — for `--help` or a mistake — the help or the
    /// usage error said, and the process ended as `sensecam` ends it (0, or 64).
    public func parseOrExit<Values>(_ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
                                    wording: Wording = .english,
                                    into values: (ParsedCommand) throws(UsageError) -> Values) -> Values {
        do throws(UsageError) {
            switch try parse(arguments, root: self) {
            case .run(let command):
                return try values(command)
            case .help, .version:
                print(helpText(root: self, path: [name], wording: wording))
                exit(0)
            }
        } catch {
            FileHandle.standardError.write(Data((errorReport(error, root: self, wording: wording) + "\n").utf8))
            exit(64)
        }
    }
}
