/// Why an image file could not be used. Each description is one sentence with the fix.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case truncated(path: String)
    case damaged(path: String, reason: String)
    case undecodable(path: String, reason: String)
    case tooSmall(path: String, width: Int, height: Int)
    /// A named pipe, socket or device: reading one could wait for ever or never end.
    case notRegularFile(path: String, kind: String)
    case tooManyPixels(path: String, width: Int, height: Int, limit: PixelLimit)
    case fileTooLarge(path: String, bytes: Int, limit: PixelLimit)

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path) does not exist; check the path."
        case .isDirectory(let path):
            return "\(path) is a folder, not an image; use 'sensecam batch' for folders."
        case .unreadable(let path, let reason):
            return "\(path) cannot be read (\(reason)); check its permissions."
        case .empty(let path):
            return "\(path) is empty; use a complete image file."
        case .truncated(let path):
            return "\(path) is cut short, so part of the picture is missing; copy or save the file again."
        case .damaged(let path, _):
            return "\(path) is damaged, so part of the picture would be garbage; copy or save the file again."
        case .undecodable(let path, _):
            return "\(path) could not be decoded: it is damaged or not a JPEG, PNG, TIFF, BMP, WebP or PNM image; save it again in one of those formats."
        case .tooSmall(let path, let width, let height):
            return "\(path) is only \(width) by \(height) pixels, too small to see anything in; use an image at least \(ImageFile.minimumSide) pixels on each side."
        case .notRegularFile(let path, let kind):
            return "\(path) is \(kind), not an image file; use a regular file."
        case .tooManyPixels(let path, let width, let height, let limit):
            return "\(path) is \(PixelLimit.size(width: width, height: height)), over the \(limit.megapixels)-megapixel limit, so it was not decoded; shrink it, or raise the limit with --max-megapixels."
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path) is \(bytes / 1_000_000) MB, more than an image under the \(limit.megapixels)-megapixel limit can need, so it was not read; shrink it, or raise the limit with --max-megapixels."
        }
    }
}
