// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration
import Stages

/// A live session's modes, switched by the user with `m`: awareness (what is around), reading
/// (of the page held up, or of any short text in view), scanning codes, light and colour —
/// every `Mode` there is. Each mode's stage is built the first time it is needed (a network or
/// Tesseract takes a moment to load) and keeps its state while another runs. The modes that
/// detect objects (awareness, finding) share one network and its tracker (`SharedDetection`):
/// switching between them loads nothing twice.
public final class LiveSession: StreamStage {
    public private(set) var mode: Mode
    /// The order `m` goes through: the starting mode, the rest of its group, then the other
    /// group. Seeing (awareness and reading) and identifying (codes, light, colour) are the two
    /// groups, so from reading the first press is awareness and from awareness it is reading
    /// (the switch people make most), and from scanning it is light. A mode that stands in for
    /// another (short text for the page reader) is in the cycle only when the session starts in
    /// it, in the other's place; modes this session cannot build are left out.
    public let cycle: [Mode]
    private let makers: [Mode: () throws -> any StreamStage]
    private var stages: [Mode: any StreamStage] = [:]
    private let wording: Wording

    /// `makers` builds each mode's stage.
    public init(mode: Mode, makers: [Mode: () throws -> any StreamStage], wording: Wording) {
        precondition(makers[mode] != nil, "the starting mode needs a stage")
        self.mode = mode
        self.makers = makers
        self.wording = wording
        let candidates = Mode.all.filter { other in
            other == mode || (other.standsInFor == nil && other.name != mode.standsInFor)
        }
        let order = candidates.filter { $0.group == mode.group } + candidates.filter { $0.group != mode.group }
        cycle = [mode] + order.filter { $0 != mode && makers[$0] != nil }
    }

    /// Every mode's stage built from `settings` when first needed; the starting mode's now.
    /// `detection`: the network and tracker every mode shares; by default loaded from the
    /// settings when the first mode that detects starts.
    public convenience init(starting mode: Mode, settings: SessionSettings, detection: SharedDetection? = nil) throws {
        let shared = detection ?? SharedDetection(settings: settings.detection)
        var makers: [Mode: () throws -> any StreamStage] = [:]
        for each in Mode.all { makers[each] = { try each.stage(settings, arrival: .live, detection: shared) } }
        self.init(mode: mode, makers: makers, wording: settings.wording)
        try prepare()
    }

    /// Builds the starting mode's stage now, so a missing model or language is reported
    /// before the camera starts.
    public func prepare() throws {
        _ = try stage(for: mode)
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        try stage(for: mode).observe(frame)
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        (try? stage(for: mode).finish(at: time, frame: frame)) ?? []
    }

    /// `switch` goes to the next mode of the cycle; `read` reads the text in view now with the
    /// scene engine (the page engine when the scene models are missing), whichever mode runs;
    /// `describe` says what the current mode is about now (codes, light, colour, the thing
    /// sought), or in the reading modes and awareness what is in view; verbosity belongs to awareness.
    /// Every mode's keys: reading and verbosity reach their modes' stages whichever mode runs.
    public var commands: Set<LiveCommand> {
        cycle.count > 1 ? [.describeNow, .readNow, .switchMode, .moreVerbose, .lessVerbose]
            : [.describeNow, .readNow, .moreVerbose, .lessVerbose]
    }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        switch command {
        case .switchMode:
            let next = cycle[((cycle.firstIndex(of: mode) ?? 0) + 1) % cycle.count]
            _ = try stage(for: next)
            mode = next
            return [.status(next.announcement, wording, at: frame)]
        case .readNow:
            let reading: any StreamStage
            do {
                reading = try stage(for: .shortText)
            } catch let error as SceneTextError {
                guard case .missing = error else { throw error }
                reading = try stage(for: .read)
            }
            return try reading.perform(command, on: frame)
        case .describeNow where mode.group == .identifying || mode == .find:
            return try stage(for: mode).perform(command, on: frame)
        case .describeNow, .moreVerbose, .lessVerbose:
            return try stage(for: .aware).perform(command, on: frame)
        case .repeatLast, .pauseResume, .quit:
            return []
        }
    }

    private func stage(for mode: Mode) throws -> any StreamStage {
        if let made = stages[mode] { return made }
        guard let maker = makers[mode] else { preconditionFailure("no stage for \(mode)") }
        let made = try maker()
        stages[mode] = made
        return made
    }
}
