// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam

/// deploy/udev/70-sensecam.rules, read by udev(7)'s grammar and applied to the udev database
/// of a machine with two USB cameras, a virtual (vivid) one, a camera's microphone and a USB touch sensor. This
/// machine has no `udevadm` and no video4linux device, so the database is a fixture written
/// in `udevadm info --export-db`'s format, with the properties 60-persistent-v4l.rules
/// (v4l_id, usb_id, path_id) gives such devices before rule 70 runs.
@Suite struct UdevRuleTests {
    static let rule = SensecamProcess.packageRoot.appendingPathComponent("deploy/udev/" + ServiceFiles.ruleName)

    static let database = """
        P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video0
        N: video0
        S: v4l/by-id/usb-046d_0825_A1B2C3D4-video-index0
        S: v4l/by-path/pci-0000:00:14.0-usb-0:2:1.0-video-index0
        E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video0
        E: DEVNAME=/dev/video0
        E: MAJOR=81
        E: MINOR=0
        E: SUBSYSTEM=video4linux
        E: ID_V4L_VERSION=2
        E: ID_V4L_PRODUCT=UVC Camera (046d:0825)
        E: ID_V4L_CAPABILITIES=:capture:
        E: ID_VENDOR=046d
        E: ID_VENDOR_ID=046d
        E: ID_MODEL=0825
        E: ID_MODEL_ID=0825
        E: ID_SERIAL=046d_0825_A1B2C3D4
        E: ID_SERIAL_SHORT=A1B2C3D4
        E: ID_TYPE=video
        E: ID_BUS=usb
        E: ID_USB_INTERFACES=:0e0100:0e0200:010100:010200:
        E: ID_USB_INTERFACE_NUM=00
        E: ID_USB_DRIVER=uvcvideo
        E: ID_PATH=pci-0000:00:14.0-usb-0:2:1.0
        E: ID_PATH_TAG=pci-0000_00_14_0-usb-0_2_1_0
        E: ID_FOR_SEAT=video4linux-pci-0000_00_14_0-usb-0_2_1_0
        E: TAGS=:seat:uaccess:

        P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video1
        N: video1
        S: v4l/by-id/usb-046d_0825_A1B2C3D4-video-index1
        E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video1
        E: DEVNAME=/dev/video1
        E: MAJOR=81
        E: MINOR=1
        E: SUBSYSTEM=video4linux
        E: ID_V4L_VERSION=2
        E: ID_V4L_PRODUCT=UVC Camera (046d:0825)
        E: ID_V4L_CAPABILITIES=:
        E: ID_VENDOR_ID=046d
        E: ID_MODEL_ID=0825
        E: ID_SERIAL=046d_0825_A1B2C3D4
        E: ID_BUS=usb
        E: ID_USB_INTERFACE_NUM=00
        E: ID_USB_DRIVER=uvcvideo
        E: TAGS=:seat:uaccess:

        P: /devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0/video4linux/video2
        N: video2
        E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0/video4linux/video2
        E: DEVNAME=/dev/video2
        E: MAJOR=81
        E: MINOR=2
        E: SUBSYSTEM=video4linux
        E: ID_V4L_VERSION=2
        E: ID_V4L_PRODUCT=USB 2.0 Camera: HD USB Camera
        E: ID_V4L_CAPABILITIES=:capture:
        E: ID_VENDOR_ID=32e4
        E: ID_MODEL_ID=9230
        E: ID_BUS=usb
        E: ID_USB_DRIVER=uvcvideo
        E: TAGS=:seat:uaccess:

        P: /devices/platform/vivid.0/video4linux/video4
        N: video4
        E: DEVPATH=/devices/platform/vivid.0/video4linux/video4
        E: DEVNAME=/dev/video4
        E: MAJOR=81
        E: MINOR=4
        E: SUBSYSTEM=video4linux
        E: ID_V4L_VERSION=2
        E: ID_V4L_PRODUCT=vivid
        E: ID_V4L_CAPABILITIES=:capture:
        E: ID_PATH=platform-vivid.0
        E: TAGS=:seat:uaccess:

        P: /devices/pci0000:00/0000:00:14.0/usb1/1-4/1-4:1.0/video4linux/v4l-touch0
        N: v4l-touch0
        E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-4/1-4:1.0/video4linux/v4l-touch0
        E: DEVNAME=/dev/v4l-touch0
        E: MAJOR=81
        E: MINOR=5
        E: SUBSYSTEM=video4linux
        E: ID_V4L_VERSION=2
        E: ID_V4L_CAPABILITIES=:capture:
        E: ID_BUS=usb
        E: ID_USB_DRIVER=sur40

        P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.2/sound/card1
        E: DEVPATH=/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.2/sound/card1
        E: SUBSYSTEM=sound
        E: ID_VENDOR_ID=046d
        E: ID_MODEL_ID=0825
        E: ID_BUS=usb
        E: ID_USB_DRIVER=snd-usb-audio
        """

    static func rules() throws -> UdevRules {
        try UdevRules(try String(contentsOf: rule, encoding: .utf8))
    }

    @Test func theRuleFollowsUdevsGrammar() throws {
        let rules = try Self.rules()
        #expect(rules.rules.count == 7, "\(rules.rules)")
        let pairs: [UdevRules.Pair] = rules.rules.flatMap { $0 }
        let tag = UdevRules.Pair(key: "TAG", attribute: nil, op: .add, value: "systemd")
        #expect(pairs.contains(tag), "\(pairs)")
    }

    /// The grammar check can fail: each of these lines breaks a rule of udev(7).
    @Test(arguments: [
        #"ENV{ID_BUS}=="usb" TAG+="systemd""#,  // no comma between pairs
        #"GOTO=="sensecam_end""#,  // GOTO only assigns
        #"ACTION="add""#,  // ACTION only matches
        #"ENV=="usb""#,  // ENV needs {attribute}
        #"KERNEL{x}=="video*""#,  // KERNEL takes none
        #"CAMERA=="usb""#,  // no such key
        #"TAG+=systemd"#,  // values are quoted
        #"ACTION=="remove", GOTO="nowhere""#,  // a GOTO with no LABEL
    ])
    func theGrammarCheckRejects(_ line: String) {
        #expect(throws: UdevRules.SyntaxError.self) { try UdevRules(line) }
    }

    /// A device, the event's action, and the unit its users' managers are asked for (nil when the rule leaves it alone).
    struct Event: Sendable, CustomTestStringConvertible {
        var kernel: String
        var action: String
        var wants: String?
        var testDescription: String { "\(action) \(kernel)" }
    }

    static let events: [Event] = [
        Event(kernel: "video0", action: "add", wants: "sensecam-enabled@video0.service"),
        Event(kernel: "video0", action: "change", wants: "sensecam-enabled@video0.service"),
        Event(kernel: "video0", action: "bind", wants: "sensecam-enabled@video0.service"),
        Event(kernel: "video0", action: "remove", wants: nil),
        Event(kernel: "video1", action: "add", wants: nil),  // the camera's metadata node
        Event(kernel: "video2", action: "add", wants: "sensecam-enabled@video2.service"),
        Event(kernel: "video4", action: "add", wants: nil),  // vivid: not USB
        Event(kernel: "card1", action: "add", wants: nil),  // the camera's microphone
        Event(kernel: "v4l-touch0", action: "add", wants: nil),  // a USB touch sensor, which "captures" too
    ]

    @Test(arguments: events)
    func theRuleTagsUSBCaptureNodesOnly(_ event: Event) throws {
        let (kernel, action, wants) = (event.kernel, event.action, event.wants)
        let properties = try #require(UdevRules.database(Self.database)[kernel], "no \(kernel) in the fixture")
        let device = try Self.rules().apply(to: UdevRules.Device(action: action, kernel: kernel, properties: properties))
        #expect(device.properties["SYSTEMD_USER_WANTS"] == wants, "\(device.properties)")
        #expect(device.tags.contains("systemd") == (wants != nil), "\(device.tags)")
        #expect(device.properties["SYSTEMD_WANTS"] == nil, "the system manager must start nothing")
    }

    /// What the rule asks for is the alias `service enable` links, and its instance names the
    /// node the unit binds to: systemd calls /dev/video0's device unit dev-video0.device.
    @Test func theWantedUnitIsTheEnabledAliasOfTheCamerasNode() throws {
        let properties = try #require(UdevRules.database(Self.database)["video2"])
        let device = try Self.rules().apply(to: UdevRules.Device(action: "add", kernel: "video2", properties: properties))
        let wants = try #require(device.properties["SYSTEMD_USER_WANTS"])
        let instance = String(wants.split(separator: "@")[1].dropLast(".service".count))
        #expect(wants.replacingOccurrences(of: "@" + instance + ".", with: "@.") == ServiceUnit.enabledAlias)
        #expect(properties["DEVNAME"] == "/dev/" + instance)
        let unit = ServiceUnit.text(executable: ServiceUnit.packagedExecutable)
        #expect(unit.contains("\nBindsTo=dev-%i.device\n") && unit.contains("--camera /dev/%i\n"), "\(unit)")
    }
}
