// SPDX-License-Identifier: GPL-3.0-or-later
/// A word as it must be typed in a command a sentence suggests ("read it with 'sensecam read
/// page.png'"): as it is when a shell takes it so, else in double quotes, which read more
/// plainly inside the sentence's own single quotes than a shell's '\'' would.
public enum ShellWord {
    /// Characters a shell passes on as they are, anywhere in a word.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,:@%=")

    public static func quoted(_ word: String) -> String {
        // Letters with accents are plain too: "Schlüssel" needs no quotes.
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) || ($0.isLetter && !$0.isASCII) }) {
            return word
        }
        var quoted = "\""
        for character in word {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
