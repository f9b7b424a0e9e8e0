import Foundation

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

    /// Runs `systemctl --user ARGUMENTS`; nil when there is no systemctl.
    private func run(_ arguments: [String]) -> (status: Int32, output: String)? {
        guard let systemctl else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: systemctl)
        process.arguments = ["--user", "--no-pager"] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        // "Failed to connect to bus" is what no manager looks like; said in our own words instead.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
