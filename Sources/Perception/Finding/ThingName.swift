// SPDX-License-Identifier: GPL-3.0-or-later
/// The name a user teaches a thing by ("keys", "blue mug"). It names a file in the things
/// folder, so it cannot be empty, hold a slash or a control character, start with a dot, or
/// be longer than a file name can sensibly be.
public enum ThingName {
    /// Characters: room for "grandmother's reading glasses" and then some.
    public static let maximumLength = 64

    public enum Mistake: Sendable, Equatable {
        case empty
        /// A slash, a control character or a leading dot: it would not be one plain file name.
        case notAFileName
        case tooLong
    }

    /// What is wrong with `name`, nil when it can be taught.
    public static func mistake(in name: String) -> Mistake? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .empty }
        if trimmed.count > maximumLength { return .tooLong }
        if trimmed.hasPrefix(".") || trimmed.contains("/")
            || trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .notAFileName
        }
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
        case .notAFileName: Message(.thingNameNotAFileName, ["name": .text(name)])
        case .tooLong: Message(.thingNameTooLong, ["count": .integer(name.count), "limit": .integer(maximumLength)])
        }
    }
}
