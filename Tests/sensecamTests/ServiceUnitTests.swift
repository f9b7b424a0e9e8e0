// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam

/// The systemd user unit, checked by systemd's own `systemd-analyze verify` (a user manager
/// it starts in a private runtime folder, offline), which loads the unit, its instance and
/// its alias, and checks that the binary ExecStart names is there and executable.
@Suite struct ServiceUnitTests {
    static let analyze = "/usr/bin/systemd-analyze"

    /// What `systemd-analyze verify --user` said about `unit` (a file path, instance included).
    /// The man page is the package's, not installed here, so it is not looked up.
    static func verify(_ unit: String, in folder: URL) throws -> (status: Int32, said: String) {
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["verify", "--user", "--man=no", folder.appendingPathComponent(unit).path]
        process.environment = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path,
                               "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The packaged file is the text the tool writes for a source-tree build, naming /usr/bin/sensecam.
    @Test func deployedUnitIsTheToolsText() throws {
        let deployed = try String(contentsOf: SensecamProcess.packageRoot.appendingPathComponent("deploy/systemd/sensecam@.service"),
                                  encoding: .utf8)
        #expect(deployed == ServiceUnit.text(executable: ServiceUnit.packagedExecutable))
    }

    /// The unit (as packaged, with ExecStart naming the built binary, which is where a source-tree
    /// enable points it), its written form and the alias the udev rule asks for: verify exits 0
    /// and says nothing (it only warns, still exiting 0, about a line it cannot use).
    @Test(arguments: ["sensecam@video0.service", "sensecam-enabled@video0.service", "sensecam@video2.service"])
    func systemdAnalyzeAcceptsTheUnit(_ instance: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try SensecamProcess.executable().resolvingSymlinksInPath().path
        try ServiceUnit.text(executable: binary, marker: ServiceUnit.writtenMarker + binary)
            .write(to: folder.appendingPathComponent(ServiceUnit.fileName), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(ServiceUnit.enabledAlias).path,
                                                   withDestinationPath: ServiceUnit.fileName)
        let result = try Self.verify(instance, in: folder)
        #expect(result.status == 0, "\(result.said)")
        #expect(result.said == "", "\(result.said)")
    }

    /// The check can fail: a misspelt setting, a binary that is not there.
    @Test func systemdAnalyzeFindsFaultsInABrokenUnit() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try SensecamProcess.executable().resolvingSymlinksInPath().path
        let broken = ServiceUnit.text(executable: binary).replacingOccurrences(of: "Restart=on-failure", with: "Restart=sometimes")
        try broken.write(to: folder.appendingPathComponent(ServiceUnit.fileName), atomically: true, encoding: .utf8)
        let misspelt = try Self.verify("sensecam@video0.service", in: folder)
        #expect(misspelt.said.contains("restart specifier"), "\(misspelt.said)")

        try ServiceUnit.text(executable: folder.appendingPathComponent("no-such-sensecam").path)
            .write(to: folder.appendingPathComponent(ServiceUnit.fileName), atomically: true, encoding: .utf8)
        let missing = try Self.verify("sensecam@video0.service", in: folder)
        #expect(missing.status != 0, "\(missing.said)")
        #expect(missing.said.contains("is not executable"), "\(missing.said)")
    }
}
