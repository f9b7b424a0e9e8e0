// SPDX-License-Identifier: GPL-3.0-or-later
/// What one frame did to the tracks.
public struct TrackerUpdate: Sendable, Equatable {
    /// Every live track after this frame (visible or briefly missed), sorted by id.
    /// Tentative tracks are included; a narrator speaks only of `isConfirmed` ones.
    public var tracks: [Track]
    /// Tracks that died in this update: unseen too long, tentative and missed, or cleared by
    /// a scene cut. Each track appears here exactly once in its life (to each reader, when several
    /// feed the tracker in turn: `Tracker.update(_:at:frameHeight:seeking:for:)`).
    public var ended: [Track]
    /// This frame starts a new scene: all previous tracks were ended.
    public var sceneCut: Bool

    public init(tracks: [Track], ended: [Track], sceneCut: Bool) {
        self.tracks = tracks
        self.ended = ended
        self.sceneCut = sceneCut
    }
}
