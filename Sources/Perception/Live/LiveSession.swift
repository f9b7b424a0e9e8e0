/// The modes of a live session, switched by the user: awareness (what is around) and reading,
/// either of the page held up or of any short text in view (signs, labels, screens). Each
/// mode's stage is built the first time it is needed (a network or Tesseract takes a moment
/// to load) and keeps its state while another runs.
public final class LiveSession: StreamStage {
    public enum Mode: Sendable {
        case aware, read, shortText
    }

    public private(set) var mode: Mode
    /// The reading mode `m` switches to from awareness: the one the session started with.
    private let readingMode: Mode
    private let makeAware: () throws -> AwarenessStage
    private let makeReader: () throws -> DocumentReader
    private let makeShortText: () throws -> ShortTextReader
    private var aware: AwarenessStage?
    private var reader: DocumentReader?
    private var shortText: ShortTextReader?

    public init(mode: Mode, aware: @escaping () throws -> AwarenessStage, reader: @escaping () throws -> DocumentReader,
                shortText: @escaping () throws -> ShortTextReader) {
        self.mode = mode
        self.readingMode = mode == .shortText ? .shortText : .read
        self.makeAware = aware
        self.makeReader = reader
        self.makeShortText = shortText
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

    /// `switch` changes mode; `read` reads the text in view now with the scene engine (the page
    /// engine when the scene models are missing), and `describe` looks now, whichever mode runs;
    /// verbosity belongs to awareness.
    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        switch command {
        case .switchMode:
            mode = mode == .aware ? readingMode : .aware
            _ = try stage(for: mode)
            let names: [Mode: String] = [.aware: "Awareness mode.", .read: "Reading mode.", .shortText: "Short text mode."]
            return [.status(names[mode]!, at: frame)]
        case .readNow:
            let reading: any StreamStage
            do {
                reading = try stage(for: .shortText)
            } catch let error as SceneTextError {
                guard case .missing = error else { throw error }
                reading = try stage(for: .read)
            }
            return try reading.perform(command, on: frame)
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
        case .shortText:
            if let shortText { return shortText }
            let made = try makeShortText()
            shortText = made
            return made
        }
    }
}
