import Foundation

/// The files under the folders a batch is given.
public enum ImageFolder {
    /// One regular file found under a folder the user named.
    public struct Entry: Sendable, Equatable {
        /// The path under the name the user typed, e.g. `photos/2024/a.jpg`.
        public var shown: String
        /// The path inside the folder, e.g. `2024/a.jpg`.
        public var relative: String
    }

    /// Every regular file under `path`, recursively, sorted by shown path; nil when `path` is
    /// a file rather than a folder. Hidden files and folders are left out, like the shell does.
    public static func files(in path: String) throws(ImageError) -> [Entry]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard isDirectory.boolValue else { return nil }
        // A folder named through a symbolic link is listed like the folder itself; paths are
        // still shown under the name the user typed.
        let root = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles]) else { throw .unreadable(path: path, reason: "cannot list it") }
        var found: [Entry] = []
        for case let url as URL in walker {
            // Links to files count as the files they point to; links to folders are not
            // followed (they could loop).
            guard (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            let relative = String(String(url.path.dropFirst(root.path.count)).drop { $0 == "/" })
            found.append(Entry(shown: (path as NSString).appendingPathComponent(relative), relative: relative))
        }
        return found.sorted { $0.shown < $1.shown }
    }
}
