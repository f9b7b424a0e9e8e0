// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Plugging in and unplugging, end to end, in the vivid VM: systemd-udevd with the rule, a
/// real systemd user manager, `sensecam service enable` writing the unit for the built binary;
/// binding vivid's driver is the plug, unbinding it the unplug. vivid is not USB, so an earlier
/// rule gives its nodes usb_id's ID_BUS. The VM has no journal, so a drop-in sends the unit's
/// output to files; everything else is the unit as enable writes it, under systemd itself.
struct ServicePlugVividTests {
    @Test func pluggingStartsNarrationAndUnpluggingStopsIt() throws {
        try SensecamProcess.requireModel()
        let sensecam = try SensecamProcess.executable().path
        let rule = SensecamProcess.packageRoot.appendingPathComponent("deploy/udev/70-sensecam.rules").path
        let unit = "sensecam@video0.service"
        let (status, output) = try VividMachine.run(script: """
            export SYSTEMD_IGNORE_CHROOT=1 XDG_RUNTIME_DIR=/run/user/0 HOME=/tmp XDG_CONFIG_HOME=/tmp/config SENSECAM_MODEL=\(SensecamProcess.modelPath)
            mount -t tmpfs tmpfs /run && mount -t cgroup2 none /sys/fs/cgroup && mount -t tmpfs tmpfs /etc/udev/rules.d || exit 3
            # The user manager starts only where systemd booted the machine, which this marks.
            mkdir -p /run/systemd/system /run/user/0 && chmod 700 /run/user/0
            cp \(rule) /etc/udev/rules.d/
            printf 'SUBSYSTEM=="video4linux", ENV{ID_BUS}="usb"\\n' > /etc/udev/rules.d/69-usb-bus.rules
            echo vivid.0 > /sys/bus/platform/drivers/vivid/unbind
            /usr/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1 || exit 4
            mkdir -p /tmp/config/sensecam /tmp/config/systemd/user/sensecam@.service.d
            echo '{"profile": "developer"}' > /tmp/config/sensecam/config.json
            printf '[Service]\\nEnvironment=SENSECAM_MODEL=%s\\nStandardOutput=file:/tmp/service.out\\nStandardError=file:/tmp/service.err\\n' "$SENSECAM_MODEL" \\
                > /tmp/config/systemd/user/sensecam@.service.d/vm.conf
            /usr/lib/systemd/systemd --user >/tmp/manager.log 2>&1 &
            n=0; while [ ! -S /run/user/0/systemd/private ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n+1)); done
            echo "### enable"; \(sensecam) service enable 2>/dev/null
            echo "### plug"; echo vivid.0 > /sys/bus/platform/drivers/vivid/bind
            n=0; while ! grep -q "Camera ready" /tmp/service.err 2>/dev/null && [ $n -lt 1800 ]; do sleep 0.1; n=$((n+1)); done
            systemctl --user is-active \(unit)
            \(sensecam) service status 2>/dev/null
            echo "### unplug"; echo vivid.0 > /sys/bus/platform/drivers/vivid/unbind
            # Stopping waits for the frame being processed, which takes seconds in an emulated CPU.
            n=0; while systemctl --user is-active \(unit) | grep -qE '^(active|deactivating)$' && [ $n -lt 300 ]; do sleep 0.1; n=$((n+1)); done
            systemctl --user is-active \(unit)
            \(sensecam) service status 2>/dev/null
            echo "### disable"; \(sensecam) service disable 2>/dev/null
            echo "### plug again"; echo vivid.0 > /sys/bus/platform/drivers/vivid/bind; sleep 10
            systemctl --user is-active \(unit)
            echo "### service stderr"; cat /tmp/service.err
            echo "### end"
            """, timeout: 420)
        #expect(status == 0, "\(output)")
        let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        func section(_ name: String) -> [String] {
            guard let start = lines.firstIndex(of: "### " + name) else { return [] }
            let rest = lines[(start + 1)...]
            return Array(rest.prefix { !$0.hasPrefix("### ") })
        }
        try #require(lines.contains("### end"), "the VM's run did not finish: \(output)")
        #expect(section("enable").contains("Your systemd user manager has read the change."), "\(section("enable"))")
        let plugged = section("plug")
        #expect(plugged.contains("active"), "\(plugged)")
        #expect(plugged.contains("Narration is running for /dev/video0."), "\(plugged)")
        let unplugged = section("unplug")
        #expect(unplugged.contains { $0 == "inactive" || $0 == "failed" }, "\(unplugged)")
        #expect(unplugged.contains("No narration is running."), "\(unplugged)")
        #expect(section("disable").contains("Your systemd user manager has read the change."), "\(section("disable"))")
        #expect(section("plug again").contains { $0 == "inactive" || $0 == "failed" }, "\(section("plug again"))")
        let said = section("service stderr")
        #expect(said.filter { $0.hasPrefix("Camera ready") } == ["Camera ready."], "\(said)")
    }
}
