// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

extension Mode {
    /// Finding one thing the user named (`find KIND`): where it is said once, then a tick guides
    /// the camera to it. In a session started in another mode there is no name to find, so the
    /// mode says how to start it (`FindStage`); started with one, `m` comes back to the same thing.
    public static let find = finding(nil)

    /// The find mode looking for `target` (a session started by `find KIND`); one mode with `find`,
    /// so it takes that one's place in the `m` cycle.
    public static func finding(_ target: FindTarget?) -> Mode {
        let thing = target.map { ShellWord.quoted($0.taughtName ?? $0.label) + " " } ?? ""
        return Mode(
            name: "find", announcement: .modeFind, group: .seeing, batches: false, takesStills: true,
            keys: [.describeNow], stillExample: "sensecam find \(thing)photo.jpg",
            makeStage: { settings, _, detection in
                FindStage(target: target, locator: try target?.locator(detection: detection),
                          tracker: target?.tracker(detection: detection) ?? Tracker(), wording: settings.wording,
                          horizontalFieldOfView: settings.narration.horizontalFieldOfView)
            })
    }
}
