// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Words

/// Why a file operation failed, as a catalog phrase in the run's language rather than the C
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
        default: Message(.reasonSystemError, ["code": .integer(Int(code))])
        }
    }
}
