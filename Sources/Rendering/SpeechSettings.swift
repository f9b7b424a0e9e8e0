// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// The user's voice settings, applied by whichever speech renderer runs.
public struct SpeechSettings: Sendable, Equatable {
    /// Speech-dispatcher's scale: -100 (slowest) to 100 (fastest); 0 is the user's default
    /// rate, which speech-dispatcher keeps and espeak-ng takes as 175 words a minute.
    public var rate: Int
    /// An ISO 639-1 code ("en", "de") for the voice; nil keeps the user's default voice.
    public var language: String?

    public init(rate: Int = 0, language: String? = nil) {
        self.rate = rate
        self.language = language
    }

    public static let rateRange = -100...100
}

/// Why a renderer could not start; each says what to do.
public struct RendererError: WordedError, Sendable, Equatable {
    public var message: Message

    public init(_ message: Message) {
        self.message = message
    }

    public init(_ id: MessageID, _ arguments: [String: MessageArgument] = [:]) {
        message = Message(id, arguments)
    }
}
