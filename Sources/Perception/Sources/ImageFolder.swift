import Foundation

/// The image files a batch will process, found in the folders and files the user named.
public struct ImageInputs: Sendable, Equatable {
    /// Image paths in a stable order (sorted within each folder, folders recursed).
    public var images: [String]
    /// Files seen that are not images (e.g. ground-truth text beside the pictures).
    public var skipped: Int
}

public enum ImageFolder {
    /// Collects images from each path: a folder is searched recursively; a file is taken as
    /// given (and fails later, with its own sentence, if it is not an image). Hidden files and
    /// folders are ignored, like the shell does.
    public static func collect(_ paths: [String]) throws(ImageError) -> ImageInputs {
        var inputs = ImageInputs(images: [], skipped: 0)
        for path in paths {
            guard let files = try files(in: path) else {
                inputs.images.append(path)
                continue
            }
            for file in files {
                if ImageFile.hasImageExtension(file.shown) { inputs.images.append(file.shown) } else { inputs.skipped += 1 }
            }
        }
        return inputs
    }

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
