// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs shell scripts in a qemu VM that boots Debian's kernel with its virtual camera driver
/// (vivid), so tests can use a real V4L2 `/dev/video0` without a camera or root on the host.
/// The VM sees this machine's files read-only, starts in the package root, and has a fresh
/// /tmp. See `Tests/vivid/vivid-vm.sh`; its first run downloads the kernel package (~70 MB).
enum VividMachine {
    static let harness = SensecamProcess.packageRoot.appendingPathComponent("Tests/vivid/vivid-vm.sh")

    /// Runs `script` with bash in the VM. `output` is the script's stdout and stderr together
    /// (the VM has one serial console); `status` is its exit status, or 124 when the VM was
    /// still running after `timeout` seconds (boot included) and was killed.
    /// Throws, failing the test, when the VM could not run at all (the harness's status 125:
    /// no qemu, no kernel, a failed boot) — so a script of yours should not exit 125 itself.
    static func run(script: String, timeout: Double) throws -> (status: Int32, output: String) {
        let seconds = max(1, Int(timeout.rounded(.up)))
        // The harness kills qemu at `seconds`; the extra minute only guards against the harness hanging.
        let run = try SensecamProcess.run(["--timeout", String(seconds), "-c", script],
                                          program: harness, timeout: Double(seconds) + 60)
        if run.status == 125 {
            let reason = run.stderr.split(separator: "\n").first { $0.hasPrefix("vivid-vm:") }
                .map(String.init) ?? "the harness gave no reason, so the script itself may have exited 125"
            throw EndToEndFailure(description:
                "THE VIVID VM DID NOT RUN, so nothing was tested: \(reason.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return (run.status, run.stdout)
    }
}
