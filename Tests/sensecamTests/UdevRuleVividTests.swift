// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// deploy/udev/70-sensecam.rules run by udev itself: `udevadm test` in the vivid VM (a real
/// video4linux device, Debian's 60-persistent-v4l.rules and v4l_id before our rule), with the
/// rule in a private /etc/udev/rules.d (a tmpfs inside the VM; this machine's is untouched).
/// vivid is not USB, so for the USB case an earlier rule gives its node the ID_BUS that usb_id
/// gives a USB camera's; everything else is udev's own reading of the file.
struct UdevRuleVividTests {
    static let rulesFile = "/etc/udev/rules.d/70-sensecam.rules"

    /// Starts each section of the VM's output (udevadm prints "=== trie on-disk ===" itself).
    static let marker = "### section "

    /// Output lines of each section of the VM's run.
    static func sections(_ output: String) -> [String: [String]] {
        var sections: [String: [String]] = [:]
        var current = ""
        // The serial console ends lines with CR LF, one Character to Swift.
        for line in output.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix(Self.marker) {
                current = String(line.dropFirst(Self.marker.count))
                sections[current] = []
                continue
            }
            sections[current, default: []].append(line)
        }
        return sections
    }

    @Test func udevTagsAUSBCaptureNodeAndNothingElse() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/udevadm") else {
            throw EndToEndFailure(description: "udevadm is missing, so the rule cannot be run by udev; install udev (make test-packages).")
        }
        let rule = SensecamProcess.packageRoot.appendingPathComponent("deploy/udev/70-sensecam.rules").path
        let test = "udevadm test --action"
        let (status, output) = try VividMachine.run(script: """
            mount -t tmpfs tmpfs /run && mount -t tmpfs tmpfs /etc/udev/rules.d || exit 3
            cp \(rule) \(Self.rulesFile)
            echo "\(Self.marker)vivid video0"; \(test)=add /sys/class/video4linux/video0 2>&1
            printf 'SUBSYSTEM=="video4linux", ENV{ID_BUS}="usb"\\n' > /etc/udev/rules.d/69-usb-bus.rules
            # Before any add of it as USB: udevadm keeps each run's properties, as udevd's database does,
            # and a removal starts from them.
            echo "\(Self.marker)usb video0 remove"; \(test)=remove /sys/class/video4linux/video0 2>&1
            echo "\(Self.marker)usb video0"; \(test)=add /sys/class/video4linux/video0 2>&1
            echo "\(Self.marker)usb video0 change"; \(test)=change /sys/class/video4linux/video0 2>&1
            echo "\(Self.marker)usb video1"; \(test)=add /sys/class/video4linux/video1 2>&1
            echo "\(Self.marker)usb v4l-touch0"; \(test)=add /sys/class/video4linux/v4l-touch0 2>&1
            sed 's/^ACTION==/ACTON==/; s/ENV{ID_BUS}!=/ENV{ID_BUS}=!/' \(rule) > \(Self.rulesFile)
            echo "\(Self.marker)broken"; \(test)=add /sys/class/video4linux/video0 2>&1
            echo "\(Self.marker)end"
            """, timeout: 240)
        #expect(status == 0, "\(output)")
        let sections = Self.sections(output)
        try #require(sections["end"] != nil, "the VM's run did not finish: \(output)")

        // udev names a line of a rules file it cannot use as "FILE:LINE message".
        let complaints = { (name: String) in (sections[name] ?? []).filter { $0.hasPrefix(Self.rulesFile + ":") } }
        let wants = { (name: String) in (sections[name] ?? []).filter { $0.hasPrefix("SYSTEMD_USER_WANTS=") } }
        let tagged = { (name: String) in (sections[name] ?? []).contains { $0.hasPrefix("TAGS=") && $0.contains(":systemd:") } }
        for name in ["vivid video0", "usb video0", "usb video0 change", "usb video1", "usb v4l-touch0", "usb video0 remove"] {
            #expect(sections[name]?.contains("Reading rules file: \(Self.rulesFile)") == true, "\(name): \(sections[name] ?? [])")
            #expect(complaints(name).isEmpty, "\(name): \(complaints(name))")
        }
        // The capture node of a USB camera, on plugging in and on a change event.
        for name in ["usb video0", "usb video0 change"] {
            #expect(wants(name) == ["SYSTEMD_USER_WANTS=sensecam-enabled@video0.service"], "\(name): \(sections[name] ?? [])")
            #expect(tagged(name), "\(name): \(sections[name] ?? [])")
        }
        // Not USB; an output node (v4l_id: ":video_output:audio:"); vivid's touch sensor, which
        // v4l_id says captures; a removal.
        for name in ["vivid video0", "usb video1", "usb v4l-touch0", "usb video0 remove"] {
            #expect(wants(name).isEmpty, "\(name): \(wants(name))")
            #expect(!tagged(name), "\(name): \(sections[name] ?? [])")
        }
        #expect(complaints("broken").count == 2, "\(sections["broken"] ?? [])")
    }
}
