// SPDX-License-Identifier: GPL-3.0-or-later
// A speech-dispatcher that hangs, for tests: a Unix socket that takes connections and does not
// answer, as a server does that hung opening its sound device.
import Foundation
import Glibc
import Synchronization

/// Listens on `DIR/speechd.sock` and takes every connection. `.silent` never answers anything;
/// `.silentAfterFirstMessage` answers SSIP as speech-dispatcher does (the replies libspeechd
/// reads: codes, the client id, the message id) until it has queued one message, and from then
/// on answers nothing on any connection, old or new: a server that answered at first and then
/// stopped. The connections stay open until `stop`.
public final class HangingSpeechServer: Sendable {
    public enum Behaviour: Sendable {
        case silent
        case silentAfterFirstMessage
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// For `SpeechDispatcherRenderer(address:)` and `SPEECHD_ADDRESS`.
    public let address: String
    public let behaviour: Behaviour
    private let socket: SpeechSocketListener

    private struct State {
        var silent = false
        /// Each SSIP command line received, in order, over every connection.
        var commands: [String] = []
        /// The texts queued before the server went silent.
        var queued: [String] = []
    }

    private let state: Mutex<State>

    public init(_ behaviour: Behaviour) throws(Failure) {
        self.behaviour = behaviour
        do { socket = try SpeechSocketListener(prefix: "sensecam-hanging-speechd") } catch { throw Failure(description: error.description) }
        address = socket.address
        state = Mutex(State(silent: behaviour == .silent))
        socket.start("hanging-speechd") { [self] connection in
            // A silent server reads nothing either: what clients send stays in the socket.
            if behaviour == .silentAfterFirstMessage { Thread { [self] in answer(connection) }.start() }
        }
    }

    /// Every SSIP command line the server received.
    public func commands() -> [String] { state.withLock { $0.commands } }

    /// The texts it queued (and answered with an id) before it went silent.
    public func queued() -> [String] { state.withLock { $0.queued } }

    /// How many connections it took.
    public func connectionCount() -> Int { socket.connectionCount }

    /// Closes the socket and every connection.
    public func stop() { socket.stop() }

    deinit { stop() }

    /// Answers one client's SSIP commands, a line at a time, until the server goes silent.
    private func answer(_ connection: Int32) {
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
                if state.withLock({ $0.silent }) { return }
                var reply: String
                if var text = receivingText {
                    guard line == "." else {
                        text.append(line)
                        receivingText = text
                        continue
                    }
                    receivingText = nil
                    let id = state.withLock { state -> Int in
                        state.queued.append(text.joined(separator: "\n"))
                        state.silent = true
                        return state.queued.count
                    }
                    reply = "225-\(id)\r\n225 OK MESSAGE QUEUED\r\n"
                } else {
                    state.withLock { $0.commands.append(line) }
                    let command = line.uppercased()
                    if command == "SPEAK" {
                        receivingText = []
                        reply = "230 OK RECEIVING DATA\r\n"
                    } else if command.hasPrefix("HISTORY GET CLIENT_ID") {
                        reply = "240-1\r\n240 OK CLIENT ID SENT\r\n"
                    } else if command == "QUIT" {
                        reply = "231 HAPPY HACKING\r\n"
                    } else {
                        reply = "200 OK\r\n"
                    }
                }
                let sent = reply.utf8CString.withUnsafeBytes { send(connection, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL)) }
                if sent < 0 { return }
            }
        }
    }
}
