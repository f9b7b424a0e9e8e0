// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Combines several readings of the same page so that one lucky or unlucky frame does not
/// decide what is read aloud: each line is voted on across the readings.
public enum ReadingConsensus {
    /// A line in another reading counts as the same line when at most this share of its
    /// characters differ; beyond that it is a different line (the layout split differently).
    static let sameLineDistance = 0.5

    /// The reading whose line count is the median is the skeleton (a frame that split or
    /// merged lines is outvoted); for each of its lines, the text most readings agree on
    /// wins, ties going to the more confident.
    public static func combine(_ readings: [PageReading]) -> PageReading {
        let usable = readings.filter { !$0.lines.isEmpty }
        guard usable.count > 1 else { return usable.first ?? readings.first ?? PageReading(width: 0, height: 0, lines: []) }
        let byLineCount = usable.indices.sorted { a, b in
            let (x, y) = (usable[a], usable[b])
            return x.lines.count != y.lines.count ? x.lines.count < y.lines.count : meanConfidence(x) > meanConfidence(y)
        }
        let skeletonIndex = byLineCount[byLineCount.count / 2]
        let skeleton = usable[skeletonIndex]
        var lines: [TextLine] = []
        for line in skeleton.lines {
            var candidates = [line]
            for (index, other) in usable.enumerated() where index != skeletonIndex {
                if let match = closest(to: line, in: other) { candidates.append(match) }
            }
            lines.append(vote(candidates))
        }
        return PageReading(width: skeleton.width, height: skeleton.height, lines: lines, turnedDegrees: skeleton.turnedDegrees,
                           language: skeleton.language)
    }

    /// The line of `reading` nearest in text to `line`, if it is near enough.
    static func closest(to line: TextLine, in reading: PageReading) -> TextLine? {
        let target = scalars(line.text)
        var best: (line: TextLine, distance: Double)?
        for candidate in reading.lines {
            let distance = normalizedDistance(target, scalars(candidate.text))
            if distance <= sameLineDistance, distance < (best?.distance ?? .infinity) { best = (candidate, distance) }
        }
        return best?.line
    }

    /// The most common text among the candidates; ties by summed confidence.
    static func vote(_ candidates: [TextLine]) -> TextLine {
        let groups = Dictionary(grouping: candidates, by: \.text)
        let winner = groups.max { a, b in
            a.value.count != b.value.count
                ? a.value.count < b.value.count
                : a.value.map(\.confidence).reduce(0, +) < b.value.map(\.confidence).reduce(0, +)
        }!
        return winner.value.max { $0.confidence < $1.confidence }!
    }

    /// Edits per character of the longer text: 0 for the same text, 1 for nothing in common.
    package static func normalizedDistance(_ a: [UInt32], _ b: [UInt32]) -> Double {
        let longest = max(a.count, b.count)
        return longest == 0 ? 0 : Double(EditDistance.levenshtein(a, b)) / Double(longest)
    }

    package static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    static func meanConfidence(_ reading: PageReading) -> Double {
        reading.lines.isEmpty ? 0 : reading.lines.map(\.confidence).reduce(0, +) / Double(reading.lines.count)
    }
}
