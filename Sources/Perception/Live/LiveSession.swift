/// The modes of a live session, switched by the user with `m`: awareness (what is around),
/// reading (of the page held up, or of any short text in view), scanning codes, light and
/// colour. Each mode's stage is built the first time it is needed (a network or Tesseract
/// takes a moment to load) and keeps its state while another runs.
public final class LiveSession: StreamStage {
    public enum Mode: Sendable, Hashable {
        case aware, read, shortText, scan, light, colour

        /// What `m` says on arriving.
        var announcement: MessageID {
            switch self {
            case .aware: .sessionAwarenessMode
            case .read: .sessionReadingMode
            case .shortText: .sessionShortTextMode
            case .scan: .sessionScanningMode
            case .light: .sessionLightMode
            case .colour: .sessionColourMode
            }
        }
    }

    public private(set) var mode: Mode
    /// The order `m` goes through: the starting mode, the rest of its group, then the other
    /// group. Seeing (awareness and reading) and identifying (codes, light, colour) are the two
    /// groups, so from reading the first press is awareness and from awareness it is reading
    /// (the switch people make most), and from scanning it is light. Modes this session cannot
    /// build are left out.
    public let cycle: [Mode]
    private let makers: [Mode: () throws -> any StreamStage]
    private var stages: [Mode: any StreamStage] = [:]
    /// The words of its announcements.
    public let wording: Wording

    /// `makers` builds each mode's stage; the reading mode is `.read` or `.shortText`, whichever
    /// is given (the page reader, or short text when the session started in it).
    public init(mode: Mode, makers: [Mode: () throws -> any StreamStage], wording: Wording) {
        precondition(makers[mode] != nil, "the starting mode needs a stage")
        self.wording = wording
        self.mode = mode
        self.makers = makers
        let reading: Mode = mode == .shortText ? .shortText : .read
        let seeing: [Mode] = [.aware, reading], identifying: [Mode] = [.scan, .light, .colour]
        let order = seeing.contains(mode) ? seeing + identifying : identifying + seeing
        cycle = [mode] + order.filter { $0 != mode && makers[$0] != nil }
    }

    /// The session of awareness and reading alone, as the tests of those modes build it.
    public convenience init(mode: Mode, aware: @escaping () throws -> AwarenessStage, reader: @escaping () throws -> DocumentReader,
                            shortText: @escaping () throws -> ShortTextReader, wording: Wording) {
        self.init(mode: mode, makers: [.aware: aware, .read: reader, .shortText: shortText], wording: wording)
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
    /// `describe` says what the current mode is about now (codes, light, colour), or in the
    /// reading modes and awareness what is in view; verbosity belongs to awareness.
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
        case .describeNow where [.scan, .light, .colour].contains(mode):
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
