// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words

/// A settings file that cannot be used: one sentence naming the fix. Exit status 78, sysexits'
/// EX_CONFIG.
public struct SettingsError: WordedError, Equatable {
    public var message: Message
    public init(_ message: Message) { self.message = message }
    public static let exitCode: Int32 = 78
}

/// The settings file's format: one JSON object whose members are known settings, each a string
/// or (where the setting takes numbers) a number, checked the way its command-line option
/// checks its text. The file's bytes come from outside, so this is where they are judged.
public struct SettingsFile: Sendable {
    /// One setting the file may hold.
    public struct Entry: Sendable {
        public var key: String
        /// Completes "must be …".
        public var expected: Message
        /// Whether the file may give it as a JSON number; otherwise it must be a string.
        public var takesNumbers: Bool
        /// Whether the text (as the command line would give it) is a good value.
        public var accepts: @Sendable (String) -> Bool
        /// The good value a refused one most likely stands for ("en" for "eng"), if any.
        public var suggestion: @Sendable (String) -> String?

        public init(key: String, expected: Message, takesNumbers: Bool, accepts: @escaping @Sendable (String) -> Bool,
                    suggestion: @escaping @Sendable (String) -> String? = { _ in nil }) {
            self.key = key
            self.expected = expected
            self.takesNumbers = takesNumbers
            self.accepts = accepts
            self.suggestion = suggestion
        }
    }

    /// Every setting, in the order an error lists them.
    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// Key → the value's text, every one checked; `path` names the file in errors.
    public func parse(_ data: Data, path: String) throws(SettingsError) -> [String: String] {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw SettingsError(Message(.settingsNotJSON, ["path": .text(path), "line": Self.line(of: error, in: data).map { .message(Message(.settingsAtLine, ["line": .integer($0)])) } ?? .text("")]))
        }
        guard let object = parsed as? [String: Any] else {
            throw SettingsError(Message(.settingsNotAnObject, ["path": .text(path), "example": .text(#"{"profile": "blind"}"#)]))
        }
        var values: [String: String] = [:]
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let entry = entries.first(where: { $0.key == key }) else {
                let known = entries.map(\.key).joined(separator: ", ")
                throw SettingsError(Message(.settingsUnknownKey, ["path": .text(path), "key": .text(key), "known": .text(known)]))
            }
            guard let text = Self.text(of: value, asNumber: entry.takesNumbers), entry.accepts(text) else {
                let arguments: [String: MessageArgument] = ["path": .text(path), "key": .text(key), "expected": .message(entry.expected)]
                if let typed = value as? String, let suggestion = entry.suggestion(typed) {
                    throw SettingsError(Message(.settingsBadValueGuess, arguments.merging(["suggestion": .text(suggestion)]) { $1 }))
                }
                throw SettingsError(Message(.settingsBadValue, arguments))
            }
            values[key] = text
        }
        return values
    }

    /// A JSON value as the text an option would be given on the command line: a string as
    /// it is, a number (only where the option takes numbers) in its shortest form ("1", not
    /// "1.0", as a person would type it); nil for anything else (true and false included).
    private static func text(of value: Any, asNumber: Bool) -> String? {
        if let text = value as? String { return asNumber ? nil : text }
        guard asNumber, let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
    }

    /// JSON's true and false arrive as NSNumber too.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }

    /// The line where the JSON went wrong, when Foundation says (as a character offset).
    private static func line(of error: any Error, in data: Data) -> Int? {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        guard let range = detail.range(of: #"character \d+"#, options: .regularExpression),
              let offset = Int(detail[range].dropFirst("character ".count)) else { return nil }
        return data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
