// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// Word recall and precision of scene-text reading, as bench/scene_score.py counts them: per
/// picture, the truth and what was said are bags of case-folded runs of letters and digits
/// ("Ben&Jerry's" is ben, jerry, s); a picture's matches are the bags' intersection.
public struct WordBagScore: Sendable {
    public private(set) var truthWords = 0
    public private(set) var saidWords = 0
    public private(set) var matches = 0

    public init() {}

    public var recall: Double { truthWords == 0 ? 0 : Double(matches) / Double(truthWords) }
    public var precision: Double { saidWords == 0 ? 0 : Double(matches) / Double(saidWords) }

    /// One picture: its legible truth transcriptions and the lines as spoken (with any
    /// "(unclear)" marker, which is not a word said).
    public mutating func add(truth: [String], spoken: [String]) {
        let expected = Self.bag(truth.joined(separator: " "))
        let said = Self.bag(spoken.joined(separator: " ").replacingOccurrences(of: ReadingDescriber.scene(wording: .english).unclearMarker, with: " "))
        truthWords += expected.values.reduce(0, +)
        saidWords += said.values.reduce(0, +)
        matches += expected.reduce(0) { $0 + min($1.value, said[$1.key] ?? 0) }
    }

    static func bag(_ text: String) -> [String: Int] {
        var bag: [String: Int] = [:]
        let folded = text.precomposedStringWithCanonicalMapping.lowercased()
        var word = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                bag[word, default: 0] += 1
                word = ""
            }
        }
        if !word.isEmpty { bag[word, default: 0] += 1 }
        return bag
    }

    /// The legible transcriptions of an ICDAR 2015 truth file (`x1,y1,…,x4,y4,text` a line,
    /// split on the first 8 commas; `###` is illegible and left out).
    public static func icdarTruth(at url: URL) throws -> [String] {
        var text = try String(contentsOf: url, encoding: .utf8)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
            guard fields.count == 9 else { return nil }
            let transcription = String(fields[8])
            return transcription == "###" ? nil : transcription
        }
    }
}
