// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// Short text — signs, labels, screens: whatever text comes into view is read with the scene
/// engine and spoken, each line once while it stays in view, with no page to find first.
///
/// A line is followed across readings (the same text, or a piece of it as the view moves). It
/// is spoken once two readings agree on it, character by character, or at once when one reading
/// is highly confident; after it has been out of view for `returnAfterSeconds`, it is new again.
///
/// One reader per stream, used from one thread.
public final class ShortTextReader: StreamStage {
    /// Readings at most this often: twice a second keeps up with someone panning slowly, and
    /// the scene engine takes about half that at the live size on two cores.
    public static let secondsBetweenReadings = 0.4
    /// A line read with at least this confidence (mean character probability) is spoken from
    /// one reading; below it, only when a second reading agrees.
    public static let confidentReading = 0.9
    /// A reading is the same line as one followed when at most this share of its characters
    /// differ from an earlier reading of it...
    static let sameLineDistance = 0.34
    /// ...or when it is found within that reading (or that reading within it), at most this
    /// share of its characters differing: a piece of the line, seen as the view moved.
    static let sameTextDistance = 0.15
    /// The readings of a line kept for the vote.
    static let readingsKept = 5
    /// A line this close to the frame's edge (a share of the frame's width or height) may run
    /// on beyond it: it waits until it is wholly in view, or the listener hears "laz" for "lazy".
    static let edgeMargin = 0.02
    /// A reading this many times as long as a line it contains is that line seen whole at last
    /// (a sign coming into view), not a piece of it: followed, and said, as a line of its own.
    static let grownLine = 1.5

    private let reader: SceneTextReader
    /// The language of the events: the describer words the lines in it.
    private let wording: Wording
    private let describer: ReadingDescriber
    private let returnAfterSeconds: Double
    private let meter = QualityMeter()
    private var followed: [FollowedLine] = []
    private var lastReading: Timestamp?

    struct FollowedLine {
        var readings: [TextLine]
        var lastSeen: Timestamp
        var spoken = false

        var keys: [[UInt32]] { readings.map { ShortTextReader.key($0.text) } }
    }

    public init(reader: SceneTextReader, wording: Wording, returnAfterSeconds: Double = NarrationPolicy().returnAfterSeconds) {
        self.reader = reader
        self.wording = wording
        self.returnAfterSeconds = returnAfterSeconds
        describer = .scene(wording: wording)
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        // Only steady, well-lit frames: a frame smeared by motion reads as confident garbage.
        let quality = meter.measure(frame)
        guard quality.isSteady, !quality.isTooDark, !quality.isTooBright else { return [] }
        if let last = lastReading, frame.timestamp.seconds(since: last) < Self.secondsBetweenReadings { return [] }
        let previousReading = lastReading
        lastReading = frame.timestamp
        let now = frame.timestamp
        // Out of view means a reading missed it: on a slow machine one reading can take longer
        // than the return time, and a sign seen in every reading is not new each time.
        followed.removeAll { line in
            guard let previousReading, line.lastSeen < previousReading else { return false }
            return now.seconds(since: line.lastSeen) >= returnAfterSeconds
        }
        var events: [NarrationEvent] = []
        for line in try reader.read(frame.image).lines {
            let key = Self.key(line.text)
            guard key.count >= 2, !describer.spokenLine(line).isEmpty,
                  !Self.atEdge(line.box, width: frame.image.width, height: frame.image.height) else { continue }
            let index: Int
            if let known = followed.firstIndex(where: { Self.isSame(key, as: $0) }) {
                index = known
                followed[index].readings.append(line)
                if followed[index].readings.count > Self.readingsKept { followed[index].readings.removeFirst() }
                followed[index].lastSeen = now
            } else {
                followed.append(FollowedLine(readings: [line], lastSeen: now))
                index = followed.count - 1
            }
            guard !followed[index].spoken, let agreed = Self.agreed(followed[index].readings) else { continue }
            followed[index].spoken = true
            events.append(NarrationEvent(time: now, frame: frame.index, kind: .text, priority: .message,
                                         text: describer.spokenLine(agreed), language: wording.language))
        }
        return events
    }

    /// The reading to speak: the newest when it is highly confident; else the most confident
    /// of the readings that equal the character vote, when at least two do.
    static func agreed(_ readings: [TextLine]) -> TextLine? {
        if let newest = readings.last, newest.confidence >= confidentReading { return newest }
        let voted = CharacterVote.vote(readings.map { $0.text.lowercased() })
        let agreeing = readings.filter { $0.text.lowercased() == voted }
        return agreeing.count >= 2 ? agreeing.max { $0.confidence < $1.confidence } : nil
    }

    static func isSame(_ key: [UInt32], as line: FollowedLine) -> Bool {
        line.keys.contains { earlier in
            ReadingConsensus.normalizedDistance(key, earlier) <= sameLineDistance
                || containment(of: key, in: earlier) <= sameTextDistance
                || (Double(key.count) < grownLine * Double(earlier.count) && containment(of: earlier, in: key) <= sameTextDistance)
        }
    }

    static func atEdge(_ box: Box, width: Int, height: Int) -> Bool {
        let marginX = edgeMargin * Double(width), marginY = edgeMargin * Double(height)
        return box.x < marginX || box.y < marginY || box.maxX > Double(width) - marginX || box.maxY > Double(height) - marginY
    }

    static func key(_ text: String) -> [UInt32] { ReadingConsensus.scalars(text.lowercased()) }

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

    /// `read`: every line in the newest frame now, whatever was said before, each a message;
    /// with none, `ReadingDescriber`'s sentence about the reading.
    public var commands: Set<LiveCommand> { [.readNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .readNow else { return [] }
        guard let frame else { return [.noPictureYet(describer.wording)] }
        let captions = describer.captions(for: try reader.read(frame.image))
        // The closing "End of page" summary is for pages; a glance at a sign ends with its lines.
        let spoken = captions.count > 1 ? Array(captions.dropLast()) : captions
        return spoken.map { NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .text, priority: .message,
                                           text: $0.text, language: wording.language, joinsNext: $0.joinsNext) }
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: describer.wording)]
    }
}
