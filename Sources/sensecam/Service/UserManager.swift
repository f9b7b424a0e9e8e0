// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Modes
import Options

/// The current user's systemd manager, reached through `systemctl --user` with the
/// command's environment (so a test's private runtime folder reaches no real manager).
/// In a container or CI nothing answers, which is an ordinary outcome, not a failure.
struct UserManager {
    let environment: [String: String]

    /// The systemctl on the environment's PATH, else the usual places; nil when there is none.
    var systemctl: String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return folders.map { $0 + "/systemctl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Makes the manager read the unit folders again; false when no manager answered.
    func reload() -> Bool {
        run(["daemon-reload"])?.status == 0
    }

    /// The cameras (`/dev/video0`) whose narration is running; nil when no manager answered.
    func runningCameras() -> [String]? {
        guard let result = run(["list-units", "--plain", "--no-legend", "--state=active", "sensecam@*.service"]),
              result.status == 0 else { return nil }
        return result.output.split(separator: "\n").compactMap { line in
            guard let unit = line.split(separator: " ").first, unit.hasPrefix("sensecam@"), unit.hasSuffix(".service") else {
                return nil
            }
            return "/dev/" + unit.dropFirst("sensecam@".count).dropLast(".service".count)
        }
    }

    /// Runs `systemctl --user ARGUMENTS`; nil when there is no systemctl or it could not start.
    /// Spawned and waited for directly rather than through Foundation's Process, whose run-loop
    /// wake-up can fail where socket pairs are scarce and leave the command waiting forever.
    private func run(_ arguments: [String]) -> (status: Int32, output: String)? {
        guard let systemctl else { return nil }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        defer { close(pipeEnds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        // "Failed to connect to bus" is what no manager looks like; said in our own words instead.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = ([systemctl, "--user", "--no-pager"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, systemctl, &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else { return nil }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally: its status; killed by a signal: 128 + the signal, as a shell says it.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
