// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A system call's error number, as a value: the camera seam reports failures with it
/// instead of the thread-local `errno`, so an injected device can report them too.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno`, read right after a failed call.
    public static var current: Errno { Errno(Glibc.errno) }

    public static let interrupted = Errno(EINTR)
    public static let tryAgain = Errno(EAGAIN)
    public static let noSuchFile = Errno(ENOENT)
    public static let noSuchDevice = Errno(ENODEV)
    public static let noSuchDeviceOrAddress = Errno(ENXIO)
    public static let inputOutput = Errno(EIO)
    public static let busy = Errno(EBUSY)
    public static let accessDenied = Errno(EACCES)
    public static let notPermitted = Errno(EPERM)
    public static let invalidArgument = Errno(EINVAL)
    public static let notATypewriter = Errno(ENOTTY)

    /// For a developer ("errno 19"); a user hears it worded by SystemReason, never the C
    /// library's English.
    public var description: String { "errno \(code)" }

    /// The device went away under us: unplugged, or its driver unbound.
    public var meansDeviceGone: Bool {
        self == .noSuchDevice || self == .inputOutput || self == .noSuchDeviceOrAddress
    }
}
