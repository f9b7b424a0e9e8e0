// SPDX-License-Identifier: GPL-3.0-or-later
/// Several readings of one line of text combined character by character: the length most
/// readings have wins, then at each position the character most of those readings have (ties
/// to the earliest reading), so one frame's misread letter is outvoted by the others.
public enum CharacterVote {
    public static func vote(_ readings: [String]) -> String {
        let split = readings.map { Array($0) }
        guard !split.isEmpty else { return "" }
        let lengths = Dictionary(grouping: split, by: \.count)
        let length = lengths.max { a, b in a.value.count != b.value.count ? a.value.count < b.value.count : a.key < b.key }!.key
        let voters = split.filter { $0.count == length }
        return String((0..<length).map { position in
            var counts: [Character: Int] = [:]
            for reading in voters { counts[reading[position], default: 0] += 1 }
            let best = counts.values.max()!
            return voters.first { counts[$0[position]] == best }![position]
        })
    }
}
