// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames

/// The name a user teaches a thing by ("keys", "blue mug"). It names a file in the things
/// folder, so it cannot be empty, hold a slash or a control character, start with a dot, or
/// be longer than a file name can sensibly be, in characters or in bytes.
public enum ThingName {
    /// Characters: room for "grandmother's reading glasses" and then some.
    public static let maximumLength = 64
    /// Bytes in UTF-8: a file name may have 255, less ".thing"; 64 emoji take 256.
    public static let maximumBytes = 200

    public enum Mistake: Sendable, Equatable {
        case empty
        /// A slash or a leading dot: it would not be one plain file name.
        case notAFileName
        /// A control character (a tab, an escape): not a name anyone can say or type again.
        case controlCharacter
        case tooLong
        case tooManyBytes
    }

    /// What is wrong with `name`, nil when it can be taught.
    public static func mistake(in name: String) -> Mistake? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .empty }
        if trimmed.count > maximumLength { return .tooLong }
        if trimmed.utf8.count > maximumBytes { return .tooManyBytes }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if trimmed.hasPrefix(".") || trimmed.contains("/") { return .notAFileName }
        return nil
    }

    /// The name as kept: without the spaces around it.
    public static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces)
    }

    /// The usage error's sentence for a mistake.
    public static func message(for mistake: Mistake, name: String) -> Message {
        switch mistake {
        case .empty: Message(.thingNameEmpty)
        case .notAFileName: Message(.thingNameNotAFileName, ["name": .text(EchoedText.shown(name))])
        case .controlCharacter: Message(.thingNameControlCharacter, ["name": .text(EchoedText.shown(name))])
        case .tooLong: Message(.thingNameTooLong, ["count": .integer(name.count), "limit": .integer(maximumLength)])
        case .tooManyBytes: Message(.thingNameTooManyBytes, ["bytes": .integer(name.utf8.count), "limit": .integer(maximumBytes)])
        }
    }

    /// Compared as a person means it: lower case, without accents, "-" and "_" as spaces, one
    /// space between words.
    public static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
            .split { $0.isWhitespace || $0 == "-" || $0 == "_" }
            .joined(separator: " ")
    }
}
