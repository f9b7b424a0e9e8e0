// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// Every mode, by its command, in the order help and the `m` cycle list them: the one list a
/// new mode is added to. The tool's command table, help, man page and completions, `batch
/// --mode` and `bench --mode`, and a live session's cycle are all read from it.
package enum ModeList {
    package static let commands: [any ModeCommand.Type] = [
        AwareCommand.self, ReadCommand.self, FindCommand.self, ScanCommand.self, LightCommand.self, ColourCommand.self,
    ]

    /// Every mode there is: each command's modes, in order.
    package static let all: [Mode] = commands.flatMap { $0.modes }

    /// The modes `batch` and `bench` take.
    package static var batchModes: [Mode] { all.filter(\.batches) }
}
