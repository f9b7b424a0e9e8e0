// SPDX-License-Identifier: GPL-3.0-or-later
// A sound server of a test's own that plays into nothing at the real rate, so speech sent to it
// takes as long as a listener would take to hear it.
import Foundation
import Glibc

/// PulseAudio (Debian's pulseaudio) running for one test with only a null sink
/// (`module-null-sink`) and a native-protocol socket in a private folder. A null sink consumes
/// audio at its sample rate, as a sound card does: a sentence of two seconds takes two seconds to
/// play. ALSA's `null` device takes audio as fast as it comes (a two-second sentence "ends" in
/// 80 ms), so no sentence could ever be heard cut off there.
///
/// `pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=false
/// --load="module-null-sink sink_name=heard" --load="module-native-protocol-unix socket=DIR/pulse.sock
/// auth-anonymous=1"`, with HOME and XDG_RUNTIME_DIR in DIR; clients reach it through
/// `PULSE_SERVER=unix:DIR/pulse.sock` (`environment`).
public final class NullSinkSoundServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The folder holding its socket, runtime folder and log.
    public let directory: String
    /// What a client needs in its environment to play into this server.
    public var environment: [String: String] { ["PULSE_SERVER": "unix:" + socket] }
    private var socket: String { directory + "/pulse.sock" }
    private let process: ServerProcess

    /// Starts the server in `directory` (which must exist) and waits, at most `startTimeout`
    /// seconds, until it takes connections.
    public init(directory: String, startTimeout: Double = 10) throws(Failure) {
        self.directory = directory
        for name in ["pulse-home", "pulse-run"] {
            try? FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        let arguments = [
            "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "--use-pid-file=false",
            "--disable-shm=yes", "--load=module-null-sink sink_name=heard",
            "--load=module-native-protocol-unix socket=\(directory)/pulse.sock auth-anonymous=1",
        ]
        let environment = ["HOME": directory + "/pulse-home", "XDG_RUNTIME_DIR": directory + "/pulse-run"]
        do {
            process = try ServerProcess(executable: "pulseaudio", arguments: arguments, environment: environment,
                                        output: directory + "/pulseaudio.txt")
        } catch {
            throw Failure(description: "PulseAudio could not be started (\(error.reason)); install it with 'sudo apt install pulseaudio'.")
        }
        let deadline = Date().addingTimeInterval(startTimeout)
        while !FileManager.default.fileExists(atPath: socket) {
            guard process.isRunning, Date() < deadline else {
                let output = (try? String(contentsOfFile: directory + "/pulseaudio.txt", encoding: .utf8)) ?? ""
                process.terminate()
                throw Failure(description: "PulseAudio did not start its socket within \(startTimeout) s: \(output.suffix(1000))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    public func stop() {
        process.terminate()
    }
}
