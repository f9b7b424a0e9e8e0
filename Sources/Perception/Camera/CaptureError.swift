/// Why the camera cannot be used, each said in one sentence with what to do about it.
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    /// `available` lists the cameras that do exist.
    case notFound(path: String, available: [String])
    case noCamera
    case busy(path: String)
    case permissionDenied(path: String)
    case notACamera(path: String)
    case noUsableFormat(path: String, offered: [PixelFormat])
    /// Unplugged, or its driver went away.
    case disconnected(path: String)
    /// Any other failure of a driver call, with the call's name.
    case failed(path: String, operation: String, errno: Errno)

    public var description: String {
        switch self {
        case .notFound(let path, let available) where available.isEmpty:
            "Camera \(path) does not exist, and no other camera was found; plug one in and try again."
        case .notFound(let path, let available):
            "Camera \(path) does not exist; the cameras here are \(available.joined(separator: ", "))."
        case .noCamera:
            "No camera found; plug one in, or name a recording with --video."
        case .busy(let path):
            "Camera \(path) is busy; another program is using it."
        case .permissionDenied(let path):
            "Permission denied for camera \(path); add yourself to the video group with 'sudo usermod -aG video $USER', then log in again."
        case .notACamera(let path):
            "\(path) is not a camera that captures pictures; 'sensecam devices' lists the cameras."
        case .noUsableFormat(let path, let offered):
            "Camera \(path) offers no picture format sensecam can read (it offers \(offered.map(\.description).joined(separator: ", ")))."
        case .disconnected(let path):
            "Camera \(path) was disconnected."
        case .failed(let path, let operation, let errno):
            "Camera \(path) failed in \(operation): \(errno.description.lowercasedFirst)."
        }
    }

    /// What an open or configuration error number means for the user.
    static func from(_ errno: Errno, path: String, operation: String, available: @autoclosure () -> [String]) -> CaptureError {
        switch errno {
        case .noSuchFile: .notFound(path: path, available: available())
        case .busy: .busy(path: path)
        case .accessDenied, .notPermitted: .permissionDenied(path: path)
        case .notATypewriter: .notACamera(path: path)
        case _ where errno.meansDeviceGone: .disconnected(path: path)
        default: .failed(path: path, operation: operation, errno: errno)
        }
    }
}

private extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
