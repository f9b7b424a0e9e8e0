// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Seeing
import Stages

/// One of sensecam's modes, described once: its name, what `m` says on arriving, where it
/// sits in the `m` cycle, the keys it answers, and how its stage is built from the settings —
/// one stage type that serves a still image (a one-frame stream, answered whole), a recording
/// and the camera. The modes themselves are declared in the Modes target, each in its own
/// folder beside its command; a session is given the list (`ModeList.all`) it cycles through.
public struct Mode: Sendable, Hashable, CustomStringConvertible {
    /// On the command line (`batch --mode aware`) and in records.
    public let name: String
    /// What `m` says on arriving: "Awareness mode."
    public let announcement: MessageID
    /// Which half of the `m` cycle it belongs to.
    public let group: Group
    /// The mode whose place it takes in the cycle of a session started in it (short text
    /// stands in for the page reader); nil for most.
    public let standsInFor: String?
    /// Whether `batch` and `bench` take it as their `--mode`.
    public let batches: Bool
    /// Whether it takes still images (`aware IMAGE`, `batch`); a mode that does has a stage
    /// that answers one (`ImageAnalyzer`).
    public let takesStills: Bool
    /// The keys its own stage answers while it runs (`d` for a mode that describes its own
    /// subject: the code, the light, the thing sought).
    public let keys: Set<LiveCommand>
    /// The keys its stage answers whichever mode runs: awareness says what is in view (`d`) and
    /// takes verbosity, the reading modes read what is in view now (`r`).
    public let keysEverywhere: Set<LiveCommand>
    /// A command that reads a still picture in this mode, said when there is no camera
    /// ("sensecam read page.png"); nil for a mode that takes none.
    public let stillExample: String?
    /// Said once before the mode starts on pictures, when something it would use is missing
    /// (the scene models): nil when nothing is.
    let note: @Sendable (SessionSettings) -> Message?
    /// The mode's one stage, for frames arriving as `arrival` says; a mode that detects objects
    /// takes its network and tracker from the session's `SharedDetection`.
    let makeStage: @Sendable (SessionSettings, Arrival, SharedDetection) throws -> any StreamStage

    public init(name: String, announcement: MessageID, group: Group, standsInFor: String? = nil, batches: Bool, takesStills: Bool,
                keys: Set<LiveCommand> = [], keysEverywhere: Set<LiveCommand> = [], stillExample: String? = nil,
                note: @escaping @Sendable (SessionSettings) -> Message? = { _ in nil },
                makeStage: @escaping @Sendable (SessionSettings, Arrival, SharedDetection) throws -> any StreamStage) {
        self.name = name
        self.announcement = announcement
        self.group = group
        self.standsInFor = standsInFor
        self.batches = batches
        self.takesStills = takesStills
        self.keys = keys
        self.keysEverywhere = keysEverywhere
        self.stillExample = stillExample
        self.note = note
        self.makeStage = makeStage
    }

    /// Seeing is finding one's way (awareness, reading); identifying is about one thing held up
    /// (codes, light, colour). `m` goes through the starting mode's group first.
    public enum Group: Sendable {
        case seeing, identifying
    }

    /// How frames reach a stage.
    public enum Arrival: Sendable, Equatable {
        /// Still images, each a one-frame stream answered whole (`analyze`): a picture, or one
        /// batch worker's images and video frames.
        case still
        /// The newest frame of a camera or a real-time recording, one at a time.
        case live
        /// Every frame of a recording, however long it takes: a stage may work ahead on
        /// several frames at once where its first step needs one frame alone.
        case everyFrame
    }

    public var description: String { name }

    public static func == (lhs: Mode, rhs: Mode) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The mode's stage for frames arriving as `arrival` says. `detection`: the network and
    /// tracker the session's modes share (a live session's); nil for ones of its own.
    public func stage(_ settings: SessionSettings, arrival: Arrival, detection: SharedDetection? = nil) throws -> any StreamStage {
        try makeStage(settings, arrival, detection ?? SharedDetection(settings: settings.detection))
    }

    /// Makes the mode's stage for still images, for a picture or a batch worker (each worker
    /// owns its own); nil for a mode that takes none.
    public func still(_ settings: SessionSettings) -> (@Sendable () throws -> any ImageAnalyzer)? {
        guard takesStills else { return nil }
        return {
            guard let stage = try makeStage(settings, .still, SharedDetection(settings: settings.detection)) as? any ImageAnalyzer else {
                preconditionFailure("\(name) takes stills, so its stage answers one")
            }
            return stage
        }
    }

    /// The sentence said once before this mode reads pictures, if any.
    public func startNote(_ settings: SessionSettings) -> Message? {
        note(settings)
    }
}
