// SPDX-License-Identifier: GPL-3.0-or-later
/// The thresholds that decide when a tracker believes, continues and forgets a track.
public struct TrackerConfiguration: Sendable, Equatable {
    /// Matches before a track is believed, so a detector's one-frame false positive is never
    /// announced. Three frames is 0.1–0.2 s at 15–30 fps: too short for the user to notice.
    public var hitsToConfirm: Int
    /// A track unseen this long (stream seconds) dies. One second survives the handful of
    /// missed detections (blur, a passing occluder) typical at 10–30 fps, yet does not keep
    /// talking about something that has really gone.
    public var maxUnseenSeconds: Double
    /// Least IoU for a detection to continue a track by overlap. 0.3 tolerates the box jitter
    /// of a one-stage detector and ordinary motion between frames, while two neighbouring
    /// objects of one class rarely overlap each other's boxes that much.
    public var minimumOverlap: Double
    /// Fraction of the previous frame's visible confirmed tracks that must go unmatched, with
    /// new content appearing, for the frame to count as a scene cut (see `Tracker`). 0.6:
    /// most of the scene, not one object leaving.
    public var sceneCutFraction: Double
    /// Seconds of box-height history kept on each track: enough frames to see a steady
    /// growth (an object approaching) through detector jitter, short enough to be current.
    public var heightHistorySeconds: Double

    public init(hitsToConfirm: Int = 3, maxUnseenSeconds: Double = 1.0, minimumOverlap: Double = 0.3,
                sceneCutFraction: Double = 0.6, heightHistorySeconds: Double = 2.0) {
        self.hitsToConfirm = hitsToConfirm
        self.maxUnseenSeconds = maxUnseenSeconds
        self.minimumOverlap = minimumOverlap
        self.sceneCutFraction = sceneCutFraction
        self.heightHistorySeconds = heightHistorySeconds
    }

    public static let standard = TrackerConfiguration()
}
