// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// One object behind an event's sentence: as the tracker last saw it, or as one look at a
/// picture found it (a still image, the `d` key), with no track.
public struct NarratedObject: Sendable, Equatable {
    /// Why the object is being mentioned now.
    public enum State: String, Sendable, CaseIterable {
        /// First seen (its track has just been confirmed).
        case new
        /// First seen, of a kind already in view or spoken of within the policy's
        /// `anotherWithinSeconds`: a newcomer, said as "another person".
        case another
        /// Growing steadily in the frame: coming closer, or the user walking towards it.
        case approaching
        /// Seen again after being out of view for a while.
        case returned
        /// In view: mentioned in a summary, or in the description of one picture.
        case present
    }

    /// The detector's label, as the model names it.
    public var label: String
    /// 0–1.
    public var confidence: Double
    /// In frame pixels.
    public var box: Box
    /// The tracker's id, stable while the object stays in view; nil for an object seen in one
    /// picture only.
    public var track: Int?
    public var direction: ClockDirection
    /// Nil when the distance could not be estimated (unknown size, or the box is cut off).
    public var distanceMetres: Double?
    public var state: State

    public init(label: String, confidence: Double, box: Box, track: Int?, direction: ClockDirection,
                distanceMetres: Double?, state: State) {
        self.label = label
        self.confidence = confidence
        self.box = box
        self.track = track
        self.direction = direction
        self.distanceMetres = distanceMetres
        self.state = state
    }

    /// An object placed in a picture of `width` x `height` pixels taken through a lens of
    /// `horizontalFieldOfView` degrees: its clock direction and, when its kind's size is
    /// known, its distance.
    public init(label: String, confidence: Double, box: Box, track: Int?, state: State,
                imageWidth width: Int, imageHeight height: Int, horizontalFieldOfView degrees: Double) {
        self.init(label: label, confidence: confidence, box: box, track: track,
                  direction: ClockDirection(of: box, imageWidth: width, horizontalFieldOfView: degrees),
                  distanceMetres: DistanceEstimate.metres(for: label, box: box, imageWidth: width, imageHeight: height,
                                                          horizontalFieldOfView: degrees),
                  state: state)
    }
}
