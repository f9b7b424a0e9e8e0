// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Options
import Perception

/// One subcommand, as swift-argument-parser shapes them: its spec (name, abstract, arguments,
/// options), the checks that turn a parsed command line into its settings — a mistake is a
/// usage error (exit 64) said before anything is loaded — and the run.
package protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Reads and checks the command line; loads nothing.
    init(_ command: ParsedCommand) throws(UsageError)
    /// Exit status 0 on success; a `RuntimeFailure` ends it with status 1.
    func run(in context: SessionContext) throws -> Int32
    /// Where a narrating command's failure is said (spoken to a listener, as its narration
    /// would be); nil for the others, whose failures are printed.
    var narration: Settings? { get }
}

extension Command {
    package var narration: Settings? { nil }
}
