// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

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
        } else if let worded = error as? any WordedError {
            message = worded.message
        } else if let code = Self.errno(of: error) {
            message = Message(.failedWithSystemReason, ["reason": .message(SystemReason.message(code))])
        } else {
            message = Message(.failedUnexpectedly)
        }
    }

    /// The POSIX error number a Foundation error carries, itself or underneath.
    private static func errno(of error: any Error) -> Int32? {
        let described = error as NSError
        if described.domain == NSPOSIXErrorDomain { return Int32(described.code) }
        guard let underlying = described.userInfo[NSUnderlyingErrorKey] as? NSError,
              underlying.domain == NSPOSIXErrorDomain else { return nil }
        return Int32(underlying.code)
    }
}
