// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
import CameraTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// What one run of the built `sensecam` did: its exit status and everything it wrote.
struct SensecamRun: Sendable, CustomStringConvertible {
    var arguments: [String]
    /// The exit status; a run ended by a signal reports 128 + the signal, as a shell does.
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output split into lines, without the empty string after the final newline.
    var stdoutLines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Shown by failing expectations, so a failure names the command and what it said.
    var description: String {
        "sensecam \(arguments.joined(separator: " ")) → exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }
}

/// Why an end-to-end test cannot go on. Thrown, never skipped: a missing binary, model
/// or data folder, or a hung run, must show up as a failure in CI, with the fix in the message.
struct EndToEndFailure: Error, CustomStringConvertible {
    var description: String
}

/// Runs the `sensecam` executable that `swift test` built beside the test runner.
enum SensecamProcess {
    /// The package root, three folders above `Tests/sensecamTests/Support/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // sensecamTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The detector weights the tests use, passed as `SENSECAM_MODEL`: a scratch build folder
    /// (`--scratch-path`) is not inside the package, so the binary cannot find them itself.
    static var modelPath: String {
        if let path = ProcessInfo.processInfo.environment["SENSECAM_MODEL"], !path.isEmpty { return path }
        return packageRoot.appendingPathComponent("Models/yolox_nano.onnx").path
    }

    /// Fails the test (never skips it) when the model is not there.
    static func requireModel() throws {
        guard FileManager.default.fileExists(atPath: modelPath) else {
            throw EndToEndFailure(description:
                "The detector model \(modelPath) is missing; run 'make setup' (or set SENSECAM_MODEL) before the end-to-end tests.")
        }
    }

    /// Where to look for the binary: beside the test runner (`swift test` puts every product
    /// of the build in one folder), then the package's default build folder.
    static var executableCandidates: [URL] {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "", relativeTo: cwd).standardizedFileURL
        let bundle = Bundle.main.bundleURL.standardizedFileURL
        let folders = [
            runner.deletingLastPathComponent(),
            bundle,
            bundle.deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ]
        var seen = Set<String>()
        return folders.map { $0.appendingPathComponent("sensecam") }.filter { seen.insert($0.path).inserted }
    }

    static func executable() throws -> URL {
        let candidates = executableCandidates
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw EndToEndFailure(description:
                "The sensecam binary was not found (looked in \(candidates.map(\.path).joined(separator: ", "))); build it with 'swift build' before the end-to-end tests.")
        }
        return found
    }

    /// The environment every run starts from: this process's, plus the model location.
    /// `overrides` then sets variables, or removes those mapped to `nil`.
    static func environment(_ overrides: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SENSECAM_MODEL"] = modelPath
        // The tester's own settings file must not change what the tests see.
        environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "sensecam-tests-have-no-settings"
        // Nor the tester's locale the language: runs speak English unless a test says otherwise.
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        for (name, value) in overrides { environment[name] = value }
        return environment
    }

    /// Starts `sensecam arguments…` (or `program`, for the project's scripts) with standard
    /// input from /dev/null; its output is collected until it exits.
    static func start(_ arguments: [String], environment overrides: [String: String?] = [:],
                      workingDirectory: URL? = nil, program: URL? = nil) throws -> RunningSensecam {
        let process = Process()
        process.executableURL = try program ?? executable()
        process.arguments = arguments
        process.environment = environment(overrides)
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = FileHandle.nullDevice
        return try RunningSensecam(process: process, arguments: arguments)
    }

    /// Runs `sensecam arguments…` to completion. A run that outlives `timeout` seconds is
    /// killed and the test fails with the output so far.
    static func run(_ arguments: [String], environment overrides: [String: String?] = [:],
                    workingDirectory: URL? = nil, program: URL? = nil, timeout: TimeInterval = 120) throws -> SensecamRun {
        try start(arguments, environment: overrides, workingDirectory: workingDirectory, program: program)
            .wait(timeout: timeout)
    }
}

/// A `sensecam` process that has been started, with its output being drained on threads
/// of its own so a full pipe can never stall it.
final class RunningSensecam: Sendable {
    let arguments: [String]
    let pid: Int32
    private let process: Process
    private let exited = DispatchSemaphore(value: 0)
    private let stdout: PipeDrain
    private let stderr: PipeDrain

    fileprivate init(process: Process, arguments: [String]) throws {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        self.process = process
        self.arguments = arguments
        self.pid = process.processIdentifier
        stdout = PipeDrain(out.fileHandleForReading)
        stderr = PipeDrain(err.fileHandleForReading)
    }

    var isRunning: Bool { process.isRunning }

    /// Waits for the exit and the end of both output streams.
    func wait(timeout: TimeInterval = 120) throws -> SensecamRun {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(pid, SIGKILL)
            exited.wait()
            let partial = SensecamRun(arguments: arguments, status: -1, stdout: stdout.text(), stderr: stderr.text())
            throw EndToEndFailure(description: "Still running after \(Int(timeout)) s, so it was killed: \(partial)")
        }
        let status = process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus
            : process.terminationStatus
        return SensecamRun(arguments: arguments, status: status, stdout: stdout.text(), stderr: stderr.text())
    }
}

/// Reads one pipe to its end on a thread of its own (a blocking read must not sit on the
/// cooperative pool).
private final class PipeDrain: Sendable {
    private let collected = Mutex(Data())
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            let data = handle.readDataToEndOfFile()
            collected.withLock { $0 = data }
            finished.signal()
        }
        thread.start()
    }

    /// Everything written, once the writer has closed the pipe.
    func text() -> String {
        finished.wait()
        finished.signal()  // later calls return at once
        return String(decoding: collected.withLock { $0 }, as: UTF8.self)
    }
}

/// How many threads the process has now (its `/proc/<pid>/task` entries), or nil once it is gone.
func threadCount(pid: Int32) -> Int? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    return entries.count
}

/// The test data (`$SENSECAM_TEST_DATA`, else `.build/test-data`; see Tests/data/manifest.tsv).
enum SharedTestData {
    static var root: URL { TestDataSets.folder }

    /// The path of a data file, e.g. `detect/coco-val/images/000000000139.jpg`. When a set it is
    /// part of is not whole in the data folder the test is skipped, saying which set and how to
    /// get it; a file missing from a whole set fails the test.
    static func path(_ relative: String) throws -> String {
        try skip(because: TestDataSets.missing(for: relative))
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw EndToEndFailure(description: "Test data \(url.path) is missing; is it in Tests/data/manifest.tsv?")
        }
        return url.path
    }

    /// Skips the test unless these sets are whole, for a test that reads what is rendered from
    /// them (`make thing-photos`).
    static func requireSets(_ sets: String...) throws {
        try skip(because: TestDataSets.missing(sets: sets))
    }

    /// Skips the test unless every set of the manifest is whole (for a test that runs examples
    /// naming data files it does not list).
    static func requireEverySet() throws {
        try skip(because: TestDataSets.missing(sets: TestDataSets.files.keys.sorted()))
    }

    /// Cancels the running test, which Swift Testing reports as skipped, with `missing` as the
    /// reason. A cancelled case of a test with arguments is reported as passed, so such a test
    /// must name its sets in a `.needsTestData` trait instead, and is failed when it does not.
    static func skip(because missing: String?) throws {
        guard let missing else { return }
        if Test.current?.isParameterized == true {
            Issue.record(Comment(rawValue: missing + " This test takes arguments: mark it .needsTestData(…) with its sets."))
        }
        try Test.cancel(Comment(rawValue: missing))
    }
}

extension Trait where Self == ConditionTrait {
    /// For a suite or test that reads these sets of Tests/data/manifest.tsv: it runs when they are
    /// whole in the test data folder and is otherwise skipped with one line naming them.
    static func needsTestData(_ sets: String...) -> Self {
        let missing = TestDataSets.missing(sets: sets)
        return .enabled(if: missing == nil, Comment(rawValue: missing ?? ""))
    }
}

/// A fresh folder under the system's temporary folder, removed when `body` returns.
func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("sensecam-e2e-\(UUID().uuidString.prefix(8).lowercased())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
