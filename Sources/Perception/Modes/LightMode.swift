// SPDX-License-Identifier: GPL-3.0-or-later
import Stages

extension Mode {
    /// Light: how much light there is and where it mostly comes from, as a tone on the camera
    /// and a sentence when it changes and holds.
    public static let light = Mode(
        name: "light", announcement: .modeLight, group: .identifying, standsInFor: nil, batches: false, takesStills: true,
        note: { _ in nil },
        makeStage: { settings, _, _ in LightStage(wording: settings.wording) })

    /// Colour: the colour at the centre of the view, in everyday words, corrected for the
    /// light's own colour.
    public static let colour = Mode(
        name: "colour", announcement: .modeColour, group: .identifying, standsInFor: nil, batches: false, takesStills: true,
        note: { _ in nil },
        makeStage: { settings, _, _ in ColourStage(wording: settings.wording) })
}
