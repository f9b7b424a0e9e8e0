// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import CVisionTestHooks
import Foundation
import Glibc
import Perception
import Synchronization

// The sandbox test's child process (Tests/sensecamTests/SandboxTests.swift): puts itself in the
// sandbox exactly as a batch run does, then tries what the sandbox forbids, on its main thread,
// on a thread started afterwards, and in a child process, and prints one JSON object saying what
// each attempt got (0: it worked; otherwise the errno). A test-only program: sensecam itself
// carries no such attempts.
//
//   sensecam-sandbox-probe --writable DIR --outside DIR --tcp-port N --unix-socket PATH [--landlock-only]
//
// --landlock-only applies Landlock alone (no seccomp filter), to show its own TCP rule at work.

struct Probe: Sendable {
    let writable: String
    let outside: String
    let port: UInt16
    let unixSocket: String
    let landlockOnly: Bool

    init?(_ arguments: [String]) {
        var options: [String: String] = [:]
        var landlockOnly = false
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "--landlock-only" { landlockOnly = true } else { options[String(name.dropFirst(2))] = rest.popFirst() }
        }
        guard let writable = options["writable"], let outside = options["outside"],
              let port = options["tcp-port"].flatMap(UInt16.init), let unixSocket = options["unix-socket"] else { return nil }
        (self.writable, self.outside, self.port, self.unixSocket, self.landlockOnly) = (writable, outside, port, unixSocket, landlockOnly)
    }

    /// Puts the process in the sandbox (or Landlock alone) and says what was applied.
    func confine() -> [String: Any] {
        guard landlockOnly else {
            let status = Sandbox(writable: [writable]).apply()
            return ["sandboxed": status.isSandboxed, "landlock_abi": status.landlockABI ?? 0, "seccomp": status.seccomp,
                    "sentence": status.sentence(.english)]
        }
        var applied = CVision_LandlockApplied()
        let path = strdup(writable)
        defer { free(path) }
        let list: [UnsafePointer<CChar>?] = [UnsafePointer(path)]
        let result = list.withUnsafeBufferPointer { list in
            callShim { CVision_landlock_restrict_writes(list.baseAddress, 1, Sandbox.devices, &applied, $0, $1) }
        }
        return ["landlock_abi": Int(applied.abi), "refuses_tcp": applied.refuses_tcp != 0, "error": result.message]
    }

    /// The errno of a failed call, 0 for success.
    static func outcome(_ result: Int32) -> Int { result < 0 ? Int(errno) : 0 }

    func writeFile(_ path: String) -> Int {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return Int(errno) }
        defer { close(fd) }
        return Self.outcome(Int32(write(fd, "picture", 7)))
    }

    func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    func tcpConnect() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return Int(errno) }
        defer { close(fd) }
        var address = loopback(port)
        return Self.outcome(withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        })
    }

    func udpSend() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return Int(errno) }
        defer { close(fd) }
        var address = loopback(port)
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, "picture", 7, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return sent < 0 ? Int(errno) : 0
    }

    func socketOf(_ domain: Int32, _ type: Int32) -> Int {
        let fd = socket(domain, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return Int(errno) }
        close(fd)
        return 0
    }

    func unixConnect() -> Int {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return Int(errno) }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in unixSocket.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        return Self.outcome(withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        })
    }

    /// A program the run starts inherits the sandbox: the shell's own redirection and bash's
    /// /dev/tcp. Spawned directly: Foundation's Process waits through a CFSocket, whose wakeup
    /// pair on Linux is a loopback UDP socket the filter refuses.
    func childExitStatus(_ script: String) -> Int {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/bash", "-c", script].map { (word: String) in strdup(word) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Int((status >> 8) & 0xff)
    }

    /// Every attempt, named; `label` keeps the files of the two threads apart.
    func attempts(_ label: String) -> [String: Int] {
        let inside = "\(writable)/inside-\(label).txt"
        var results = [
            "write_inside": writeFile(inside),
            "write_outside": writeFile("\(outside)/outside-\(label).txt"),
            "make_folder_outside": Self.outcome(mkdir("\(outside)/folder-\(label)", 0o755)),
        // In /dev only existing devices open for writing; nothing new appears in /dev/shm.
        "write_device": writeFile("/dev/null"),
        "make_in_dev_shm": writeFile("/dev/shm/sensecam-probe-\(getpid())-\(label)"),
            "tcp_connect": tcpConnect(),
            "udp_send": udpSend(),
            "tcp6_socket": socketOf(AF_INET6, Int32(SOCK_STREAM.rawValue)),
            "netlink_socket": socketOf(AF_NETLINK, Int32(SOCK_RAW.rawValue)),
            "unix_connect": unixConnect(),
            "io_uring_setup": Int(CVision_test_io_uring_setup()),
        ]
        // espeak-ng still loads its voice and synthesizes inside the sandbox (into a file there).
    let speech = "\(writable)/speech-\(label).wav"
    results["espeak_wav"] = (try? EspeakRenderer.synthesize("Probably a person.", settings: SpeechSettings(), toWAV: speech)) != nil
        ? 0 : -1
    // A picture written inside must not be moved out either (Landlock's refer right).
        results["move_outside"] = Self.outcome(rename(inside, "\(outside)/moved-\(label).txt"))
        return results
    }
}

guard let probe = Probe(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("usage: sensecam-sandbox-probe --writable DIR --outside DIR --tcp-port N --unix-socket PATH [--landlock-only]\n".utf8))
    exit(64)
}
let threadsBefore = ProcessStatus.current().threads
let applying = MonotonicClock.now()
var report: [String: Any] = ["threads_before": threadsBefore, "sandbox": probe.confine()]
report["apply_seconds"] = MonotonicClock.now().seconds(since: applying)
report["main_thread"] = probe.attempts("main")
let later = Mutex<[String: Int]>([:])
let finished = DispatchSemaphore(value: 0)
Thread {
    let results = probe.attempts("later")
    later.withLock { $0 = results }
    finished.signal()
}.start()
finished.wait()
report["later_thread"] = later.withLock { $0 }
report["child"] = [
    "write_outside": probe.childExitStatus("echo picture > '\(probe.outside)/child.txt'"),
    "tcp_connect": probe.childExitStatus("echo picture > /dev/tcp/127.0.0.1/\(probe.port)"),
]
let status = ProcessStatus.current()
report["proc_status"] = ["seccomp": status.seccompMode, "seccomp_filters": status.seccompFilters,
                         "no_new_privs": status.noNewPrivileges, "threads": status.threads]
let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
report["task_seccomp"] = tasks.compactMap { ProcessStatus.read("/proc/self/task/\($0)/status")?.seccompMode }
let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
FileHandle.standardOutput.write(data + Data("\n".utf8))
