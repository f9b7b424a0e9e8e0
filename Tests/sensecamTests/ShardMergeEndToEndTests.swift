// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 7: a batch split into shards (`--shard K/N`, as a cluster job array runs it) and
/// joined with `merge` gives exactly the file one full run writes.
@Suite(.serialized)
struct ShardMergeEndToEndTests {
    /// The sources of a JSON Lines file, in file order.
    static func sources(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(record["error"] == nil, "\(line)")
            return try #require(record["source"] as? String, "\(line)")
        }
    }

    @Test func threeShardsMergedEqualOneFullRun() throws {
        try SensecamProcess.requireModel()
        let data = URL(fileURLWithPath: try SharedTestData.path("detect/coco-val/images"))
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".jpg") }.sorted().prefix(12)
        #expect(names.count == 12)
        try withTemporaryFolder { folder in
            let images = folder.appendingPathComponent("images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            for name in names {
                try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: images.appendingPathComponent(name))
            }
            // Relative paths from the temporary folder: the records (and the shard each path
            // hashes to) do not depend on the folder's random name.
            func batch(_ extra: [String], out: String) throws {
                let run = try SensecamProcess.run(["batch", "images", "--mode", "aware", "--out", out] + extra,
                                                  workingDirectory: folder, timeout: 300)
                #expect(run.status == 0, "\(run)")
            }
            try batch([], out: "full.jsonl")
            for shard in 1...3 { try batch(["--shard", "\(shard)/3"], out: "part-\(shard).jsonl") }

            let expected = names.map { "images/\($0)" }
            let full = try Self.sources(folder.appendingPathComponent("full.jsonl"))
            #expect(full == expected, "a full run writes every image in sorted path order")
            let shards = try (1...3).map { try Self.sources(folder.appendingPathComponent("part-\($0).jsonl")) }
            let counts = shards.map(\.count)
            #expect(counts.reduce(0, +) == expected.count, "shards are disjoint: \(shards)")
            #expect(Set(shards.joined()) == Set(expected), "their union is every input, none missing: \(shards)")
            for shard in shards { #expect(shard == expected.filter(shard.contains), "a shard keeps the full run's order") }

            let merge = try SensecamProcess.run(["merge", "part-1.jsonl", "part-2.jsonl", "part-3.jsonl", "--out", "merged.jsonl"],
                                                workingDirectory: folder)
            #expect(merge.status == 0, "\(merge)")
            #expect(merge.stderrLines == ["Merged 3 files: 12 records."], "\(merge)")
            let merged = try Data(contentsOf: folder.appendingPathComponent("merged.jsonl"))
            let single = try Data(contentsOf: folder.appendingPathComponent("full.jsonl"))
            #expect(merged == single, "the merged file equals the full run byte for byte")
        }
    }
}
