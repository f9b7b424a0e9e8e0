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
    /// The modes that answer a key whichever mode runs, in the order they are asked: a mode that
    /// stands in for another first (short text, whose scene engine reads what is in view), then
    /// the rest in the order of `modes` (the page reader, when the scene models are missing).
    private let answering: [Mode]
    private var stages: [Mode: any StreamStage] = [:]
    private let wording: Wording

    /// `modes`, in the order help lists them, are the modes there are; `makers` builds the
    /// stage of each this session can run.
    public init(mode: Mode, modes: [Mode], makers: [Mode: () throws -> any StreamStage], wording: Wording) {
        precondition(makers[mode] != nil, "the starting mode needs a stage")
        self.mode = mode
        self.makers = makers
        self.wording = wording
        let candidates = modes.filter { other in
            other == mode || (other.standsInFor == nil && other.name != mode.standsInFor)
        }
        let order = candidates.filter { $0.group == mode.group } + candidates.filter { $0.group != mode.group }
        cycle = [mode] + order.filter { $0 != mode && makers[$0] != nil }
        let everywhere = modes.map { $0 == mode ? mode : $0 }.filter { !$0.keysEverywhere.isEmpty && makers[$0] != nil }
        answering = everywhere.filter { $0.standsInFor != nil } + everywhere.filter { $0.standsInFor == nil }
    }

    /// Every mode's stage built from `settings` when first needed; the starting mode's now. The
    /// starting mode is the session's own (`find` with what it looks for), in its place in `modes`.
    /// `detection`: the network and tracker every mode shares; by default loaded from the
    /// settings when the first mode that detects starts.
    public convenience init(starting mode: Mode, modes: [Mode], settings: SessionSettings, detection: SharedDetection? = nil) throws {
        let shared = detection ?? SharedDetection(settings: settings.detection)
        var makers: [Mode: () throws -> any StreamStage] = [:]
        for each in modes + [mode] { makers[each] = { try each.stage(settings, arrival: .live, detection: shared) } }
        self.init(mode: mode, modes: modes, makers: makers, wording: settings.wording)
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
        case .repeatLast, .pauseResume, .quit:
            return []
        case let key where mode.keys.contains(key):
            return try stage(for: mode).perform(key, on: frame)
        case let key:
            return try performEverywhere(key, on: frame)
        }
    }

    /// `key` answered by the first mode that answers it whichever mode runs; a mode whose scene
    /// models are missing passes it to the next (short text's `r` to the page reader).
    private func performEverywhere(_ key: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        let modes = answering.filter { $0.keysEverywhere.contains(key) }
        for (index, each) in modes.enumerated() {
            let answer: any StreamStage
            do {
                answer = try stage(for: each)
            } catch let error as SceneTextError {
                guard case .missing = error, index + 1 < modes.count else { throw error }
                continue
            }
            return try answer.perform(key, on: frame)
        }
        return []
    }

    private func stage(for mode: Mode) throws -> any StreamStage {
        if let made = stages[mode] { return made }
        guard let maker = makers[mode] else { preconditionFailure("no stage for \(mode)") }
        let made = try maker()
        stages[mode] = made
        return made
    }
}
