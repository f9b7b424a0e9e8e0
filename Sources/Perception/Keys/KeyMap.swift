// SPDX-License-Identifier: GPL-3.0-or-later
import Stages
import Rendering


/// Turns the bytes a terminal sends in cbreak mode into key presses.
///
/// Bytes may arrive split across reads, so escape sequences are tracked across calls. Plain
/// characters mean what `KeyTable` says; the keys that move the review cursor are also read
/// from escape sequences — arrows, Home, End, Page Up and Down, and the numeric keypad as it
/// arrives with NumLock off (`ESC [ A`…, `ESC [ E` for its 5) or in application mode (`ESC O
/// w`…) — and every other sequence is dropped whole: the `A` that ends "up arrow" must never
/// be taken for a key press. A printable key no command has (a letter, digit or symbol, also
/// one typed as UTF-8 such as `ü`) is an unknown key, which the session answers; control
/// keys (Enter, Tab, Backspace) are left alone.
public struct KeyMap {
    private enum State {
        case ground
        /// After ESC: the next byte says what kind of sequence this is.
        case escape
        /// Inside `ESC [ …` (CSI), which runs until a final byte in `@`…`~`; the parameters so far.
        case controlSequence([UInt8])
        /// After `ESC [ [` (the Linux console's F1–F5): one more byte.
        case consoleFunctionKey
        /// After `ESC O` (SS3: F1–F4, and arrows and keypad in application mode): one more byte.
        case singleShift
        /// Inside a character typed as UTF-8: the bytes so far and how many are still to come.
        case utf8([UInt8], remaining: Int)
    }

    private var state = State.ground

    public init() {}

    /// The press for one key typed as a single byte, or `nil` for control keys and bytes
    /// that only start a longer character.
    public static func command(for byte: UInt8) -> KeyPress? {
        guard byte < 0x80 else { return nil }
        let character = Character(Unicode.Scalar(byte))
        if let press = KeyTable.press(for: character) { return press }
        return (0x21...0x7E).contains(byte) ? .unknown(character) : nil
    }

    /// How many bytes follow a UTF-8 lead byte; nil for a byte that leads nothing.
    private static func continuationCount(_ byte: UInt8) -> Int? {
        switch byte {
        case 0xC2...0xDF: 1
        case 0xE0...0xEF: 2
        case 0xF0...0xF4: 3
        default: nil
        }
    }

    /// The review key a CSI sequence names (`ESC [` parameters final), or nil. A modified key
    /// (`ESC [ 1 ; 5 A`, Ctrl+Up) is a different key and means nothing here.
    private static func reviewCommand(csi parameters: [UInt8], final: UInt8) -> ReviewCommand? {
        let plain = parameters.isEmpty || parameters == [UInt8(ascii: "1")]
        switch final {
        case UInt8(ascii: "A") where plain: return .previousLine
        case UInt8(ascii: "B") where plain: return .nextLine
        case UInt8(ascii: "C") where plain: return .nextWord
        case UInt8(ascii: "D") where plain: return .previousWord
        case UInt8(ascii: "H") where plain: return .firstLine
        case UInt8(ascii: "F") where plain: return .lastLine
        case UInt8(ascii: "E") where plain, UInt8(ascii: "G") where plain: return .currentWord  // keypad 5, NumLock off
        case UInt8(ascii: "~"):
            switch String(decoding: parameters, as: UTF8.self) {
            case "1", "7": return .firstLine  // Home (the Linux console, rxvt)
            case "4", "8": return .lastLine  // End
            case "5": return .previousUtterance  // Page Up
            case "6": return .nextUtterance  // Page Down
            default: return nil
            }
        default: return nil
        }
    }

    /// The review key an SS3 sequence (`ESC O` byte) names: arrows, Home and End in
    /// application cursor mode, the keypad in application keypad mode (`w x y` are 7 8 9,
    /// `t u v` 4 5 6, `q r s` 1 2 3, `k` its plus: say all, as Orca's and NVDA's).
    private static func reviewCommand(singleShift byte: UInt8) -> ReviewCommand? {
        switch byte {
        case UInt8(ascii: "A"): .previousLine
        case UInt8(ascii: "B"): .nextLine
        case UInt8(ascii: "C"): .nextWord
        case UInt8(ascii: "D"): .previousWord
        case UInt8(ascii: "H"): .firstLine
        case UInt8(ascii: "F"): .lastLine
        case UInt8(ascii: "E"): .currentWord
        case UInt8(ascii: "w"): .previousLine
        case UInt8(ascii: "x"): .currentLine
        case UInt8(ascii: "y"): .nextLine
        case UInt8(ascii: "t"): .previousWord
        case UInt8(ascii: "u"): .currentWord
        case UInt8(ascii: "v"): .nextWord
        case UInt8(ascii: "q"): .previousUtterance
        case UInt8(ascii: "r"): .currentUtterance
        case UInt8(ascii: "s"): .nextUtterance
        case UInt8(ascii: "k"): .readToEnd
        default: nil
        }
    }

    /// The command for a key on a braille display: its freeze key pauses, and letters typed
    /// on its braille keyboard mean what they mean on the terminal (the display's own pan and
    /// line keys review what was shown, in the renderer).
    public static func command(for key: BrailleKey) -> LiveCommand? {
        switch key {
        case .pause: .pauseResume
        case .character(let character):
            if character.isASCII, let byte = character.asciiValue, case .live(let command)? = command(for: byte) { command } else { nil }
        default: nil
        }
    }

    /// The presses in `bytes`, in order; an unfinished escape sequence is remembered.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyPress] {
        var presses: [KeyPress] = []
        for byte in bytes {
            if let press = consume(byte) { presses.append(press) }
        }
        return presses
    }

    /// Called when no byte has arrived for a while. Terminals send a sequence in one burst,
    /// so an ESC still waiting was the Escape key itself, and the next byte starts afresh.
    public mutating func inputPaused() {
        state = .ground
    }

    private mutating func consume(_ byte: UInt8) -> KeyPress? {
        let escape: UInt8 = 0x1B
        switch state {
        case .ground:
            if byte == escape { state = .escape; return nil }
            if let remaining = Self.continuationCount(byte) { state = .utf8([byte], remaining: remaining); return nil }
            return Self.command(for: byte)
        case .utf8(let bytes, let remaining):
            guard (0x80...0xBF).contains(byte) else {
                // Cut short: the character is lost, the byte read afresh.
                state = .ground
                return consume(byte)
            }
            guard remaining == 1 else { state = .utf8(bytes + [byte], remaining: remaining - 1); return nil }
            state = .ground
            // A letter or digit (ü, é, ß) is a key; an arrow or other sign typed this way, or bytes
            // that are no UTF-8 (decoded as U+FFFD), are not.
            guard let character = String(decoding: bytes + [byte], as: UTF8.self).first,
                  character.isLetter || character.isNumber else { return nil }
            return .unknown(character)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence([])
            case UInt8(ascii: "O"): state = .singleShift
            case escape: state = .escape  // Escape pressed twice: the second may start a sequence
            default: state = .ground  // Alt+key: a different key from the plain one, so ignored
            }
            return nil
        case .controlSequence(let parameters):
            switch byte {
            case UInt8(ascii: "[") where parameters.isEmpty:
                state = .consoleFunctionKey
                return nil
            case 0x20...0x3F:  // parameters and intermediates
                state = .controlSequence(parameters + [byte])
                return nil
            case 0x40...0x7E:  // the final byte ends it
                state = .ground
                return Self.reviewCommand(csi: parameters, final: byte).map(KeyPress.review)
            default:
                // Not part of any sequence (a control byte, or ESC after a cut-off one):
                // give up on the sequence and read the byte afresh.
                state = .ground
                return consume(byte)
            }
        case .consoleFunctionKey:
            state = .ground
            return nil
        case .singleShift:
            state = .ground
            return Self.reviewCommand(singleShift: byte).map(KeyPress.review)
        }
    }
}
