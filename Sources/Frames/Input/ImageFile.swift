// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// Loads one image file, checking everything a user could get wrong before decoding,
/// so each problem gets its own sentence.
public enum ImageFile {
    /// File extensions treated as images (lower-case, without the dot).
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "tif", "tiff", "bmp", "webp", "pgm", "ppm"]

    /// Smaller images cannot hold a recognisable object or a readable word; the detector's
    /// smallest stride is 8 pixels, so 16 gives it at least a 2x2 grid.
    public static let minimumSide = 16

    public static func hasImageExtension(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    public static func load(_ path: String, limit: PixelLimit = .standard) throws(ImageError) -> Image {
        try load(RawPath(path), name: path, limit: limit)
    }

    /// Opens the file by its bytes (a name need not be UTF-8); `name` is how errors call it.
    /// Refused before decoding: anything but a regular file (a named pipe would block the
    /// read), a file bigger than any image under `limit`, and a picture whose header claims
    /// more pixels than `limit`.
    public static func load(_ path: RawPath, name: String, limit: PixelLimit = .standard) throws(ImageError) -> Image {
        let bytes = try read(path, name: name, limit: limit)
        let image: Image
        do {
            image = try Image(encoded: bytes, name: name, limit: limit)
        } catch let error as ImageError {
            throw error
        } catch {
            throw .undecodable(path: name, reason: "\(error)")
        }
        guard image.width >= minimumSide, image.height >= minimumSide else {
            throw .tooSmall(path: name, width: image.width, height: image.height)
        }
        return image
    }

    /// The whole file. Opened without blocking, so a named pipe is seen for what it is
    /// (by fstat) instead of waiting for a writer.
    static func read(_ path: RawPath, name: String, limit: PixelLimit) throws(ImageError) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let error = errno
            switch error {
            case ENOENT: throw .notFound(path: name)
            case EISDIR: throw .isDirectory(path: name)
            default: throw .unreadable(path: name, reason: error)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: name, reason: errno)
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory(path: name) }
        guard type == S_IFREG else { throw .notRegularFile(path: name, kind: FileKind(mode: status.st_mode)) }
        let size = Int(status.st_size)
        if size == 0 { throw .empty(path: name) }
        if size > limit.fileBytes { throw .fileTooLarge(path: name, bytes: size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: name, reason: errno) }
            if count == 0 { break }  // shrank while being read: decode what is there
            filled += count
        }
        if filled == 0 { throw .empty(path: name) }
        return filled == size ? bytes : Array(bytes[..<filled])
    }
}

/// What a directory entry is, from its mode bits: the wording for one that is not a regular file.
public enum FileKind: String, Sendable, Equatable {
    case regular, directory, symbolicLink, namedPipe, socket, device

    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        default: self = .device
        }
    }
}
