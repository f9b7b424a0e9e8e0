// SPDX-License-Identifier: GPL-3.0-or-later
import CVisionTestHooks

/// What the speech client's SSIP reply reader made of a server's bytes (the shim's own reader,
/// through its test hook): for the fuzz target and the tests.
public struct SSIPReplyReading: Sendable, Equatable {
    public var replies: Int
    public var events: Int
    /// The bytes broke the protocol: the client gives the connection up.
    public var broke: Bool
    /// The bytes ended in the middle of a line or a reply.
    public var cutShort: Bool

    public init(replies: Int, events: Int, broke: Bool, cutShort: Bool) {
        self.replies = replies
        self.events = events
        self.broke = broke
        self.cutShort = cutShort
    }

    /// Reads `bytes` handed over `piece` bytes at a time (0: at once).
    public init(_ bytes: UnsafeRawBufferPointer, piece: Int = 0) {
        let reading = CVision_ssip_read_replies(bytes.baseAddress, bytes.count, max(0, piece))
        self.init(replies: reading.replies, events: reading.events, broke: reading.broke != 0, cutShort: reading.cut_short != 0)
    }

    public init(_ text: String, piece: Int = 0) {
        self = Array(text.utf8).withUnsafeBytes { SSIPReplyReading($0, piece: piece) }
    }
}
