// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// One object followed across frames. Values only: the tracker hands out copies.
public struct Track: Sendable, Equatable {
    /// Unique for the life of a tracker, never reused (also not after a scene cut).
    public let id: Int
    public var classIndex: Int
    public var label: String
    /// Smoothed box in frame pixels.
    public var box: Box
    /// Smoothed confidence of the detections matched to this track, 0–1.
    public var confidence: Double
    /// Frames in which a detection was matched to this track.
    public var hits: Int
    /// Frames since the last match (0 when matched in the latest frame).
    public var consecutiveMisses: Int
    public var firstSeen: Timestamp
    public var lastSeen: Timestamp
    /// Recent raw box heights and bottom edges, oldest first (about the last two seconds),
    /// for spotting an object that grows steadily and comes down the image, i.e. approaches.
    public var heights: [HeightSample]
    /// True once the track has been matched often enough to be believed.
    public var isConfirmed: Bool

    public struct HeightSample: Sendable, Equatable {
        public var time: Timestamp
        public var height: Double
        /// The box's bottom edge (y of its lowest row): on the ground plane, nearer is lower.
        public var bottom: Double
        public init(time: Timestamp, height: Double, bottom: Double) {
            self.time = time
            self.height = height
            self.bottom = bottom
        }
    }

    public init(id: Int, classIndex: Int, label: String, box: Box, confidence: Double, hits: Int,
                consecutiveMisses: Int, firstSeen: Timestamp, lastSeen: Timestamp,
                heights: [HeightSample], isConfirmed: Bool) {
        self.id = id
        self.classIndex = classIndex
        self.label = label
        self.box = box
        self.confidence = confidence
        self.hits = hits
        self.consecutiveMisses = consecutiveMisses
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.heights = heights
        self.isConfirmed = isConfirmed
    }

    /// Matched in the latest frame.
    public var isVisible: Bool { consecutiveMisses == 0 }
}
