// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

extension Mode {
    /// Light: how much light there is and where it mostly comes from, as a tone on the camera
    /// and a sentence when it changes and holds.
    public static let light = Mode(
        name: "light", announcement: .modeLight, group: .identifying, batches: false, takesStills: true,
        keys: [.describeNow], stillExample: "sensecam light photo.jpg",
        makeStage: { settings, _, _ in LightStage(wording: settings.wording) })
}
