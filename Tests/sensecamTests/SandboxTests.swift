// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The kernel, not careful code, keeps pictures in the process: a sandboxed run cannot open a
/// TCP connection, nor write, make or move a file outside its outputs, on any thread or in a
/// program it starts, while local sockets (speech-dispatcher, BRLTTY) still connect. The probe
/// (Tests/SandboxProbe) applies the same `Sandbox` a run does and tries; /proc shows the filter
/// on every thread of a real `sensecam` run.
@Suite struct SandboxTests {
    /// The probe, built beside `sensecam`.
    static func probe() throws -> URL {
        let url = try SensecamProcess.executable().deletingLastPathComponent().appendingPathComponent("sensecam-sandbox-probe")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw EndToEndFailure(description: "The sandbox probe \(url.path) was not found; build it with 'swift build --build-tests'.")
        }
        return url
    }

    /// Fails (never skips) on a kernel the sandbox cannot use, saying so.
    static func requireLandlock() throws {
        guard Sandbox.kernelLandlockABI != nil else {
            throw EndToEndFailure(description: "This kernel has no Landlock (or it is switched off), so runs cannot be sandboxed; the sandbox tests need Linux 5.13 or later with Landlock enabled.")
        }
    }

    /// A listening socket, closed at the end: a TCP one on the loopback, or a local one at a path.
    final class Listener {
        let fd: Int32
        private(set) var port: UInt16 = 0

        init(tcp: Void) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            try #require(fd >= 0 && bound, "cannot listen on the loopback: errno \(errno)")
            port = UInt16(bigEndian: address.sin_port)
        }

        init(unix path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 && listen(fd, 8) == 0
                }
            }
            try #require(fd >= 0 && bound, "cannot listen on \(path): errno \(errno)")
        }

        /// Connections that reached the listener so far (each accepted and closed).
        func acceptedConnections() -> Int {
            var count = 0
            while case let client = accept(fd, nil, nil), client >= 0 {
                close(client)
                count += 1
            }
            return count
        }

        deinit { close(fd) }
    }

    /// What the probe reported, with the folders and listeners it ran against.
    struct ProbeRun {
        var report: [String: Any]
        var outside: URL
        var writable: URL
        var tcpConnections: Int
        var unixConnections: Int

        func attempts(_ place: String) throws -> [String: Int] {
            try #require(report[place] as? [String: Int], "\(report)")
        }
    }

    static func runProbe(landlockOnly: Bool = false) throws -> ProbeRun {
        try withTemporaryFolder { tmp in
            let writable = tmp.appendingPathComponent("outputs"), outside = tmp.appendingPathComponent("elsewhere")
            for folder in [writable, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let tcp = try Listener(tcp: ())
            let local = try Listener(unix: tmp.appendingPathComponent("speech.sock").path)
            let run = try SensecamProcess.run(
                ["--writable", writable.path, "--outside", outside.path, "--tcp-port", String(tcp.port),
                 "--unix-socket", tmp.appendingPathComponent("speech.sock").path] + (landlockOnly ? ["--landlock-only"] : []),
                program: try probe(), timeout: 60)
            try #require(run.status == 0, "\(run)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
            #expect(try String(contentsOf: writable.appendingPathComponent("inside-main.txt"), encoding: .utf8) == "picture")
            let speech = try FileManager.default.attributesOfItem(atPath: writable.appendingPathComponent("speech-main.wav").path)
            #expect((speech[.size] as? Int ?? 0) > 10_000, "a spoken sentence, not an empty file: \(speech)")
            let leftOutside = try FileManager.default.contentsOfDirectory(atPath: outside.path)
            return ProbeRun(report: report, outside: outside, writable: writable, tcpConnections: tcp.acceptedConnections(),
                            unixConnections: local.acceptedConnections())
                .checked(leftOutside: leftOutside)
        }
    }

    @Test func aSandboxedRunCannotConnectOrWriteOutsideItsOutputs() throws {
        try Self.requireLandlock()
        let probe = try Self.runProbe()
        let sandbox = try #require(probe.report["sandbox"] as? [String: Any], "\(probe.report)")
        #expect(sandbox["sandboxed"] as? Bool == true && sandbox["seccomp"] as? Bool == true, "\(sandbox)")
        #expect((sandbox["sentence"] as? String)?.hasPrefix("Sandboxed by the kernel: writes only to 1 output") == true, "\(sandbox)")
        #expect(probe.report["threads_before"] as? Int == 1, "applied before any other thread: \(probe.report)")
        // The same on the thread that applied it and on one started afterwards.
        for place in ["main_thread", "later_thread"] {
            let tried = try probe.attempts(place)
            #expect(tried["write_inside"] == 0 && tried["write_device"] == 0, "\(place): \(tried)")
            #expect(tried["unix_connect"] == 0, "\(place): local sockets still connect: \(tried)")
            #expect(tried["espeak_wav"] == 0, "\(place): espeak-ng still speaks: \(tried)")
            for refused in ["write_outside", "make_folder_outside", "make_in_dev_shm", "tcp_connect", "udp_send", "tcp6_socket", "netlink_socket"] {
                #expect(tried[refused] == Int(EACCES), "\(place) \(refused): \(tried)")
            }
            #expect(tried["io_uring_setup"] == Int(EPERM), "\(place): \(tried)")
            // A picture written inside cannot be carried out by a rename either.
            #expect(tried["move_outside"] == Int(EACCES), "\(place): \(tried)")
        }
        // A program the run starts is in the same sandbox.
        let child = try #require(probe.report["child"] as? [String: Int], "\(probe.report)")
        #expect(child["write_outside"] != 0 && child["tcp_connect"] != 0, "\(child)")
        #expect(probe.tcpConnections == 0, "no TCP connection reached the listener")
        #expect(probe.unixConnections == 2, "one local connection from each thread")
        // The kernel's own account: a seccomp filter on every thread, and no way back to privileges.
        let status = try #require(probe.report["proc_status"] as? [String: Any], "\(probe.report)")
        #expect(status["seccomp"] as? Int == 2 && (status["seccomp_filters"] as? Int ?? 0) >= 1, "\(status)")
        #expect(status["no_new_privs"] as? Bool == true, "\(status)")
        let tasks = try #require(probe.report["task_seccomp"] as? [Int], "\(probe.report)")
        #expect(!tasks.isEmpty && tasks.allSatisfy { $0 == 2 }, "\(tasks)")
    }

    /// Landlock alone already refuses TCP (ABI 4 and later) and the writes; UDP gets through it,
    /// which is why the seccomp filter refuses every socket but a local one.
    @Test func landlockAloneRefusesTCPButNotUDP() throws {
        try Self.requireLandlock()
        let probe = try Self.runProbe(landlockOnly: true)
        let sandbox = try #require(probe.report["sandbox"] as? [String: Any], "\(probe.report)")
        let abi = try #require(sandbox["landlock_abi"] as? Int, "\(sandbox)")
        let tried = try probe.attempts("later_thread")
        #expect(tried["write_inside"] == 0 && tried["write_outside"] == Int(EACCES), "\(tried)")
        if abi >= 4 {
            #expect(sandbox["refuses_tcp"] as? Bool == true, "\(sandbox)")
            #expect(tried["tcp_connect"] == Int(EACCES), "\(tried)")
        }
        #expect(tried["udp_send"] == 0 && tried["tcp6_socket"] == 0, "no seccomp filter here: \(tried)")
        let status = try #require(probe.report["proc_status"] as? [String: Any], "\(probe.report)")
        #expect(status["seccomp"] as? Int == 0 && status["no_new_privs"] as? Bool == true, "\(status)")
    }

    /// A real run: once the video plays, every thread of the process carries the seccomp filter
    /// and no_new_privs, its narration still arrives, and it says nothing about the sandbox.
    @Test func aRealVideoRunShowsTheFilterOnEveryThread() throws {
        try Self.requireLandlock()
        try SensecamProcess.requireModel()
        // At the video's own pace (3 s), so the process is there to look at.
        let running = try SensecamProcess.start(["aware", "--video", try SharedTestData.path("video/walk.mkv"),
                                                 "--output", "jsonl"])
        var seen: [ProcessStatus] = []
        let deadline = Date().addingTimeInterval(20)
        while running.isRunning, Date() < deadline {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.pid)/task")) ?? []
            let statuses = tasks.compactMap { ProcessStatus.read("/proc/\(running.pid)/task/\($0)/status") }
            if statuses.count > 2 {  // the engine's threads have started
                seen = statuses
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let run = try running.wait(timeout: 120)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdoutLines.contains { $0.contains("\"kind\":\"objects\"") }, "\(run)")
        #expect(seen.count > 2, "the run's threads were never seen")
        #expect(seen.allSatisfy { $0.seccompMode == 2 && $0.seccompFilters >= 1 && $0.noNewPrivileges },
                "every thread filtered: \(seen)")
    }

    /// A sandboxed video run still speaks through speech-dispatcher (a local socket): every
    /// sentence it prints without a profile arrives at the server (a sentence at a time), and
    /// nothing else is said.
    @Test func aSandboxedVideoRunStillSpeaksThroughSpeechDispatcher() throws {
        try Self.requireLandlock()
        try SensecamProcess.requireModel()
        let video = try SharedTestData.path("video/walk.mkv")
        let printed = try SensecamProcess.run(["aware", "--video", video, "--every-frame"])
        #expect(printed.status == 0 && printed.stdoutLines.count >= 2, "\(printed)")
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", "--video", video, "--every-frame", "--profile", "blind"],
                                          environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run)")
        // A moment's narration printed as one line is spoken a sentence at a time.
        let sentences = printed.stdoutLines.flatMap { line -> [String] in
            let parts = line.components(separatedBy: ". ")
            return parts.dropLast().map { $0 + "." } + parts.suffix(1)
        }
        #expect(server.waitForQueued(sentences.count, timeout: 10), "\(server.log.suffix(3000))")
        #expect(server.queued().map(\.text) == sentences, "\(server.log.suffix(3000))")
    }

    /// A sandboxed `scan --video` still looks codes up in the products database, whose
    /// write-ahead log SQLite keeps beside it even to read: its folder is among the writable.
    @Test func aSandboxedScanStillReadsTheProductsDatabase() throws {
        try Self.requireLandlock()
        try withTemporaryFolder { folder in
            let export = folder.appendingPathComponent("products.csv").path
            try OpenFoodFactsFixture.write(.tabSeparated, to: export, generated: 10)
            let database = folder.appendingPathComponent("db/products.sqlite").path
            let imported = try SensecamProcess.run(["products", "import", export, "--products-db", database])
            #expect(imported.status == 0, "\(imported)")
            // A second of the UPC-A photo (036602301467, the fixture's peanut butter) as a video.
            let video = folder.appendingPathComponent("upc.mp4").path
            let made = try SensecamProcess.run(
                ["-v", "error", "-loop", "1", "-i", try SharedTestData.path("barcode/upc_a__upca-1_2.png"), "-t", "1", "-r", "10",
                 "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-pix_fmt", "yuv420p", video],
                program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
            try #require(made.status == 0, "ffmpeg could not make the video: \(made)")
            let run = try SensecamProcess.run(["scan", "--video", video, "--every-frame", "--products-db", database])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.isEmpty, "sandboxed, so nothing said about it: \(run)")
            #expect(run.stdoutLines.contains { $0.hasPrefix("Probably: Acme, Crunchy peanut butter") }, "\(run)")
        }
    }
}

extension SandboxTests.ProbeRun {
    /// Nothing at all may have appeared outside the outputs.
    func checked(leftOutside: [String]) -> Self {
        #expect(leftOutside.isEmpty, "written outside the outputs: \(leftOutside)")
        return self
    }
}
