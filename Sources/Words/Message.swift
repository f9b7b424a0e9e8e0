// SPDX-License-Identifier: GPL-3.0-or-later
/// A sentence not yet put in words: which message, and its arguments. Errors carry one, so
/// the sentence a user hears is worded in the session's language where it is said, and a
/// stage can hand one to another to be nested (`.message`).
public struct Message: Sendable, Equatable {
    public var id: MessageID
    public var arguments: [String: MessageArgument]

    public init(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) {
        self.id = id
        self.arguments = arguments
    }
}

/// What fills a template's `{name}`.
public indirect enum MessageArgument: Sendable, Equatable {
    /// Text said as it is: a file name, a sign's words, a code's digits.
    case text(String)
    case integer(Int)
    /// A number with at most `places` decimals, trailing zeros dropped ("1.5", "2").
    case decimal(Double, places: Int)
    /// Worded in the same language, then put in.
    case message(Message)
    /// Items joined as the language joins a list ("a, b and c").
    case list([MessageArgument])

    /// A nested message without arguments.
    public static func message(_ id: MessageID) -> MessageArgument { .message(Message(id)) }
}

/// An error whose sentence comes from the catalog: what went wrong and how to fix it, worded
/// in whichever language it is said in; its `description` is the English sentence (logs, and
/// code that only prints it).
public protocol WordedError: Error, CustomStringConvertible {
    var message: Message { get }
}

extension WordedError {
    public var description: String { Wording.english(message) }
}
