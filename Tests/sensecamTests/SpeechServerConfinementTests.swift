// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// A speech-dispatcher that sensecam starts itself runs under the sandbox's network rule from
/// before it runs (one it started used to reach 127.0.0.1:59125 through a speech module). The
/// server here is a script named by $SPEECHD_CMD, started as the real one would be, that tries a
/// TCP connection to a port this test listens on and writes down how it went.
@Suite(.serialized)
struct SpeechServerConfinementTests {
    /// A TCP listener on 127.0.0.1, on a port of the kernel's choosing.
    final class Listener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let made = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(made, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(made, $0, &length) }
            }
            descriptor = made
            port = Int(UInt16(bigEndian: address.sin_port))
            try #require(made >= 0 && bound == 0 && listen(made, 8) == 0, "no TCP listener: \(String(cString: strerror(errno)))")
        }

        deinit { close(descriptor) }
    }

    /// The stand-in server: its arguments, then "connected" or "refused" for a TCP connection
    /// to $PROBE_PORT, into $PROBE_OUT. It exits 1, as a server that could not start does.
    static let script = """
        #!/bin/bash
        echo "$*" > "$PROBE_OUT"
        if exec 3<>"/dev/tcp/127.0.0.1/$PROBE_PORT"; then echo connected >> "$PROBE_OUT"; else echo refused >> "$PROBE_OUT"; fi
        exit 1
        """

    static func writeScript(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("fake-speech-dispatcher").path
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// The script alone does reach the port: the refusal below is the rule's, not the script's.
    @Test func theStandInReachesThePortUnconfined() throws {
        try withTemporaryFolder { tmp in
            let listener = try Listener()
            let script = try Self.writeScript(in: tmp)
            let out = tmp.appendingPathComponent("probe.txt").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            process.arguments = ["--spawn"]
            process.environment = ["PROBE_PORT": String(listener.port), "PROBE_OUT": out, "PATH": "/usr/bin:/bin"]
            try process.run()
            process.waitUntilExit()
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "--spawn\nconnected\n")
        }
    }

    @Test func theServerSensecamStartsCannotMakeATCPConnection() throws {
        try withTemporaryFolder { tmp in
            let listener = try Listener()
            let script = try Self.writeScript(in: tmp)
            let out = tmp.appendingPathComponent("probe.txt").path
            let socket = tmp.appendingPathComponent("speechd.sock").path
            let path = try LightAndColourEndToEndTests.litFromTheLeft(in: tmp)
            let run = try SensecamProcess.run(["light", path, "--output", "speech"], environment: [
                "SPEECHD_ADDRESS": "unix_socket:" + socket, "SPEECHD_CMD": script,
                "PROBE_PORT": String(listener.port), "PROBE_OUT": out,
            ], timeout: 40)
            #expect(run.stdoutLines == ["Bright light, mostly from the left."], "\(run)")
            let probe = try String(contentsOfFile: out, encoding: .utf8)
            #expect(probe == "--spawn --communication-method unix_socket --socket-path \(socket)\nrefused\n", "\(run)")
        }
    }

    /// The real speech-dispatcher, started by sensecam where none runs (a runtime folder of the
    /// test's own), still starts and takes the sentence under the rule: the run speaks, prints
    /// nothing and ends 0, and the server's process carries the seccomp filter. It holds none of
    /// the run's descriptors: the run's output pipes close when the run ends, not when the
    /// server does. (Without a sound device the sentence never ends, so the run waits out its
    /// 30-second finish, as it did with libspeechd.)
    @Test func aRealServerStartedConfinedStillSpeaks() throws {
        try withTemporaryFolder { tmp in
            let runtime = tmp.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let path = try LightAndColourEndToEndTests.litFromTheLeft(in: tmp)
            let run = try SensecamProcess.run(["light", path, "--output", "speech"], environment: [
                "SPEECHD_ADDRESS": nil, "SPEECHD_CMD": nil, "XDG_RUNTIME_DIR": runtime.path, "HOME": tmp.path,
            ], timeout: 40)
            let pidFile = runtime.appendingPathComponent("speech-dispatcher/pid/speech-dispatcher.pid").path
            let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            // Killed outright: on a machine without sound its shutdown waits for its modules.
            defer { if let pid { kill(pid, SIGKILL) } }
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "" && run.stderr == "", "\(run)")
            let server = try #require(pid, "no server was started: \(run)")
            let status = try String(contentsOfFile: "/proc/\(server)/status", encoding: .utf8)
            #expect(status.contains("Seccomp:\t2"), "\(status)")
            #expect(status.contains("NoNewPrivs:\t1"), "\(status)")
        }
    }
}
