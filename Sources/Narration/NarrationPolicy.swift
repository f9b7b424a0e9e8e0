// SPDX-License-Identifier: GPL-3.0-or-later
import Seeing

/// The rules of stream narration that a user or a test may tune. Each default says why.
public struct NarrationPolicy: Sendable {
    public var verbosity: Verbosity = .normal
    /// The camera's horizontal field of view, for clock directions and distances; 60° suits
    /// most webcams.
    public var horizontalFieldOfView = 60.0
    /// An object is announced again only after it was out of view this long: shorter
    /// absences are the detector blinking or the user glancing away.
    public var returnAfterSeconds = 5.0
    /// Used to estimate when an utterance has been spoken, so at most one ordinary
    /// utterance is in flight: speech-dispatcher's default rate is about 180 words a minute.
    public var wordsPerSecond = 3.0
    /// The longest ordinary utterance; what does not fit waits for the next one.
    public var maxWordsPerUtterance = 20
    /// A summary of everything in view every this many stream seconds; nil for none.
    public var describeEverySeconds: Double?
    /// A still image is summed up as the `d` key sums up the camera's view — the place, its
    /// light, everything in view, signs — rather than said one kind at a time (`--summary`).
    public var summarizesStills = false
    /// An approaching object's box grows by at least this factor...
    public var approachGrowth = 1.25
    /// ...over at least this much time, most steps growing: one noisy frame is not a hazard.
    public var approachWindowSeconds = 1.0

    /// An object that keeps coming back at the same place in the "possibly" band — a picture
    /// the detector half takes for a TV, a table top at the edge of being a frisbee — is
    /// announced the first time and then at most once in this many seconds, unless it comes
    /// back in a higher band. Announced each time it blinks back after `returnAfterSeconds`,
    /// a static false positive becomes the loudest thing in a quiet room; once a minute still
    /// mentions it (it may be real) without letting it crowd out what changes.
    public var flickerRepeatSeconds = 60.0
    /// A new object of a kind spoken of this recently in the same view (or still in view) is
    /// "another person" rather than "a person": a minute on, the listener still has the last
    /// one in mind, and the word tells a new arrival from a repeat.
    public var anotherWithinSeconds = 60.0

    public init() {}

    /// Whether an object back at a place where one of its kind was last announced `seconds`
    /// ago in `lastBand` is kept quiet as flicker: only in the low band, only while its band
    /// has not risen, and only within `flickerRepeatSeconds`.
    public func isFlicker(band: ConfidenceBand, lastBand: ConfidenceBand, secondsSinceMention seconds: Double) -> Bool {
        band == .possibly && band <= lastBand && seconds < flickerRepeatSeconds
    }

    /// Classes whose approach is a hazard to someone walking: people and vehicles.
    public static let approachingHazards: Set<String> = ["person", "bicycle", "car", "motorcycle", "bus", "truck", "train"]
}
