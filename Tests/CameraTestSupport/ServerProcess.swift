// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// A server a test starts (speech-dispatcher, BRLTTY): spawned with its output in a file and
/// a fresh signal state — the test runner's blocked or ignored signals (SIGTERM among them)
/// would otherwise carry over, and `terminate` could not end it.
struct ServerProcess: Sendable {
    let pid: pid_t

    /// Starts `executable` with `arguments` (argv[0] first), the runner's environment plus
    /// `environment`, standard input from /dev/null and both outputs into `output`.
    /// Returns the `posix_spawn` error number on failure.
    init(executable: String, arguments: [String], environment: [String: String], output: String) throws(SpawnError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(reason: String(cString: strerror(result))) }
        self.pid = pid
    }

    struct SpawnError: Error {
        var reason: String
    }

    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// SIGKILL at once, as a crash ends a server (nothing is cleaned up), then reaps it.
    func killAbruptly() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// SIGTERM, then SIGKILL if it is still running after two seconds; reaps it either way.
    func terminate() {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
