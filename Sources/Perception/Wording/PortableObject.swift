// SPDX-License-Identifier: GPL-3.0-or-later
/// A gettext PO file as the catalogs use it: monolingual, each entry's `msgid` a message id
/// and its `msgstr` the template in the file's language. Comments (`#` lines) are for
/// translators; the first entry, with an empty `msgid`, is the header ("Language: en").
/// Strings may run on over several quoted lines and take C escapes (`\"`, `\\`, `\n`, `\t`).
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

    public init(parsing bytes: some Sequence<UInt8>) throws(ParseError) {
        let text = String(decoding: Array(bytes), as: UTF8.self)
        var idLine = 0
        /// Which string a continuation line extends.
        var continuing: WritableKeyPath<(id: String?, value: String?), String?>?
        var pending: (id: String?, value: String?) = (nil, nil)

        func flush() throws(ParseError) {
            guard let entryID = pending.id else {
                if pending.value != nil { throw ParseError(line: idLine, reason: "msgstr without a msgid before it") }
                return
            }
            guard let entryText = pending.value else { throw ParseError(line: idLine, reason: "msgid \"\(entryID)\" has no msgstr") }
            if entryID.isEmpty {
                for field in entryText.split(separator: "\n") {
                    guard let colon = field.firstIndex(of: ":") else { continue }
                    header[String(field[..<colon]).trimmingSpaces] = String(field[field.index(after: colon)...]).trimmingSpaces
                }
            } else {
                if entries.contains(where: { $0.id == entryID }) {
                    throw ParseError(line: idLine, reason: "msgid \"\(entryID)\" appears twice")
                }
                entries.append(Entry(id: entryID, text: entryText, line: idLine))
            }
            pending = (nil, nil)
        }

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") {
                continuing = nil
                continue
            }
            if line.hasPrefix("msgid ") {
                try flush()
                pending.id = try Self.quoted(line.dropFirst(6), line: number)
                idLine = number
                continuing = \.id
            } else if line.hasPrefix("msgstr ") {
                guard pending.id != nil, pending.value == nil else {
                    throw ParseError(line: number, reason: "msgstr without a msgid before it")
                }
                pending.value = try Self.quoted(line.dropFirst(7), line: number)
                continuing = \.value
            } else if line.hasPrefix("\"") {
                guard let continuing else { throw ParseError(line: number, reason: "a string that continues nothing") }
                pending[keyPath: continuing] = (pending[keyPath: continuing] ?? "") + (try Self.quoted(Substring(line), line: number))
            } else {
                throw ParseError(line: number, reason: "expected msgid, msgstr, a quoted string or a comment")
            }
        }
        try flush()
    }

    /// The text of one quoted PO string, its escapes undone.
    static func quoted(_ text: Substring, line: Int) throws(ParseError) -> String {
        let text = text.trimmingSpaces
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw ParseError(line: line, reason: "a string must be in double quotes")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw ParseError(line: line, reason: "unknown escape \\\(character)")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw ParseError(line: line, reason: "a double quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaped { throw ParseError(line: line, reason: "a string ends in a lone backslash") }
        return result
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
