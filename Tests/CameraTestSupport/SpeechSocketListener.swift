// SPDX-License-Identifier: GPL-3.0-or-later
// The socket half of the fake speech-dispatchers: a Unix socket in a folder of its own, whose
// connections are taken on a thread and handed to the server; `stop` closes them all.
import Foundation
import Glibc
import Synchronization

/// Listens on `DIR/speechd.sock`, DIR a new temporary folder named from `prefix`.
final class SpeechSocketListener: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// For `SpeechDispatcherRenderer(address:)` and `SPEECHD_ADDRESS`.
    let address: String
    private let directory: String
    private let listener: Int32
    private let state = Mutex((connections: [Int32](), stopped: false))

    init(prefix: String) throws(Failure) {
        var bytes = Array((NSTemporaryDirectory() + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&bytes) else { throw Failure(description: "no temporary folder: \(String(cString: strerror(errno)))") }
        directory = String(cString: made)
        let path = directory + "/speechd.sock"
        address = "unix_socket:" + path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let name = Array(path.utf8CString)
        guard descriptor >= 0, name.count <= MemoryLayout.size(ofValue: socketAddress.sun_path) else {
            throw Failure(description: "no socket at \(path)")
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in name.withUnsafeBytes { raw.copyMemory(from: $0) } }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw Failure(description: "cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
        listener = descriptor
    }

    /// Takes connections on a thread named `name`, each kept until `stop` and given to `serve`.
    func start(_ name: String, serve: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                let keep = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.connections.append(connection)
                    return true
                }
                guard keep else {
                    close(connection)
                    return
                }
                serve(connection)
            }
        }
        thread.name = name
        thread.start()
    }

    /// How many connections it took.
    var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Closes the socket and every connection, and removes the folder.
    func stop() {
        let open = state.withLock { state -> [Int32] in
            guard !state.stopped else { return [] }
            state.stopped = true
            return state.connections + [listener]
        }
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
