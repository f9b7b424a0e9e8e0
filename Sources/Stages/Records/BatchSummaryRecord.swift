// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Capture
import Narration

/// The `--summary` file of a batch: one JSON object. Fields are described in docs/records.md.
extension BatchSummary {
    /// `{"inputs", "images", "videos", "frames", "failed", "skipped", "passed_over", "excluded",
    /// "resumed", "processed", "records", "seconds", "records_per_second", "jobs", "shard",
    /// "sandbox"}`, in that order; "passed_over" counts by reason `{"special_files",
    /// "broken_links", "folder_links", "unreadable", "hidden"}`.
    /// The sandbox's reason is worded in `wording`.
    public func json(excluded: Int, records: Int, seconds: Double, workers: Int, shard: Shard?,
                     sandbox: SandboxStatus? = nil, wording: Wording) -> JSONValue {
        .object([
            ("inputs", .integer(inputs)),
            ("images", .integer(images)),
            ("videos", .integer(videos)),
            ("frames", .integer(frames)),
            ("failed", .integer(failed)),
            ("skipped", .integer(skipped)),
            ("passed_over", .object([
                ("special_files", .integer(passedOver.specialFiles)),
                ("broken_links", .integer(passedOver.brokenLinks)),
                ("folder_links", .integer(passedOver.folderLinks)),
                ("unreadable", .integer(passedOver.unreadable)),
                ("hidden", .integer(passedOver.hidden)),
            ])),
            ("excluded", .integer(excluded)),
            ("resumed", .integer(resumed)),
            ("processed", .integer(inputs - resumed)),
            ("records", .integer(records)),
            ("seconds", .number(seconds, decimals: 3)),
            ("records_per_second", .number(seconds > 0 ? Double(records) / seconds : 0, decimals: 2)),
            ("jobs", .integer(workers)),
            ("shard", shard.map { .string($0.description) } ?? .null),
            ("sandbox", sandbox?.json(wording) ?? .null),
        ])
    }
}
