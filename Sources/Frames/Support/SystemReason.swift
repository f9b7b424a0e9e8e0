// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Words

/// Why a file operation or a device call failed, as a catalog phrase in the run's language rather than the C
/// library's English (`strerror`): a German sentence carries no "(file name too long)".
public enum SystemReason {
    /// The phrase for `code` (an `errno`); an unusual one is named by its number.
    public static func message(_ code: Int32) -> Message {
        switch code {
        case EACCES, EPERM: Message(.reasonPermissionDenied)
        case ENOSPC: Message(.reasonDiskFull)
        case EDQUOT: Message(.reasonQuotaExceeded)
        case EROFS: Message(.reasonReadOnly)
        case ENAMETOOLONG: Message(.reasonNameTooLong)
        case ENOTDIR, EEXIST: Message(.reasonNotAFolder)
        case ENOENT: Message(.reasonMissing)
        case EISDIR: Message(.reasonIsAFolder)
        case ELOOP: Message(.reasonSymbolicLink)
        case EIO: Message(.reasonInputOutput)
        case ENOMEM: Message(.reasonOutOfMemory)
        case EBUSY: Message(.reasonDeviceBusy)
        case ETIMEDOUT: Message(.reasonTimedOut)
        case EINVAL: Message(.reasonInvalidRequest)
        default: Message(.reasonSystemError, ["code": .integer(Int(code))])
        }
    }

    /// The sentence for any error: its own when it words itself; else its errno worded, when it
    /// carries one; else one saying sensecam cannot describe it. An error's own English (a
    /// Foundation description, "\(error)") is never the sentence.
    public static func sentence(for error: any Error) -> Message {
        if let worded = error as? any WordedError { return worded.message }
        if let code = code(of: error) { return Message(.failedWithSystemReason, ["reason": .message(message(code))]) }
        return Message(.failedUnexpectedly)
    }

    /// The POSIX error number a Foundation error carries, itself or underneath.
    public static func code(of error: any Error) -> Int32? {
        let described = error as NSError
        if described.domain == NSPOSIXErrorDomain { return Int32(described.code) }
        guard let underlying = described.userInfo[NSUnderlyingErrorKey] as? NSError,
              underlying.domain == NSPOSIXErrorDomain else { return nil }
        return Int32(underlying.code)
    }
}
