// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// The systemd user unit that narrates one plugged-in camera, `sensecam@<node>.service`, and
/// the alias the udev rule asks each user's manager for. The package installs this text
/// (deploy/systemd/sensecam@.service, a test keeps the two equal); a build run from its
/// source tree gets it written into the user's unit folder, naming its own binary.
enum ServiceUnit {
    /// The template, found by systemd under this name; the instance is the camera's node ("video0").
    static let fileName = "sensecam@.service"
    /// The name 70-sensecam.rules asks for: it exists only as a user's link to the template,
    /// so plugging a camera in starts nothing for a user who has not enabled the service.
    static let enabledAlias = "sensecam-enabled@.service"
    /// The binary the package installs.
    static let packagedExecutable = "/usr/bin/sensecam"
    /// The first line of a unit `service enable` wrote, so `service disable` removes only that.
    static let writtenMarker = "# Written by 'sensecam service enable' for the build at "

    /// The unit, running `executable`; `marker` is the written-by line, absent from the packaged file.
    static func text(executable: String, marker: String? = nil) -> String {
        (marker.map { $0 + "\n" } ?? "") + """
            # sensecam narrating one camera for the user who plugged it in. The udev rule
            # 70-sensecam.rules asks for sensecam-enabled@<node>.service when a USB camera appears;
            # 'sensecam service enable' makes that name a link to this template.
            [Unit]
            Description=sensecam narrating the camera /dev/%i
            Documentation=man:sensecam(1)
            # Stopped when the camera is unplugged; started once its device is there.
            BindsTo=dev-%i.device
            After=dev-%i.device
            # A camera that keeps failing is given up after three starts in a minute.
            StartLimitIntervalSec=60
            StartLimitBurst=3

            [Service]
            Type=exec
            # The user's settings file (profile, voice, language) applies; the camera is the one plugged in.
            ExecStart=\(executable) aware --camera /dev/%i
            # Says "Camera ready." at the start, and speaks when the settings name no profile.
            Environment=\(ServiceRun.variable)=1
            Restart=on-failure
            RestartSec=2
            # SIGTERM ends a run within a frame's work; one stuck longer (in a driver) is killed.
            TimeoutStopSec=10
            # 69: the run ended normally, but speech-dispatcher or BRLTTY stopped during it.
            SuccessExitStatus=69
            # Sentences go to the journal (journalctl --user -u 'sensecam@*'); a live run writes no images.
            StandardInput=null
            StandardOutput=journal
            StandardError=journal
            SyslogIdentifier=sensecam
            # What a user manager applies without user namespaces. The process also confines
            # itself (Landlock, seccomp), and reaches the camera and speech-dispatcher as the user.
            NoNewPrivileges=yes
            LockPersonality=yes
            RestrictRealtime=yes
            RestrictSUIDSGID=yes
            RestrictNamespaces=yes
            SystemCallArchitectures=native
            UMask=0077

            """
    }
}
