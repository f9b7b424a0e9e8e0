// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// A command that only groups subcommands (`products`, `service`): the parse reached one of
/// them (path[2]), and that one is checked and run. Bare `sensecam products` is a usage error.
protocol CommandGroup: Command {
    static var subcommands: [any Command.Type] { get }
    init(running command: any Command)
    var command: any Command { get }
}

extension CommandGroup {
    init(_ command: ParsedCommand) throws(UsageError) {
        guard command.path.count > 2, let type = Self.subcommands.first(where: { $0.spec.name == command.path[2] }) else {
            throw .missingSubcommand(path: command.path)
        }
        self.init(running: try type.init(command))
    }

    func run(in context: SessionContext) throws -> Int32 {
        try command.run(in: context)
    }
}
