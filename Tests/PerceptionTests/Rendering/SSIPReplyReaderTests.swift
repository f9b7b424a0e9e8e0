// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Testing

/// The speech client's reader of what speech-dispatcher sends: SSIP's replies and events are
/// read whole, however the socket hands the bytes over; anything else breaks the protocol
/// (the connection is then given up, never the process), and memory stays bounded.
@Suite struct SSIPReplyReaderTests {
    static let handshake = "208 OK CLIENT NAME SET\r\n240-7\r\n240 OK CLIENT ID SENT\r\n"
    static let queued = "225-41\r\n225 OK MESSAGE QUEUED\r\n"
    static let end = "702-41\r\n702-7\r\n702 END\r\n"

    @Test(arguments: [0, 1, 2, 3, 7, 64])
    func repliesAndEventsAreReadWholeInAnyPieces(piece: Int) {
        #expect(SSIPReplyReading(Self.handshake + Self.queued + Self.end, piece: piece)
                == SSIPReplyReading(replies: 3, events: 1, broke: false, cutShort: false))
    }

    /// An event between the two lines of a reply is read apart from it: both are whole.
    @Test func anEventInsideAReplyIsReadApart() {
        #expect(SSIPReplyReading("225-41\r\n" + Self.end + "225 OK MESSAGE QUEUED\r\n", piece: 1)
                == SSIPReplyReading(replies: 1, events: 1, broke: false, cutShort: false))
    }

    /// What libspeechd exited the process on, and other bytes that are not SSIP.
    @Test(arguments: ["050 OK\r\n", "Hello\r\n", "600 WHAT\r\n", "999 CLIENT GONE\r\n", "22\r\n", "225x41\r\n",
                      "225-41\r\n226 OK\r\n", "\r\n"])
    func whatIsNotSSIPBreaksTheProtocol(text: String) {
        #expect(SSIPReplyReading(Self.handshake + text).broke)
    }

    /// A line longer than any reply's is refused at its limit, not gathered: libspeechd exited
    /// the process on one over 20 KB; here even 64 MB cost only the limit.
    @Test func aLineThatNeverEndsBreaksTheProtocolAtItsLimit() {
        let line = "225-" + String(repeating: "9", count: 4090)
        #expect(!SSIPReplyReading(line + "\r\n").broke)
        #expect(SSIPReplyReading(line + "99\r\n").broke)
        let huge = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 20)
        #expect(huge.withUnsafeBytes { SSIPReplyReading($0, piece: 65536) }.broke)
    }

    @Test func aReplyCutShortIsSeen() {
        #expect(SSIPReplyReading("225-41\r\n").cutShort)
        #expect(SSIPReplyReading("225 OK MESS").cutShort)
        #expect(!SSIPReplyReading(Self.queued).cutShort)
    }
}

/// The reader's outcome never depends on how the socket splits the bytes: pieces of SSIP's own
/// tokens, shuffled into streams that are sometimes SSIP and mostly not, read the same whole,
/// byte by byte, and in odd pieces.
@Suite struct SSIPReplyReaderSplitTests {
    static let tokens = ["225", "702", "050", "999", "-", " ", "41", "OK", "\r\n", "\n", "\r", ".", "x", "\u{0}", "7"]

    @Test func theSameStreamReadsTheSameInAnyPieces() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &generator)
            let stream = (0..<count).map { _ in Self.tokens.randomElement(using: &generator)! }.joined()
            let whole = SSIPReplyReading(stream)
            for piece in [1, 2, 5, 13] {
                #expect(SSIPReplyReading(stream, piece: piece) == whole, "\(stream.debugDescription) in pieces of \(piece)")
            }
        }
    }
}
