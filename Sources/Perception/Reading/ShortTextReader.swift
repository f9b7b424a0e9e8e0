/// Short text — signs, labels, screens: whatever text comes into view is spoken, each
/// distinct line once, with no page to find first.
///
/// One reader per stream, used from one thread.
public final class ShortTextReader: StreamStage {
    /// OCR of a whole frame takes a few hundred milliseconds; twice a second keeps up with
    /// someone panning slowly without reading the same view over and over.
    public static let secondsBetweenReadings = 0.5
    /// A line whose mean word confidence is below this is left unsaid: in a street scene
    /// Tesseract reads bricks and leaves as letters.
    public static let minimumLineConfidence = 0.6
    /// A line found within one already spoken, with at most this share of its characters
    /// differing, is the same text read again (or a piece of it, seen as the view moved).
    static let sameTextDistance = 0.15

    private let recognizer: TextRecognizer
    private let describer: ReadingDescriber
    private let meter = QualityMeter()
    private var spoken: [[UInt32]] = []
    private var lastReading: Timestamp?

    public init(recognizer: TextRecognizer, describer: ReadingDescriber = ReadingDescriber()) {
        self.recognizer = recognizer
        self.describer = describer
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        // Only steady, well-lit frames: a frame smeared by motion reads as confident garbage.
        let quality = meter.measure(frame)
        guard quality.isSteady, !quality.isTooDark, !quality.isTooBright else { return [] }
        if let last = lastReading, frame.timestamp.seconds(since: last) < Self.secondsBetweenReadings { return [] }
        lastReading = frame.timestamp
        var events: [NarrationEvent] = []
        for line in try recognizer.read(frame.image).lines where line.confidence >= Self.minimumLineConfidence {
            let text = describer.spokenLine(line)
            let key = ReadingConsensus.scalars(line.text.lowercased())
            guard !text.isEmpty, key.count >= 2,
                  !spoken.contains(where: { Self.containment(of: key, in: $0) <= Self.sameTextDistance })
            else { continue }
            spoken.append(key)
            events.append(NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .text, priority: .message, text: text))
        }
        return events
    }

    /// How far `part` is from its best match anywhere inside `whole`: edits per character of
    /// `part`, where skipping the start and end of `whole` is free (semi-global alignment).
    static func containment(of part: [UInt32], in whole: [UInt32]) -> Double {
        guard !part.isEmpty else { return 0 }
        // row[j]: edits to match part[..<i] ending at whole[..<j]; starting anywhere is free.
        var row = [Int](repeating: 0, count: whole.count + 1)
        for i in 1...part.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: whole.count, by: 1) {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (part[i - 1] == whole[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return Double(row.min() ?? part.count) / Double(part.count)
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame)]
    }
}
