// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// A channel through which narration reaches a person: speech, captions, braille or
/// JSON Lines. Renderers consume `NarrationEvent`s and nothing else; which renderers run,
/// and which of them gets each event, is decided above them by the `OutputRouter`.
public protocol Renderer: AnyObject, Sendable {
    /// Takes one event and returns at once: speech is queued by its priority, not waited for.
    func render(_ event: NarrationEvent)
    /// Silences at once whatever is being said or waiting to be said (quit, pause, mode switch).
    func interrupt()
    /// Lets what is already queued finish (for at most `timeoutSeconds`), then releases the
    /// device or connection. Nothing may be rendered afterwards.
    func finish(timeoutSeconds: Double)
    /// Whether this renderer takes `event` at all (a braille line skips progress ticks);
    /// the router gives what one channel leaves out to the next.
    func conveys(_ event: NarrationEvent) -> Bool
}

extension Renderer {
    /// Words only: a cue is a sound, for the channels that play sound.
    public func conveys(_ event: NarrationEvent) -> Bool { event.kind != .cue }
}
