// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// How awareness narrates: `--verbosity`, `--describe-every` and `--return-after`, for `aware`
/// and the awareness mode of `read` and `scan`; and `aware IMAGE --summary`.
public struct NarrationOptions: OptionGroup {
    /// Nil: the profile's, else normal.
    public var verbosity: Verbosity?
    public var describeEvery: Double?
    public var returnAfter = NarrationPolicy().returnAfterSeconds
    public var summary = false

    public init() {}

    public static let options: [GroupOption<Self>] = [
        .choice(\.verbosity, "verbosity", value: "level", help: Message(.helpVerbosity)).defaulting(to: Message(.helpVerbosityDefault)),
        .number(\.describeEvery, "describe-every", value: "seconds", help: Message(.helpDescribeEvery), in: 1...3600),
        .number(\.returnAfter, "return-after", value: "seconds", help: Message(.helpReturnAfter), in: 0...3600),
        .flag(\.summary, "summary", help: Message(.helpAwareSummary)),
    ]

    /// What the narrating commands declare, in place of the whole group's: all but `--summary`,
    /// which only `aware` adds (`summarySpec`), for its image.
    public static let specs = [option("verbosity").spec, option("describe-every").spec, option("return-after").spec]
    public static let summarySpec = option("summary").spec

    /// A summary sums up one image: the camera has the `d` key, a video `--describe-every`.
    public static let rules: [OptionRule] = [
        .refuse(["summary"], when: !.argument("image"), .usageSummaryNeedsImage),
    ]
}
