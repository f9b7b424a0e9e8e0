import Foundation

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

    public static func load(_ path: String) throws(ImageError) -> Image {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "permission denied")
        }
        if bytes.isEmpty { throw .empty(path: path) }
        let image: Image
        do {
            image = try Image(encoded: bytes, name: path)
        } catch let error as ImageError {
            throw error
        } catch {
            throw .undecodable(path: path, reason: "\(error)")
        }
        guard image.width >= minimumSide, image.height >= minimumSide else {
            throw .tooSmall(path: path, width: image.width, height: image.height)
        }
        return image
    }
}
