// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames

/// Why the camera cannot be used, each said in one sentence with what to do about it.
public enum CaptureError: WordedError, Equatable {
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

    public var message: Message {
        switch self {
        case .notFound(let path, let available) where available.isEmpty:
            Message(.cameraNotFoundNoOther, ["path": .text(path)])
        case .notFound(let path, let available):
            Message(.cameraNotFound, ["path": .text(path), "available": .text(available.joined(separator: ", "))])
        case .noCamera:
            Message(.cameraNone)
        case .busy(let path):
            Message(.cameraBusy, ["path": .text(path)])
        case .permissionDenied(let path):
            Message(.cameraPermissionDenied, ["path": .text(path)])
        case .notACamera(let path):
            Message(.cameraNotACamera, ["path": .text(path)])
        case .noUsableFormat(let path, let offered):
            Message(.cameraNoUsableFormat, ["path": .text(path), "formats": .text(offered.map(\.description).joined(separator: ", "))])
        case .disconnected(let path):
            Message(.cameraWasDisconnected, ["path": .text(path)])
        case .failed(let path, let operation, let errno):
            // The driver call's name, and the error number worded by the catalog.
            Message(.cameraFailed, ["path": .text(path), "operation": .text(operation), "error": .message(SystemReason.message(errno.code))])
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
