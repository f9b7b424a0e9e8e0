// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Glibc

/// The system calls the camera code makes, and nothing else: the one seam where a test
/// injects a scripted device in place of the kernel (as swift-system and Chromium's
/// `fake_v4l2_impl` do). Failures come back as `Errno` values, never through `errno`.
public protocol V4L2System: Sendable {
    /// The video device nodes present now, in number order ("/dev/video0", …).
    func deviceNodes() -> [String]
    /// Returns the file descriptor.
    func open(_ path: String, flags: Int32) throws(Errno) -> Int32
    func close(_ fd: Int32)
    /// `argument` points at the request's kernel struct.
    func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno)
    func mmap(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer
    func munmap(_ start: UnsafeMutableRawPointer, length: Int)
    /// Waits until a buffer can be dequeued (or the device reports an error): true, or
    /// false when the timeout passed first.
    func poll(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool
}

/// The real kernel, through libv4l2 (which passes native formats straight through and can
/// convert formats a camera alone offers into BGR24).
public struct KernelV4L2System: V4L2System {
    public init() {}

    public func deviceNodes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        let numbers = names.compactMap { name -> Int? in
            guard name.hasPrefix("video") else { return nil }
            return Int(name.dropFirst("video".count))
        }
        return numbers.sorted().map { "/dev/video\($0)" }
    }

    public func open(_ path: String, flags: Int32) throws(Errno) -> Int32 {
        let fd = CVision_v4l2_open(path, flags)
        if fd < 0 { throw Errno.current }
        return fd
    }

    public func close(_ fd: Int32) { _ = CVision_v4l2_close(fd) }

    public func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno) {
        if CVision_v4l2_ioctl(fd, request, argument) < 0 { throw Errno.current }
    }

    public func mmap(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
        guard let start = CVision_v4l2_mmap(fd, length, offset) else { throw Errno.current }
        return start
    }

    public func munmap(_ start: UnsafeMutableRawPointer, length: Int) { _ = CVision_v4l2_munmap(start, length) }

    public func poll(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = Glibc.poll(&entry, 1, timeoutMilliseconds)
        if ready < 0 { throw Errno.current }
        return ready > 0
    }
}
