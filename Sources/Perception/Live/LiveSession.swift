/// The two modes of a live session, switched by the user: awareness (what is around) and
/// reading (the page held up). Each mode's stage is built the first time it is needed (the
/// network or Tesseract takes a moment to load) and keeps its state while the other runs.
public final class LiveSession: StreamStage {
    public enum Mode: Sendable {
        case aware, read
    }

    public private(set) var mode: Mode
    private let makeAware: () throws -> AwarenessStage
    private let makeReader: () throws -> DocumentReader
    private var aware: AwarenessStage?
    private var reader: DocumentReader?

    public init(mode: Mode, aware: @escaping () throws -> AwarenessStage, reader: @escaping () throws -> DocumentReader) {
        self.mode = mode
        self.makeAware = aware
        self.makeReader = reader
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

    /// `switch` changes mode; `read` reads now and `describe` looks now whichever mode runs;
    /// verbosity belongs to awareness.
    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        switch command {
        case .switchMode:
            mode = mode == .aware ? .read : .aware
            _ = try stage(for: mode)
            return [.status(mode == .aware ? "Awareness mode." : "Reading mode.", at: frame)]
        case .readNow:
            return try stage(for: .read).perform(command, on: frame)
        case .describeNow, .moreVerbose, .lessVerbose:
            return try stage(for: .aware).perform(command, on: frame)
        case .repeatLast, .pauseResume, .quit:
            return []
        }
    }

    private func stage(for mode: Mode) throws -> any StreamStage {
        switch mode {
        case .aware:
            if let aware { return aware }
            let made = try makeAware()
            aware = made
            return made
        case .read:
            if let reader { return reader }
            let made = try makeReader()
            reader = made
            return made
        }
    }
}
