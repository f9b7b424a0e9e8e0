// SPDX-License-Identifier: GPL-3.0-or-later
/// The detector and the tracker a session's modes share: a live session that goes from
/// awareness to finding and back holds one network, and follows objects on one set of tracks
/// (what awareness has said is in view is still the same object when it comes back to it).
/// The network loads when the first mode that detects asks for it, and never again.
///
/// Used from one thread at a time: a live session's stages all run on its engine's thread, one
/// frame or key at a time. Workers that detect ahead on a recording have networks of their own
/// (`DetectionSettings.makeStep(singleThreaded:)`), never this one.
public final class SharedDetection {
    public let tracker: Tracker
    private let load: () throws -> DetectionStep
    private var loaded: DetectionStep?

    /// The network `settings` describe, loaded when first asked for.
    public convenience init(settings: DetectionSettings, tracker: Tracker = Tracker()) {
        self.init(tracker: tracker) { try settings.makeStep() }
    }

    /// `load` makes the network; it is called at most once (and a test can count that it is).
    public init(tracker: Tracker = Tracker(), load: @escaping () throws -> DetectionStep) {
        self.tracker = tracker
        self.load = load
    }

    /// The network and its threshold: loaded now if no mode has asked for it yet. A load that
    /// fails is tried again on the next request (the error is the caller's to report).
    public func step() throws -> DetectionStep {
        if let loaded { return loaded }
        let step = try load()
        loaded = step
        return step
    }
}
