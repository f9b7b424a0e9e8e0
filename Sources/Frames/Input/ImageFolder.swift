// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The files under the folders a batch is given, walked with readdir and lstat on the names'
/// bytes: a name need not be valid UTF-8, and every entry that is not taken is counted with
/// its reason, so nothing goes missing without a word.
public enum ImageFolder {
    /// One regular file found under a folder the user named.
    public struct Entry: Sendable, Equatable {
        /// The path under the name the user typed, e.g. `photos/2024/a.jpg` (escaped as
        /// `RawPath.escaped` describes when a name is not UTF-8).
        public var shown: String
        /// The path inside the folder, e.g. `2024/a.jpg`, escaped alike.
        public var relative: String
        /// The bytes to open it by.
        public var location: RawPath
    }

    /// A folder's files and what the walk passed over.
    public struct Listing: Sendable, Equatable {
        public var entries: [Entry]
        public var passedOver: PassedOver
    }

    /// Every regular file under `path`, recursively, sorted by shown path; nil when `path` is
    /// a file rather than a folder. Hidden entries are left out, like the shell does, and
    /// counted. Links to files count as the files they point to; links to folders are not
    /// followed (they could loop) and are counted, as are links that lead nowhere or loop,
    /// named pipes, sockets and devices, and folders that cannot be opened.
    public static func files(in path: String) throws(ImageError) -> Listing? {
        let root = RawPath(path)
        var status = stat()
        guard root.withCString({ stat($0, &status) }) == 0 else {
            if errno == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: errno)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
        var listing = Listing(entries: [], passedOver: PassedOver())
        guard walk(root, relative: [], into: &listing) else {
            throw .unlistable(path: path)
        }
        listing.entries.sort { $0.shown < $1.shown }
        return listing
    }

    /// Adds the entries of the folder at `folder` to `listing`; false when it cannot be opened.
    private static func walk(_ folder: RawPath, relative: [UInt8], into listing: inout Listing) -> Bool {
        guard let stream = folder.withCString({ opendir($0) }) else { return false }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        for name in names {
            if name.first == UInt8(ascii: ".") {
                listing.passedOver.hidden += 1
                continue
            }
            let location = folder.appending(name)
            let inside = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var status = stat()
            guard location.withCString({ lstat($0, &status) }) == 0 else {
                listing.passedOver.unreadable += 1  // gone since it was listed, or not ours to look at
                continue
            }
            var kind = FileKind(mode: status.st_mode)
            if kind == .symbolicLink {
                guard location.withCString({ stat($0, &status) }) == 0 else {
                    listing.passedOver.brokenLinks += 1  // leads nowhere, or loops (ELOOP)
                    continue
                }
                kind = FileKind(mode: status.st_mode)
                if kind == .directory {
                    listing.passedOver.folderLinks += 1
                    continue
                }
            }
            switch kind {
            case .regular:
                // The location is the typed folder's bytes and the path inside it: shown as it is.
                listing.entries.append(Entry(shown: location.escaped, relative: RawPath.escape(inside), location: location))
            case .directory:
                if !walk(location, relative: inside, into: &listing) { listing.passedOver.unreadable += 1 }
            default:
                listing.passedOver.specialFiles += 1
            }
        }
        return true
    }
}

/// Entries of a batch's folders that get no record, by reason: counted in the summary
/// (`passed_over` in docs/records.md) and said in the closing sentence.
public struct PassedOver: Sendable, Equatable {
    /// Named pipes, sockets and devices: reading one could block or never end.
    public var specialFiles = 0
    /// Symbolic links that lead nowhere or loop.
    public var brokenLinks = 0
    /// Symbolic links to folders: not followed, since they could loop.
    public var folderLinks = 0
    /// Files and folders whose names start with a dot, left out like the shell does.
    public var hidden = 0
    /// Folders that could not be opened and entries that could not be looked at (permissions).
    public var unreadable = 0

    public init(specialFiles: Int = 0, brokenLinks: Int = 0, folderLinks: Int = 0, hidden: Int = 0, unreadable: Int = 0) {
        self.specialFiles = specialFiles
        self.brokenLinks = brokenLinks
        self.folderLinks = folderLinks
        self.hidden = hidden
        self.unreadable = unreadable
    }

    public var total: Int { specialFiles + brokenLinks + folderLinks + hidden + unreadable }

    public static func + (lhs: PassedOver, rhs: PassedOver) -> PassedOver {
        PassedOver(specialFiles: lhs.specialFiles + rhs.specialFiles, brokenLinks: lhs.brokenLinks + rhs.brokenLinks,
                   folderLinks: lhs.folderLinks + rhs.folderLinks, hidden: lhs.hidden + rhs.hidden,
                   unreadable: lhs.unreadable + rhs.unreadable)
    }
}
