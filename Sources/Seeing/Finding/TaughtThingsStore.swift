// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The taught things' folder as files, at the system-call level so that nothing in it can fool
/// sensecam: the folder must be the user's and writable by no one else; a thing's file is
/// opened without following a link (`O_NOFOLLOW`) and must be a plain file of the user's,
/// writable by no one else; a file is written to a temporary file made 0600 from the start,
/// then renamed over the old one; and changes happen under a lock, one run at a time.
/// A temporary file a killed `teach` left behind is removed the next time the folder changes.
struct TaughtThingsStore {
    let folder: String

    /// The lock's file; hidden, as a temporary file is, so no name is read from it.
    static let lockName = ".lock"
    /// A temporary file: `.PID.partial`, PID the process writing it.
    static let partialSuffix = ".partial"
    /// What Foundation's atomic write left behind for sensecam before 1.x wrote files itself.
    static let foundationTemporaryPrefix = ".dat.nosync"

    private func path(_ entry: String) -> String { folder + "/" + entry }

    /// The folder's entries; none when it does not exist or cannot be read.
    func entries() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { entries.append(name) }
        }
        return entries
    }

    /// The folder, checked: a folder of the user's that no one else may change. Missing is
    /// fine unless `creating` (then it is made 0700, with any folders above it that are missing).
    func checkFolder(creating: Bool) throws(TaughtThingsError) {
        var status = stat()
        if stat(folder, &status) != 0 {
            let code = errno
            guard code == ENOENT, creating else {
                if code == ENOENT { return }
                throw .notSaved(folder: folder, reason: code)
            }
            try makeFolders(folder)
            return
        }
        try Self.check(status, isFolder: true) { problem throws(TaughtThingsError) in
            throw .folderRefused(folder: folder, problem: problem)
        }
    }

    func makeFolder() throws(TaughtThingsError) { try checkFolder(creating: true) }

    /// `mkdir -p`, each new folder 0700: the user's alone (what a thing looks like can say
    /// where they live).
    private func makeFolders(_ path: String) throws(TaughtThingsError) {
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST { throw .notSaved(folder: folder, reason: errno) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw .notSaved(folder: folder, reason: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notSaved(folder: folder, reason: ENOTDIR) }
    }

    /// What is wrong with a folder's or file's status for keeping the user's things, if anything.
    static func check(_ status: stat, isFolder: Bool,
                      refuse: (TaughtThingsError.FileProblem) throws(TaughtThingsError) -> Void) throws(TaughtThingsError) {
        if status.st_mode & S_IFMT != (isFolder ? S_IFDIR : S_IFREG) { try refuse(.notPlain) }
        if status.st_uid != geteuid() { try refuse(.notYours) }
        if status.st_mode & (S_IWGRP | S_IWOTH) != 0 { try refuse(.writableByOthers) }
    }

    /// Runs `body` holding the folder's lock (`flock`, released when the process dies), after
    /// removing what a killed run left behind.
    func locked<Result>(_ body: () throws(TaughtThingsError) -> Result) throws(TaughtThingsError) -> Result {
        let lock = open(path(Self.lockName), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .notSaved(folder: folder, reason: errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .notSaved(folder: folder, reason: errno) }
        }
        removeLeftovers()
        return try body()
    }

    /// Temporary files of runs that are gone: a `.PID.partial` whose process no longer runs,
    /// and Foundation's `.dat.nosync…` files (sensecam no longer writes through Foundation).
    /// Called under the lock; only the user's own files are removed.
    func removeLeftovers() {
        for entry in entries() where entry.hasPrefix(".") {
            let stale: Bool
            if entry.hasPrefix(Self.foundationTemporaryPrefix) {
                stale = true
            } else if entry.hasSuffix(Self.partialSuffix), let pid = pid_t(entry.dropFirst().dropLast(Self.partialSuffix.count)) {
                stale = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            } else {
                stale = false
            }
            var status = stat()
            if stale, lstat(path(entry), &status) == 0, status.st_uid == geteuid() { unlink(path(entry)) }
        }
    }

    /// Writes `bytes` as `entry`: to `.PID.partial` made 0600 by `open` itself, then renamed
    /// over `entry`, so a thing is never half taught nor, for a moment, readable by others.
    func write(_ bytes: [UInt8], as entry: String) throws(TaughtThingsError) {
        let partial = path(".\(getpid())" + Self.partialSuffix)
        unlink(partial)  // this process's own, from an earlier write that failed
        let file = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .notSaved(folder: folder, reason: errno) }
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(file, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == nil { failure = errno }
        if failure == nil, rename(partial, path(entry)) != 0 { failure = errno }
        if let failure {
            unlink(partial)
            throw .notSaved(folder: folder, reason: failure)
        }
    }

    /// Removes `entry` (a link itself, never what it points to).
    func remove(_ entry: String) throws(TaughtThingsError) {
        guard unlink(path(entry)) == 0 else { throw .notSaved(folder: folder, reason: errno) }
    }

    /// The bytes of `entry`, the file of the thing taught as `name`; nil when it is gone.
    /// Refused when it is a link, not a plain file, not the user's, writable by others, or
    /// larger than `maximumBytes` (then it is no file sensecam wrote).
    func read(_ entry: String, name: String, maximumBytes: Int) throws(TaughtThingsError) -> [UInt8]? {
        let path = path(entry)
        // O_NONBLOCK: a pipe put in its place is refused, not waited on.
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .fileRefused(name: name, path: path, problem: .notPlain)
            case let code: throw .unreadable(name: name, path: path, reason: code)
            }
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else { throw .unreadable(name: name, path: path, reason: errno) }
        try Self.check(status, isFolder: false) { problem throws(TaughtThingsError) in
            throw .fileRefused(name: name, path: path, problem: problem)
        }
        guard Int(status.st_size) <= maximumBytes else { throw .damaged(name: name, path: path) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(name: name, path: path, reason: errno) }
            if count == 0 { break }
            offset += count
        }
        return Array(bytes.prefix(offset))
    }
}
