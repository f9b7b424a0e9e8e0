// SPDX-License-Identifier: GPL-3.0-or-later
/// One character as the recognizer read it, with the probability of the step it came from.
public struct DecodedCharacter: Sendable, Equatable {
    public var text: String
    public var confidence: Double
    /// The time step it was read at: where along the line it sits, as a share of the steps.
    public var step: Int
}

/// Greedy CTC decoding: the most likely class at each time step, repeats merged, blanks dropped.
public enum CTCDecoder {
    /// The characters of a line from its steps' best classes and their probabilities. A step
    /// repeating the class before it is the same character held over two steps; a blank between
    /// two equal classes separates two characters.
    public static func decode(classes: [Int], probabilities: [Float], dictionary: CharacterDictionary) -> [DecodedCharacter] {
        var characters: [DecodedCharacter] = []
        var previous = -1
        for (step, index) in classes.enumerated() {
            defer { previous = index }
            guard index != previous, index != 0 else { continue }
            let text = dictionary.text(of: index)
            guard !text.isEmpty else { continue }
            characters.append(DecodedCharacter(text: text, confidence: Double(probabilities[step]), step: step))
        }
        return characters
    }

    /// The reference's line confidence: the mean probability of the kept steps (0 for none).
    public static func lineConfidence(_ characters: [DecodedCharacter]) -> Double {
        characters.isEmpty ? 0 : characters.map(\.confidence).reduce(0, +) / Double(characters.count)
    }

    /// The characters split into words at spaces, each word with its characters (leading,
    /// trailing and repeated spaces give no empty words).
    public static func words(_ characters: [DecodedCharacter]) -> [[DecodedCharacter]] {
        var words: [[DecodedCharacter]] = []
        var current: [DecodedCharacter] = []
        for character in characters {
            if character.text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { words.append(current) }
                current = []
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
