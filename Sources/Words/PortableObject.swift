// SPDX-License-Identifier: GPL-3.0-or-later
/// A gettext PO file as the catalogs use it: monolingual, each entry's `msgid` a message id
/// and its `msgstr` the template in the file's language. Comments (`#` lines) are for
/// translators; the first entry, with an empty `msgid`, is the header ("Language: en").
/// Strings may run on over several quoted lines and take C escapes (`\"`, `\\`, `\n`, `\t`).
/// As gettext does, an entry with an empty `msgstr` (a message `msgmerge` brought in, not yet
/// translated) or flagged `#, fuzzy` is not a translation: it is left out, so the English is said.
///
/// Read once per language at start, so it works on the bytes: every run of the tool loads
/// the English catalog before it says anything.
public struct PortableObject: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var text: String
        /// The line of its `msgid`, for errors.
        public var line: Int
    }

    /// The header's fields ("Language" → "en").
    public var header: [String: String] = [:]
    public var entries: [Entry] = []

    /// A PO file that cannot be read: where, and what is wrong.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public init(parsing source: some Sequence<UInt8>) throws(ParseError) {
        let bytes = Array(source)
        /// The entry being read: its id and text so far, and which of the two a continuation
        /// line extends.
        var id: [UInt8]?, text: [UInt8]?, idLine = 0
        var continuesText: Bool?
        var seen: Set<String> = []
        /// Whether the entry being read carries the fuzzy flag (`#, fuzzy`): a guess, not a translation.
        var fuzzy = false

        func flush() throws(ParseError) {
            guard let entryID = id else {
                if text != nil { throw ParseError(line: idLine, reason: "msgstr without a msgid before it") }
                return
            }
            let name = String(decoding: entryID, as: UTF8.self)
            guard let entryText = text else { throw ParseError(line: idLine, reason: "msgid \"\(name)\" has no msgstr") }
            let value = String(decoding: entryText, as: UTF8.self)
            if name.isEmpty {
                for field in value.split(separator: "\n") {
                    guard let colon = field.firstIndex(of: ":") else { continue }
                    header[String(field[..<colon]).trimmingSpaces] = String(field[field.index(after: colon)...]).trimmingSpaces
                }
            } else {
                guard seen.insert(name).inserted else { throw ParseError(line: idLine, reason: "msgid \"\(name)\" appears twice") }
                if !value.isEmpty && !fuzzy { entries.append(Entry(id: name, text: value, line: idLine)) }
            }
            id = nil
            text = nil
            fuzzy = false
        }

        var number = 0
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            number += 1
            let line = Self.trimmed(bytes[start..<end])
            start = end + 1
            if line.isEmpty || line.first == UInt8(ascii: "#") {
                // A flag belongs to the entry after it; a blank line ends an entry and its flags
                // (an obsolete fuzzy one, all `#~` lines, must not lend its flag to the next).
                if line.isEmpty || Self.starts(line, with: "#,") { try flush() }
                if line.isEmpty { fuzzy = false }
                if Self.starts(line, with: "#,") { fuzzy = fuzzy || Self.flags(line).contains("fuzzy") }
                continuesText = nil
                continue
            }
            if Self.starts(line, with: "msgid ") {
                try flush()
                id = try Self.quoted(line.dropFirst(6), line: number)
                idLine = number
                continuesText = false
            } else if Self.starts(line, with: "msgstr ") {
                guard id != nil, text == nil else { throw ParseError(line: number, reason: "msgstr without a msgid before it") }
                text = try Self.quoted(line.dropFirst(7), line: number)
                continuesText = true
            } else if line.first == UInt8(ascii: "\"") {
                guard let continuesText else { throw ParseError(line: number, reason: "a string that continues nothing") }
                let more = try Self.quoted(line, line: number)
                if continuesText { text? += more } else { id? += more }
            } else {
                throw ParseError(line: number, reason: "expected msgid, msgstr, a quoted string or a comment")
            }
        }
        try flush()
    }

    private static func starts(_ line: ArraySlice<UInt8>, with prefix: StaticString) -> Bool {
        let prefix = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return line.count >= prefix.count && zip(line, prefix).allSatisfy { $0 == $1 }
    }

    /// The flags of a `#,` line ("#, fuzzy, c-format" → fuzzy, c-format).
    private static func flags(_ line: ArraySlice<UInt8>) -> [String] {
        String(decoding: line.dropFirst(2), as: UTF8.self).split(separator: ",").map(\.trimmingSpaces)
    }

    /// Without spaces, tabs and a carriage return at either end.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) }) else {
            return []
        }
        return line[first...last]
    }

    /// The bytes of one quoted PO string, its escapes undone.
    static func quoted(_ line: ArraySlice<UInt8>, line number: Int) throws(ParseError) -> [UInt8] {
        let text = trimmed(line)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard text.count >= 2, text.first == quote, text.last == quote else {
            throw ParseError(line: number, reason: "a string must be in double quotes")
        }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var escaped = false
        for byte in text.dropFirst().dropLast() {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case quote, backslash: result.append(byte)
                default: throw ParseError(line: number, reason: "unknown escape \\\(Character(Unicode.Scalar(byte)))")
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else if byte == quote {
                throw ParseError(line: number, reason: "a double quote inside a string must be written \\\"")
            } else {
                result.append(byte)
            }
        }
        if escaped { throw ParseError(line: number, reason: "a string ends in a lone backslash") }
        return result
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
