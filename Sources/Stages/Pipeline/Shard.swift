// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// One share of a batch split across machines or processes: `--shard K/N` keeps the inputs
/// whose path hashes to K - 1 modulo N. The hash is FNV-1a (64-bit) of the path's UTF-8 bytes,
/// exactly as the path is listed (and written as "source"), so the split is the same on every
/// run and every machine, needs no coordination, and the N shards together cover every input
/// exactly once.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// K, from 1 to `count`.
    public let index: Int
    /// N, at least 1.
    public let count: Int

    /// Why a `K/N` text is not a shard; `expected` completes "must be …" in a usage error.
    public struct ParseError: WordedError, Equatable {
        public var text: String
        public static let expected = MessageID.batchShardExpected
        public var message: Message { Message(.batchShardInvalid, ["text": .text(text), "expected": .message(Self.expected)]) }
    }

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, such as `2/4`; spaces, signs and anything else are refused.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]),
              let shard = Shard(index: index, count: count)
        else { throw ParseError(text: text) }
        self = shard
    }

    /// Whether the input at `path` (as listed) belongs to this shard.
    public func contains(_ path: String) -> Bool {
        Self.fnv1a64(path) % UInt64(count) == UInt64(index - 1)
    }

    /// FNV-1a, 64-bit, over the UTF-8 bytes: tiny, fast and fixed (Swift's own `Hasher` is
    /// seeded per process, so it would give a different split on every run).
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `K/N`, as typed.
    public var description: String { "\(index)/\(count)" }
}
