// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// 1,000 paths shaped like a real batch: folders by year, camera file names.
private let paths: [String] = (0..<1_000).map { index in
    String(format: "photos/%d/IMG_%04d.%@", 2018 + index % 7, index, index % 5 == 0 ? "mp4" : "jpg")
}

@Suite struct ShardTests {
    @Test(arguments: [("1/1", 1, 1), ("2/4", 2, 4), ("4/4", 4, 4), ("1/3", 1, 3), ("10/10", 10, 10), ("07/12", 7, 12)])
    func parsesKOfN(text: String, index: Int, count: Int) throws {
        let shard = try Shard(parsing: text)
        #expect(shard.index == index && shard.count == count)
        #expect(shard.description == "\(index)/\(count)")
    }

    @Test(arguments: ["0/4", "5/4", "4", "/4", "1/", "a/b", "1/0", "0/0", "-1/4", "+1/4", " 1/4", "1/4 ", "1/4/8",
                      "1.0/4", "", "/", "٣/4", "1/99999999999999999999", "2 of 4"])
    func refusesAnythingElse(text: String) {
        #expect(throws: Shard.ParseError(text: text)) { try Shard(parsing: text) }
    }

    @Test func parseErrorIsOneSentenceWithAnExample() {
        let error = Shard.ParseError(text: "5/4")
        #expect(error.description == "'5/4' is not a shard; a shard must be K/N, two whole numbers with K from 1 to N, such as 2/4.")
    }

    /// The published FNV-1a 64 test vectors: the hash, and so every split, is fixed for good
    /// (not seeded per process like Swift's `Hasher`).
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func hashIsFNV1a64(text: String, hash: UInt64) {
        #expect(Shard.fnv1a64(text) == hash)
    }

    /// Pinned shares: a change to the hash or the modulus would move inputs between machines
    /// halfway through a batch.
    @Test func assignmentIsStableAcrossRuns() throws {
        let shards = try (1...4).map { try Shard(parsing: "\($0)/4") }
        let owner = { (path: String) in shards.firstIndex { $0.contains(path) }.map { $0 + 1 } }
        let pinned = paths.prefix(8).map(owner)
        #expect(pinned == Self.pinned.map(Optional.some), "\(pinned)")
        // The same answer computed again, from fresh values.
        #expect(paths.prefix(8).map(owner) == pinned)
    }
    /// Computed once with an independent FNV-1a implementation (Python) for paths[0..<8].
    static let pinned = [3, 1, 2, 4, 2, 4, 2, 4]

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func sharesAreDisjointAndCoverEverything(count: Int) throws {
        let shards = try (1...count).map { try Shard(parsing: "\($0)/\(count)") }
        for path in paths {
            #expect(shards.filter { $0.contains(path) }.count == 1, "\(path) is in exactly one of \(count) shards")
        }
        let union = shards.flatMap { shard in paths.filter(shard.contains) }
        #expect(union.sorted() == paths.sorted())
    }

    /// Each share is within 20 % of an even split of 1,000 paths.
    @Test(arguments: [2, 3, 4, 8, 10])
    func sharesAreRoughlyBalanced(count: Int) throws {
        let sizes = try (1...count).map { index in paths.filter(try Shard(parsing: "\(index)/\(count)").contains).count }
        let even = Double(paths.count) / Double(count)
        for (index, size) in sizes.enumerated() {
            #expect(abs(Double(size) - even) <= even * 0.2, "shard \(index + 1)/\(count) has \(size) of \(paths.count): \(sizes)")
        }
    }

    @Test func memberwiseRefusesOutOfRange() {
        #expect(Shard(index: 0, count: 3) == nil)
        #expect(Shard(index: 4, count: 3) == nil)
        #expect(Shard(index: 1, count: 0) == nil)
        #expect(Shard(index: 3, count: 3) != nil)
    }
}
