// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// How a long job shows its progress on standard error (`--progress`), for `batch` and
/// `products import`.
public struct ProgressOptions: OptionGroup {
    public var progress = ProgressReporter.Choice.auto

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .choice(\.progress, "progress", value: "style", help: Message(.helpBatchProgress)),
    ]
}
