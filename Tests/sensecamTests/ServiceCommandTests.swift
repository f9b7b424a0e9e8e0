// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam

/// `service enable|disable|status` run as the built binary against a private home: its own
/// XDG_CONFIG_HOME, system root and runtime folder (so no real systemd user manager answers,
/// here or on a developer's machine, and the real home is never touched).
@Suite struct ServiceCommandTests {
    /// A private home for one test, removed at the end.
    struct PrivateHome {
        let folder: URL
        var config: String { folder.appendingPathComponent("config").path }
        var root: String { folder.appendingPathComponent("root").path }
        var userUnits: String { config + "/systemd/user" }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-service-\(UUID().uuidString)")
            for sub in ["config", "root", "runtime", "home"] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        var environment: [String: String?] {
            ["XDG_CONFIG_HOME": config, "HOME": folder.appendingPathComponent("home").path,
             ServiceFiles.rootVariable: root, "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
             "DBUS_SESSION_BUS_ADDRESS": nil]
        }

        func run(_ subcommand: String) throws -> SensecamRun {
            try SensecamProcess.run(["service", subcommand], environment: environment)
        }

        /// Installs `relative` under the private root, as the package would.
        func install(_ relative: String, from source: String) throws {
            let target = URL(fileURLWithPath: root + "/" + relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: SensecamProcess.packageRoot.appendingPathComponent(source).path,
                                             toPath: target.path)
        }

        /// Every file and link under the user's config folder.
        func configEntries() -> [String] {
            (FileManager.default.subpaths(atPath: config) ?? []).sorted()
        }
    }

    static let noManager = "No systemd user manager answered (as in a container or CI), so it reads the change when you next log in."

    /// A build run from its source tree: enable writes the unit naming this binary and the alias
    /// link, status says enabled; disable removes exactly those, status says disabled.
    @Test func enableThenDisableForASourceTreeBuild() throws {
        let home = try PrivateHome()
        defer { home.remove() }
        let binary = try SensecamProcess.executable().resolvingSymlinksInPath().path

        let before = try home.run("status")
        #expect(before.status == 0, "\(before)")
        #expect(before.stdoutLines.first == "Disabled for you: plugging a camera in starts nothing; 'sensecam service enable' sets it up.",
                "\(before)")

        let enable = try home.run("enable")
        #expect(enable.status == 0, "\(enable)")
        #expect(enable.stdoutLines == [
            "Enabled for you: wrote \(home.userUnits)/sensecam@.service for the build at \(binary) and linked sensecam-enabled@.service to it. Plugging a USB camera in now starts narration with your settings, and unplugging it stops it.",
            Self.noManager,
            ServiceCommand.ruleMissingSentence,
        ], "\(enable)")
        #expect(enable.stderr == "", "\(enable)")
        #expect(home.configEntries() == ["systemd", "systemd/user", "systemd/user/sensecam-enabled@.service", "systemd/user/sensecam@.service"])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: home.userUnits + "/sensecam-enabled@.service")
        #expect(link == home.userUnits + "/sensecam@.service")
        let written = try String(contentsOfFile: home.userUnits + "/sensecam@.service", encoding: .utf8)
        #expect(written.hasPrefix(ServiceUnit.writtenMarker + binary + "\n"))
        #expect(written.contains("\nExecStart=\(binary) aware --camera /dev/%i\n"), "\(written)")

        let enabled = try home.run("status")
        #expect(enabled.status == 0, "\(enabled)")
        #expect(enabled.stdoutLines == [
            "Enabled for you: plugging a USB camera in starts narration.",
            "The unit is \(home.userUnits)/sensecam@.service, written for a build run from its source tree.",
            ServiceCommand.ruleMissingSentence,
            "No systemd user manager answered, so whether narration is running is not known.",
        ], "\(enabled)")

        let disable = try home.run("disable")
        #expect(disable.status == 0, "\(disable)")
        #expect(disable.stdoutLines == [
            "Disabled for you: removed \(home.userUnits)/sensecam-enabled@.service and \(home.userUnits)/sensecam@.service. Plugging a camera in no longer starts narration; one running now stops when the camera is unplugged.",
            Self.noManager,
        ], "\(disable)")
        #expect(home.configEntries() == ["systemd", "systemd/user"])

        let disabled = try home.run("status")
        #expect(disabled.stdoutLines.first == "Disabled for you: plugging a camera in starts nothing; 'sensecam service enable' sets it up.",
                "\(disabled)")
        let again = try home.run("disable")
        #expect(again.status == 0, "\(again)")
        #expect(again.stdoutLines == ["The service was not enabled for you; nothing changed."], "\(again)")
    }

    /// With the package's unit and rule installed, enable only links to the packaged unit and
    /// writes nothing else; status names both files; disable leaves the package's files alone.
    @Test func enableThenDisableWithThePackageInstalled() throws {
        let home = try PrivateHome()
        defer { home.remove() }
        try home.install("usr/lib/systemd/user/sensecam@.service", from: "deploy/systemd/sensecam@.service")
        try home.install("usr/lib/udev/rules.d/70-sensecam.rules", from: "deploy/udev/70-sensecam.rules")
        let packagedUnit = home.root + "/usr/lib/systemd/user/sensecam@.service"
        let packagedRule = home.root + "/usr/lib/udev/rules.d/70-sensecam.rules"

        let enable = try home.run("enable")
        #expect(enable.status == 0, "\(enable)")
        #expect(enable.stdoutLines == [
            "Enabled for you: linked \(home.userUnits)/sensecam-enabled@.service to \(packagedUnit). Plugging a USB camera in now starts narration with your settings, and unplugging it stops it.",
            Self.noManager,
        ], "\(enable)")
        #expect(home.configEntries() == ["systemd", "systemd/user", "systemd/user/sensecam-enabled@.service"])

        let status = try home.run("status")
        #expect(status.stdoutLines == [
            "Enabled for you: plugging a USB camera in starts narration.",
            "The unit is installed at \(packagedUnit).",
            "The udev rule is installed at \(packagedRule).",
            "No systemd user manager answered, so whether narration is running is not known.",
        ], "\(status)")

        let disable = try home.run("disable")
        #expect(disable.status == 0, "\(disable)")
        #expect(disable.stdoutLines.first?.hasPrefix("Disabled for you: removed \(home.userUnits)/sensecam-enabled@.service. ") == true,
                "\(disable)")
        #expect(home.configEntries() == ["systemd", "systemd/user"])
        #expect(FileManager.default.fileExists(atPath: packagedUnit))
        let after = try home.run("status")
        #expect(after.stdoutLines.first == "Disabled for you: plugging a camera in starts nothing; 'sensecam service enable' sets it up.",
                "\(after)")
    }

    /// A link left pointing at a unit that is gone (the package removed) is not "enabled".
    @Test func aDanglingLinkIsReportedAsDisabled() throws {
        let home = try PrivateHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.userUnits, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.userUnits + "/sensecam-enabled@.service",
                                                   withDestinationPath: home.root + "/usr/lib/systemd/user/sensecam@.service")
        let status = try home.run("status")
        #expect(status.stdoutLines.first == "Disabled: \(home.userUnits)/sensecam-enabled@.service points to a unit that is gone; run 'sensecam service enable' again.",
                "\(status)")
    }

    /// Bare `service`, an unknown subcommand and an extra argument are usage errors (exit 64).
    @Test(arguments: [["service"], ["service", "start"], ["service", "enable", "now"]])
    func usageErrorsExit64(_ arguments: [String]) throws {
        let home = try PrivateHome()
        defer { home.remove() }
        let run = try SensecamProcess.run(arguments, environment: home.environment)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout == "", "\(run)")
        #expect(home.configEntries().isEmpty, "\(home.configEntries())")
    }
}
