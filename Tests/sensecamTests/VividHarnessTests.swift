// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

// The vivid VM harness itself (Tests/vivid/vivid-vm.sh): the kernel's virtual camera must
// appear as /dev/video0 and deliver frames, or no camera test built on it means anything.

struct VividHarnessTests {

    /// Boots the VM (about 15 s without KVM; the first run also fetches the kernel package),
    /// then checks the device node, the driver, and 30 frames streamed with mmap.
    @Test func vividCameraIsVideo0AndStreamsThirtyFrames() throws {
        // v4l2-ctl exits 0 even when streaming fails ("qbuf error"), so its status proves
        // nothing: the frames are counted from its progress marks and from the bytes written.
        let (status, output) = try VividMachine.run(script: """
            echo "device: $(stat -c %F /dev/video0 2>&1)"
            v4l2-ctl -d /dev/video0 --info
            v4l2-ctl -d /dev/video0 --get-fmt-video
            echo "--- stream ---"
            v4l2-ctl -d /dev/video0 --stream-mmap --stream-count=30 --stream-to=/tmp/frames.yuv
            echo "--- stream status: $?"
            echo "frame bytes: $(wc -c </tmp/frames.yuv)"
            """, timeout: 240)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }

        /// The text after "`label`:" on the first line that starts with `label`.
        func value(_ label: String) -> String? {
            lines.first { $0.hasPrefix(label) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }

        #expect(status == 0, "the script in the VM failed:\n\(output)")
        #expect(value("device") == "character special file", "/dev/video0 is not a character device:\n\(output)")
        #expect(value("Driver name") == "vivid", "/dev/video0 is not vivid's:\n\(output)")

        // v4l2-ctl prints one "<" for each frame it dequeues.
        let start = try #require(lines.firstIndex(of: "--- stream ---"), "no stream section:\n\(output)")
        let end = try #require(lines.firstIndex(where: { $0.hasPrefix("--- stream status:") }),
                               "streaming never finished:\n\(output)")
        let progress = lines[(start + 1)..<end].joined(separator: "\n")
        let frames = progress.filter { $0 == "<" }.count
        #expect(frames == 30, "expected 30 frames:\n\(progress)")
        #expect(!progress.lowercased().contains("error"), "streaming reported an error:\n\(progress)")
        #expect(value("--- stream status") == "0", "v4l2-ctl failed:\n\(output)")

        let frameSize = try #require(value("Size Image").flatMap { Int($0) }, "no frame size:\n\(output)")
        let written = try #require(value("frame bytes").flatMap { Int($0) }, "no byte count:\n\(output)")
        #expect(frameSize > 0)
        #expect(written == 30 * frameSize, "30 frames of \(frameSize) bytes should be \(30 * frameSize) bytes, not \(written)")
    }
}
