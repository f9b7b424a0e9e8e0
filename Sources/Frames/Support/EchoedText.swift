// SPDX-License-Identifier: GPL-3.0-or-later
/// Text a sentence repeats back to the user (a name, a locale) that came from outside: shown
/// with its control characters as visible escapes ("\x1B"), so a terminal or a voice is not
/// steered by them, and cut to `limit` characters, so a 20 KB value is not read out whole.
public enum EchoedText {
    /// Long enough for any name or locale a person types; a longer one is not one they typed.
    public static let defaultLimit = 64

    public static func shown(_ text: String, limit: Int = defaultLimit) -> String {
        var shown = ""
        var count = 0
        for character in text {
            if count == limit { return shown + "…" }
            count += 1
            for scalar in character.unicodeScalars {
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    && !["\u{200D}", "\u{FE0F}"].contains(scalar) {
                    shown += scalar.value < 0x100 ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
