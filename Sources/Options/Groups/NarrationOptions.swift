// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// How awareness narrates: `--verbosity`, `--describe-every` and `--return-after`, for `aware`
/// and the awareness mode of `read` and `scan`.
public struct NarrationOptions: OptionGroup {
    /// Nil: the profile's, else normal.
    public var verbosity: Verbosity?
    public var describeEvery: Double?
    public var returnAfter = NarrationPolicy().returnAfterSeconds

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .choice(\.verbosity, "verbosity", value: "level", help: Message(.helpVerbosity)).defaulting(to: Message(.helpVerbosityDefault)),
        .number(\.describeEvery, "describe-every", value: "seconds", help: Message(.helpDescribeEvery), in: 1...3600),
        .number(\.returnAfter, "return-after", value: "seconds", help: Message(.helpReturnAfter), in: 0...3600),
    ]
}
