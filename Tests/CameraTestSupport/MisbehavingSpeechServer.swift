// SPDX-License-Identifier: GPL-3.0-or-later
// A speech-dispatcher that answers what is not SSIP, for tests: it speaks the protocol as the
// real server does until a chosen command, then misbehaves in one chosen way.
import Foundation
import Glibc
import Synchronization

/// Listens on `DIR/speechd.sock` and answers SSIP as speech-dispatcher does (client id, codes,
/// message ids, and an END notification for each message queued) until it receives the first
/// command that begins with `trigger` ("SPEAK", "SET"); that command, and every later one, gets
/// `misbehaviour`. The connections stay open until `stop` (unless the misbehaviour closes them).
public final class MisbehavingSpeechServer: Sendable {
    public enum Misbehaviour: String, Sendable, CaseIterable {
        /// "050 OK": a code SSIP does not have (libspeechd exited the process on it).
        case code050
        /// A line that is not a reply at all.
        case garbage
        /// Closes the connection instead of answering.
        case close
        /// The first line of a two-line reply, then the connection closes.
        case truncated
        /// One line of `hugeLineBytes` without an end (libspeechd exited the process on one over 20 KB).
        case hugeLine
        /// A reply with a whole END notification between its two lines: valid, and to be taken in stride.
        case eventInReply
    }

    public static let hugeLineBytes = 64 << 20

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// For `SpeechDispatcherRenderer(address:)` and `SPEECHD_ADDRESS`.
    public let address: String
    public let misbehaviour: Misbehaviour
    public let trigger: String
    private let socket: SpeechSocketListener

    private struct State {
        var triggered = false
        var commands: [String] = []
        var queued: [String] = []
        /// Bytes of the huge line the client took before it hung up.
        var hugeBytesSent = 0
        var hugeLineDone = false
    }

    private let state = Mutex(State())

    public init(_ misbehaviour: Misbehaviour, at trigger: String) throws(Failure) {
        self.misbehaviour = misbehaviour
        self.trigger = trigger
        do { socket = try SpeechSocketListener(prefix: "sensecam-misbehaving-speechd") } catch { throw Failure(description: error.description) }
        address = socket.address
        socket.start("misbehaving-speechd") { [self] connection in Thread { [self] in serve(connection) }.start() }
    }

    /// Every SSIP command line received, over every connection.
    public func commands() -> [String] { state.withLock { $0.commands } }
    /// The texts queued (answered with an id).
    public func queued() -> [String] { state.withLock { $0.queued } }
    /// Whether the trigger came.
    public func triggered() -> Bool { state.withLock { $0.triggered } }
    /// How much of the huge line the client took before it hung up, once it has (nil before).
    public func hugeLineTaken() -> Int? { state.withLock { $0.hugeLineDone ? $0.hugeBytesSent : nil } }

    public func stop() { socket.stop() }

    deinit { stop() }

    @discardableResult
    private func write(_ connection: Int32, _ text: String) -> Bool {
        text.utf8CString.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) } >= 0
    }

    /// Sends the huge line in pieces, counting what the client takes, until it stops taking it.
    private func sendHugeLine(_ connection: Int32) {
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
        var sent = 0
        while sent < Self.hugeLineBytes {
            let wrote = piece.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard wrote > 0 else { break }
            sent += wrote
            state.withLock { $0.hugeBytesSent = sent }
        }
        state.withLock { $0.hugeLineDone = true }
    }

    /// Misbehaves once triggered; false when the connection is to end.
    private func misbehave(_ connection: Int32) -> Bool {
        switch misbehaviour {
        case .code050: return write(connection, "050 OK\r\n")
        case .garbage: return write(connection, "Hello, this is not SSIP\r\n")
        case .close: return false
        case .truncated:
            write(connection, "225-1\r\n")
            return false
        case .hugeLine:
            sendHugeLine(connection)
            return true
        case .eventInReply: return true
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            shutdown(connection, Int32(SHUT_RDWR))
        }
        var pending = Data()
        var receivingText: [String]?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            pending.append(contentsOf: buffer[0..<count])
            while let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
                pending = Data(pending[(end + 1)...])
                if var text = receivingText {
                    guard line == "." else {
                        text.append(line)
                        receivingText = text
                        continue
                    }
                    receivingText = nil
                    let id = state.withLock { state -> Int in
                        state.queued.append(text.joined(separator: "\n"))
                        return state.queued.count
                    }
                    let end = "702-\(id)\r\n702-1\r\n702 END\r\n"
                    let reply = misbehaviour == .eventInReply && state.withLock({ $0.triggered })
                        ? "225-\(id)\r\n" + end + "225 OK MESSAGE QUEUED\r\n"
                        : "225-\(id)\r\n225 OK MESSAGE QUEUED\r\n" + end
                    guard write(connection, reply) else { return }
                    continue
                }
                let fires = state.withLock { state -> Bool in
                    state.commands.append(line)
                    if line.uppercased().hasPrefix(trigger) { state.triggered = true }
                    return state.triggered && misbehaviour != .eventInReply
                }
                if fires {
                    guard misbehave(connection) else { return }
                    continue
                }
                let command = line.uppercased()
                var reply = "200 OK\r\n"
                if command == "SPEAK" {
                    receivingText = []
                    reply = "230 OK RECEIVING DATA\r\n"
                } else if command.hasPrefix("HISTORY GET CLIENT_ID") {
                    reply = "240-1\r\n240 OK CLIENT ID SENT\r\n"
                } else if command == "QUIT" {
                    reply = "231 HAPPY HACKING\r\n"
                }
                guard write(connection, reply) else { return }
            }
        }
    }
}
