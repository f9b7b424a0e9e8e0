// SPDX-License-Identifier: GPL-3.0-or-later
/// The kind the user is looking for (`find`), which the tracker believes and keeps by rules of
/// its own: asked for, a real one the detector misses now and then must still be found and not
/// let go at once, and a false sighting costs a tick, not a wrong sentence about the room.
/// Every other kind keeps the tracker's `TrackerConfiguration`.
public struct SoughtKind: Sendable, Equatable {
    /// The model's label ("cup").
    public var label: String
    /// Matches before a track of it is believed.
    public var hitsToConfirm: Int
    /// A track of it not yet believed is kept while unseen this long (the tracker's other
    /// tentative tracks end at their first miss), so scattered sightings add up.
    public var tentativeUnseenSeconds: Double
    /// A believed track of it ends once unseen this long.
    public var maxUnseenSeconds: Double

    public init(label: String, hitsToConfirm: Int, tentativeUnseenSeconds: Double, maxUnseenSeconds: Double) {
        self.label = label
        self.hitsToConfirm = hitsToConfirm
        self.tentativeUnseenSeconds = tentativeUnseenSeconds
        self.maxUnseenSeconds = maxUnseenSeconds
    }
}
