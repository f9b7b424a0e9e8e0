// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The recognizer's alphabet: class 0 is the CTC blank, classes 1...n the dictionary file's
/// lines in order, and the last class a space.
public struct CharacterDictionary: Sendable {
    public let characters: [String]

    public init(characters: [String]) {
        self.characters = characters
    }

    /// One character per line of a UTF-8 file (only the line break is stripped: a line may be
    /// a character that looks like white space).
    public init(contentsOf path: String) throws(SceneTextError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        // Split on scalars: in Swift "\r\n" is one Character, and the published files end lines so.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line[...]))
        }
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else { throw .unreadable(path: path, reason: "empty") }
        self.init(characters: lines)
    }

    /// Blank, the characters, and the space.
    public var classCount: Int { characters.count + 2 }

    /// The text of a class; "" for the blank.
    public func text(of index: Int) -> String {
        if index <= 0 || index > characters.count + 1 { return "" }
        return index == characters.count + 1 ? " " : characters[index - 1]
    }
}
