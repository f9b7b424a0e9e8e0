// SPDX-License-Identifier: GPL-3.0-or-later
import Seeing
import Stages

extension Mode {
    /// Finding one thing the user named (`find KIND`): where it is said once, then a tick guides
    /// the camera to it. In a session started in another mode there is no name to find, so the
    /// mode says how to start it (`FindStage`); started with one, `m` comes back to the same thing.
    public static let find = Mode(
        name: "find", announcement: .modeFind, group: .seeing, standsInFor: nil, batches: false, takesStills: true,
        note: { _ in nil },
        makeStage: { settings, _, detection in
            FindStage(target: settings.find, locator: try settings.find?.locator(detection: detection),
                      tracker: settings.find?.tracker(detection: detection) ?? Tracker(), wording: settings.wording,
                      horizontalFieldOfView: settings.narration.horizontalFieldOfView)
        })
}
