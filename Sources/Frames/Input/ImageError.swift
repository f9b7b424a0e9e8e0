// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// Why an image file could not be used. Each description is one sentence with the fix.
public enum ImageError: WordedError, Equatable {
    case notFound(path: String)
    case isDirectory(path: String)
    /// `reason` is the errno, worded by SystemReason.
    case unreadable(path: String, reason: Int32)
    /// A folder whose entries cannot be listed.
    case unlistable(path: String)
    case empty(path: String)
    case truncated(path: String)
    case damaged(path: String, reason: String)
    case undecodable(path: String, reason: String)
    case tooSmall(path: String, width: Int, height: Int)
    /// A named pipe, socket or device: reading one could wait for ever or never end.
    case notRegularFile(path: String, kind: FileKind)
    case tooManyPixels(path: String, width: Int, height: Int, limit: PixelLimit)
    case fileTooLarge(path: String, bytes: Int, limit: PixelLimit)

    public var message: Message {
        switch self {
        case .notFound(let path):
            Message(.fileNotFound, ["path": .text(path)])
        case .isDirectory(let path):
            Message(.imageIsFolder, ["path": .text(path)])
        case .unreadable(let path, let reason):
            Message(.imageUnreadable, ["path": .text(path), "reason": .message(SystemReason.message(reason))])
        case .unlistable(let path):
            Message(.imageFolderUnlistable, ["path": .text(path)])
        case .empty(let path):
            Message(.imageEmpty, ["path": .text(path)])
        case .truncated(let path):
            Message(.imageTruncated, ["path": .text(path)])
        case .damaged(let path, _):
            Message(.imageDamaged, ["path": .text(path)])
        case .undecodable(let path, _):
            Message(.imageUndecodable, ["path": .text(path)])
        case .tooSmall(let path, let width, let height):
            Message(.imageTooSmall, ["path": .text(path), "width": .integer(width), "height": .integer(height),
                                     "minimum": .integer(ImageFile.minimumSide)])
        case .notRegularFile(let path, let kind):
            Message(.imageNotRegularFile, ["path": .text(path), "kind": .text(kind.rawValue)])
        case .tooManyPixels(let path, let width, let height, let limit):
            Message(.imageTooManyPixels, ["path": .text(path), "size": .message(PixelLimit.size(width: width, height: height)),
                                          "limit": .integer(limit.megapixels)])
        case .fileTooLarge(let path, let bytes, let limit):
            Message(.imageFileTooLarge, ["path": .text(path), "megabytes": .integer(bytes / 1_000_000),
                                         "limit": .integer(limit.megapixels)])
        }
    }
}
