import Perception

/// Turns the bytes a terminal sends in cbreak mode into live-session commands.
///
/// Bytes may arrive split across reads, so escape sequences (arrow keys, function keys,
/// Alt+letter) are tracked across calls and dropped whole: the `A` that ends "up arrow"
/// (`ESC [ A`) must never be taken for a key press. Unknown keys are ignored.
struct KeyMap {
    /// One sentence a screen reader can speak, listing every key.
    static let helpText =
        "Keys: space repeat, d describe, r read, m switch mode, plus or minus verbosity, p pause, q quit."

    private enum State {
        case ground
        /// After ESC: the next byte says what kind of sequence this is.
        case escape
        /// Inside `ESC [ …` (CSI), which runs until a final byte in `@`…`~`.
        case controlSequence
        /// After `ESC O` (SS3, used by F1–F4 and some arrow keys): one more byte.
        case singleShift
    }

    private var state = State.ground

    /// The command for one key press, or `nil` for keys that mean nothing here.
    static func command(for byte: UInt8) -> LiveCommand? {
        switch byte {
        case UInt8(ascii: " "): .repeatLast
        case UInt8(ascii: "d"), UInt8(ascii: "D"): .describeNow
        case UInt8(ascii: "r"), UInt8(ascii: "R"): .readNow
        case UInt8(ascii: "m"), UInt8(ascii: "M"): .switchMode
        case UInt8(ascii: "+"), UInt8(ascii: "="): .moreVerbose  // `=` is `+` without Shift
        case UInt8(ascii: "-"): .lessVerbose
        case UInt8(ascii: "p"), UInt8(ascii: "P"): .pauseResume
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
        default: nil
        }
    }

    /// The command for a key on a braille display: its freeze key pauses, and letters typed
    /// on its braille keyboard mean what they mean on the terminal.
    static func command(for key: BrailleKey) -> LiveCommand? {
        switch key {
        case .pause: .pauseResume
        case .character(let character): character.isASCII ? character.asciiValue.flatMap(command(for:)) : nil
        default: nil
        }
    }

    /// The commands in `bytes`, in order; an unfinished escape sequence is remembered.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [LiveCommand] {
        var commands: [LiveCommand] = []
        for byte in bytes {
            if let command = consume(byte) { commands.append(command) }
        }
        return commands
    }

    /// Called when no byte has arrived for a while. Terminals send a sequence in one burst,
    /// so an ESC still waiting was the Escape key itself, and the next byte starts afresh.
    mutating func inputPaused() {
        state = .ground
    }

    private mutating func consume(_ byte: UInt8) -> LiveCommand? {
        let escape: UInt8 = 0x1B
        switch state {
        case .ground:
            if byte == escape { state = .escape; return nil }
            return Self.command(for: byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "O"): state = .singleShift
            case escape: state = .escape  // Escape pressed twice: the second may start a sequence
            default: state = .ground  // Alt+key: a different key from the plain one, so ignored
            }
            return nil
        case .controlSequence:
            switch byte {
            case 0x20...0x3F: return nil  // parameters and intermediates
            case 0x40...0x7E: state = .ground; return nil  // the final byte ends it
            default:
                // Not part of any sequence (a control byte, or ESC after a cut-off one):
                // give up on the sequence and read the byte afresh.
                state = .ground
                return consume(byte)
            }
        case .singleShift:
            state = .ground
            return nil
        }
    }
}
