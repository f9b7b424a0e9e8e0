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
    /// An approaching object's box grows by at least this factor...
    public var approachGrowth = 1.25
    /// ...over at least this much time, most steps growing: one noisy frame is not a hazard.
    public var approachWindowSeconds = 1.0

    public init() {}

    /// Classes whose approach is a hazard to someone walking: people and vehicles.
    public static let approachingHazards: Set<String> = ["person", "bicycle", "car", "motorcycle", "bus", "truck", "train"]
}
