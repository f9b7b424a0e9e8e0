// SPDX-License-Identifier: GPL-3.0-or-later
import Perception

extension Mode {
    /// Colour: the colour at the centre of the view, in everyday words, corrected for the
    /// light's own colour.
    public static let colour = Mode(
        name: "colour", announcement: .modeColour, group: .identifying, batches: false, takesStills: true,
        keys: [.describeNow], stillExample: "sensecam colour photo.jpg",
        makeStage: { settings, _, _ in ColourStage(wording: settings.wording) })
}
