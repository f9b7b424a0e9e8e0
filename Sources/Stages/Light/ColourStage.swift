// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// The colour mode's stage: the colour at the centre of the view is said when it changes and
/// has held for a moment; `describe` says it at once, and so does a still image, a one-frame
/// stream, with the record `--json` prints.
///
/// One stage per stream, used from one thread.
public final class ColourStage: StreamStage, ImageAnalyzer {
    /// A new colour must hold this long before it is said: long enough to pass over things on
    /// the way to the one aimed at, short enough to feel like an answer.
    public static let steadySeconds = 0.6
    /// At least this long between two sentences, so two colours a boundary splits do not alternate.
    public static let minimumSecondsBetweenSentences = 1.0
    /// The centre is read at most this often: ten readings a second judge a 0.6 s hold well,
    /// and leave the rest of each frame's time (a reading is a few milliseconds) to others.
    public static let secondsBetweenReadings = 0.1

    private let reader: ColourReader
    private var lastReadingTime: Timestamp?
    private var announcement = SteadyAnnouncement<String>(steadySeconds: steadySeconds,
                                                          minimumInterval: minimumSecondsBetweenSentences)

    /// The newest reading, after each `observe`.
    public private(set) var lastReading: ColourReading?

    public init(reader: ColourReader) {
        self.reader = reader
    }

    /// The stage with a reader that words its sentences in `wording`.
    public convenience init(wording: Wording) {
        self.init(reader: ColourReader(wording: wording))
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        if let last = lastReadingTime, frame.timestamp.seconds(since: last) < Self.secondsBetweenReadings { return [] }
        lastReadingTime = frame.timestamp
        let reading = try reader.read(frame.image)
        lastReading = reading
        // The sentence is the key: "Dark blue." and "Mostly dark blue, with white." are news to each other.
        guard announcement.shouldSay(reading.sentence, at: frame.timestamp) else { return [] }
        return [event(reading, frame)]
    }

    /// `describe`: the colour now, whatever was said before.
    public var commands: Set<LiveCommand> { [.describeNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .describeNow else { return [] }
        guard let frame else { return [.noPictureYet(reader.wording)] }
        let reading = try reader.read(frame.image)
        announcement.markSaid(reading.sentence, at: frame.timestamp)
        return [event(reading, frame)]
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: reader.wording)]
    }

    func event(_ reading: ColourReading, _ frame: Frame) -> NarrationEvent {
        NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message, text: reading.sentence,
                       language: reader.wording.language)
    }

    /// A still image: the colour at its centre in one sentence, said as a summary.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let reading = try reader.read(image)
        return .summary(reading.sentence, language: reader.wording.language, record: LightRecords.colour(source: source, reading))
    }
}
