import Foundation

/// One of sensecam's modes, described once: its name, what `m` says on arriving, where it
/// sits in the `m` cycle, and how its stage is built from the settings — one stage type that
/// serves a still image (a one-frame stream, answered whole), a recording and the camera.
/// The commands, `batch --mode`, `bench --mode` and the live session all read these
/// descriptions; a new mode is one more description in `Mode.all`.
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
    /// Said once before the mode starts on pictures, when something it would use is missing
    /// (the scene models): nil when nothing is.
    let note: @Sendable (PipelineSettings) -> Message?
    /// The stage for frames arriving as `arrival` says.
    let makeStage: @Sendable (PipelineSettings, Arrival) throws -> any StreamStage
    /// The stage for still images, each a one-frame stream answered whole with its record;
    /// nil for a mode that takes none.
    let makeStill: (@Sendable (PipelineSettings) throws -> any ImageAnalyzer)?

    /// Seeing is finding one's way (awareness, reading); identifying is about one thing held up
    /// (codes, light, colour). `m` goes through the starting mode's group first.
    public enum Group: Sendable {
        case seeing, identifying
    }

    /// How frames reach a stage.
    public enum Arrival: Sendable, Equatable {
        /// The newest frame of a camera or a real-time recording, one at a time.
        case live
        /// Every frame of a recording, however long it takes: a stage may work ahead on
        /// several frames at once where its first step needs one frame alone.
        case everyFrame
    }

    public var description: String { name }
    public var takesStills: Bool { makeStill != nil }

    public static func == (lhs: Mode, rhs: Mode) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every mode, in the order help and the `m` cycle list them.
    public static let all: [Mode] = [.aware, .read, .shortText, .scan, .light, .colour]

    /// The modes `batch` and `bench` take.
    public static var batchModes: [Mode] { all.filter(\.batches) }

    public static func named(_ name: String) -> Mode? {
        all.first { $0.name == name }
    }

    /// The stage for a stream of frames.
    public func stage(_ settings: PipelineSettings, arrival: Arrival) throws -> any StreamStage {
        try makeStage(settings, arrival)
    }

    /// Makes one still stage, for a picture or a batch worker (each worker owns its own).
    public func still(_ settings: PipelineSettings) -> (@Sendable () throws -> any ImageAnalyzer)? {
        guard let makeStill else { return nil }
        return { try makeStill(settings) }
    }

    /// The sentence said once before this mode reads pictures, if any.
    public func startNote(_ settings: PipelineSettings) -> Message? {
        note(settings)
    }
}
