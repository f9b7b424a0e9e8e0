// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// en.po read as its author wrote it: the file's opening comment and header, then each message
/// with the words around it. A `# MARK: ` line opens a group of messages; a comment block right
/// above a `msgid` says what that message is for; a comment block with a blank line after it is
/// a note on the messages that follow (only the next one carries it, as gettext attaches it).
/// The strings stay as PO writes them, escapes and all, so they can be written out again as they are.
struct EnglishCatalog: Equatable {
    struct Message: Equatable {
        var id: String
        /// The English template, escaped as in the PO file (`\"`, `\n`).
        var english: String
        /// The group this message opens, when it is the first of one.
        var group: String?
        /// A note written for the messages from here on, apart from this one's own comment.
        var note: [String]
        /// What the message is for and when it is heard, one PO comment line each.
        var comment: [String]
        /// The line of its `msgid`, for errors.
        var line: Int
    }

    /// The comment lines above the header entry (the licence, what the file is, the syntax).
    var opening: [String] = []
    /// The header entry's text, escaped: "Language: en\n…".
    var header = ""
    var messages: [Message] = []

    struct ParseError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "en.po, line \(line): \(reason)" }
    }

    /// Message ids become Swift enum cases, so they are lower camel case identifiers.
    static func isIdentifier(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    init(parsing text: String) throws(ParseError) {
        var comments: [String] = []
        var group: String?
        var note: [String] = []
        /// The entry being read, and whether a continuation line extends its msgstr.
        var id: String?, english: String?, idLine = 0, inText = false
        var seen: Set<String> = []
        var sawHeader = false

        func flush() throws(ParseError) {
            guard let entryID = id else { return }
            guard let entryText = english else { throw ParseError(line: idLine, reason: "msgid \"\(entryID)\" has no msgstr") }
            if entryID.isEmpty {
                guard !sawHeader else { throw ParseError(line: idLine, reason: "a second header entry") }
                sawHeader = true
                header = entryText
                opening += comments
            } else {
                guard Self.isIdentifier(entryID) else {
                    throw ParseError(line: idLine, reason: "msgid \"\(entryID)\" is not a lower camel case name a Swift case can have")
                }
                guard seen.insert(entryID).inserted else { throw ParseError(line: idLine, reason: "msgid \"\(entryID)\" appears twice") }
                messages.append(Message(id: entryID, english: entryText, group: group, note: note, comment: comments, line: idLine))
                group = nil
                note = []
            }
            comments = []
            id = nil
            english = nil
        }

        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                try flush()
                inText = false
                if !comments.isEmpty {
                    // Before the header: the file's opening; after it, a note on what follows.
                    if sawHeader { note += comments } else { opening += comments }
                    comments = []
                }
            } else if line.hasPrefix("# MARK: ") {
                try flush()
                guard comments.isEmpty else { throw ParseError(line: number, reason: "a MARK right under a comment; leave a blank line between them") }
                guard note.isEmpty else { throw ParseError(line: number, reason: "a note with no message after it, before a MARK") }
                group = String(line.dropFirst("# MARK: ".count))
                note = []
            } else if line == "#" || line.hasPrefix("# ") {
                try flush()
                comments.append(line == "#" ? "" : String(line.dropFirst(2)))
            } else if line.hasPrefix("#") {
                throw ParseError(line: number, reason: "en.po is written by hand: plain \"# \" comments only (no #. #, #: #| or #~)")
            } else if line.hasPrefix("msgid ") {
                try flush()
                id = try Self.unescapedID(Self.quoted(line.dropFirst(6), line: number), line: number)
                idLine = number
                inText = false
            } else if line.hasPrefix("msgstr ") {
                guard id != nil, english == nil else { throw ParseError(line: number, reason: "msgstr without a msgid before it") }
                english = try Self.quoted(line.dropFirst(7), line: number)
                inText = true
            } else if line.hasPrefix("\"") {
                guard inText else { throw ParseError(line: number, reason: "a string that continues no msgstr") }
                english? += try Self.quoted(line[...], line: number)
            } else {
                throw ParseError(line: number, reason: "expected msgid, msgstr, a quoted string or a comment")
            }
        }
        try flush()
        guard sawHeader else { throw ParseError(line: 1, reason: "no header entry (msgid \"\")") }
        guard comments.isEmpty, note.isEmpty, group == nil else {
            throw ParseError(line: lines.count, reason: "comments after the last message")
        }
    }

    /// The inside of one quoted PO string, left escaped.
    private static func quoted(_ text: Substring, line: Int) throws(ParseError) -> String {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw ParseError(line: line, reason: "a string must be in double quotes")
        }
        return String(text.dropFirst().dropLast())
    }

    /// An id has no escapes: it is a name.
    private static func unescapedID(_ id: String, line: Int) throws(ParseError) -> String {
        guard !id.contains("\\"), !id.contains("\"") else { throw ParseError(line: line, reason: "msgid \"\(id)\" has an escape; an id is a name") }
        return id
    }

    /// Messages with nothing above them saying what they are for: a translator needs it.
    var uncommented: [Message] { messages.filter { $0.comment.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } } }
}
