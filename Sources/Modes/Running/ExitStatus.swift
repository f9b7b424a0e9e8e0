// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

/// The tool's exit statuses: 0 success, 1 runtime failure, 64 usage error, 69 finished but a
/// channel stopped mid-run, 78 an unusable settings file, 130 stopped by Ctrl-C.
package enum ExitStatus {
    /// sysexits' EX_USAGE.
    package static let usage: Int32 = 64
    /// sysexits' EX_UNAVAILABLE ("a service is unavailable"): the run finished, but
    /// speech-dispatcher failed (at the start or during it) or BRLTTY stopped during it, and
    /// narration went elsewhere, which a script driving sensecam should be able to tell from a clean run.
    package static let channelLost: Int32 = 69

    /// A session's end as the tool's exit status.
    package static func of(_ outcome: Session.Outcome) -> Int32 {
        switch outcome {
        case .completed: 0
        case .channelLost: channelLost
        case .interrupted: Interruption.exitStatus
        }
    }
}
