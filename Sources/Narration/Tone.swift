// SPDX-License-Identifier: GPL-3.0-or-later
/// A sound instead of words, for what changes too fast to say: the light level as a pitch,
/// how near a code is to being read as the rate of a tick. Carried by events of kind `cue`,
/// which only the audio of the speech channel plays (and JSON Lines records); text and braille
/// leave them out, so a screen reader or a display is never flooded by them.
public struct Tone: Sendable, Equatable {
    /// The pitch.
    public var hertz: Double
    /// How long each sound lasts.
    public var seconds: Double
    /// Sounds a second while the cue holds (a tick train); 0 for one sound.
    public var perSecond: Double

    public init(hertz: Double, seconds: Double, perSecond: Double = 0) {
        self.hertz = hertz
        self.seconds = seconds
        self.perSecond = perSecond
    }
}
