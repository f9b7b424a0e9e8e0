// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// A failure that ends a run with exit status 1 after one sentence naming the problem and its
/// fix. Usage mistakes are `UsageError` (exit 64) instead.
public struct RuntimeFailure: WordedError {
    public var message: Message
    /// Already said through the output channels (spoken, brailled or printed), so it is
    /// not printed a second time.
    public var alreadySaid = false

    public init(_ message: Message) {
        self.message = message
    }

    /// The failure an error stands for: its own sentence when it words itself; else the
    /// system's error number worded by the catalog, when the error carries one; else a sentence
    /// saying sensecam cannot describe it. An error's own English is never the sentence.
    public init(_ error: any Error) {
        if let failure = error as? RuntimeFailure {
            self = failure
        } else {
            message = SystemReason.sentence(for: error)
        }
    }
}
