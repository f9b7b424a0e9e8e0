import Foundation
import Testing

/// Where the tests find the shared data and the model. Missing either is a failure with
/// instructions, never a skip: a green run must mean the real checks ran.
enum TestResources {
    /// The package root: this file is Tests/PerceptionTests/Support/TestResources.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// `$SENSECAM_TEST_DATA`, else `../shared/data` beside the package root.
    static func dataDirectory() throws -> URL {
        let url: URL
        if let override = ProcessInfo.processInfo.environment["SENSECAM_TEST_DATA"], !override.isEmpty {
            url = URL(fileURLWithPath: override, relativeTo: packageRoot).standardizedFileURL
        } else {
            url = packageRoot.appendingPathComponent("../shared/data").standardizedFileURL
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Missing(description: "Test data not found at \(url.path); set SENSECAM_TEST_DATA to the shared data folder.")
        }
        return url
    }

    /// `$SENSECAM_MODEL`, else the model `make setup` fetched into Models/.
    static func modelPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["SENSECAM_MODEL"]
            ?? packageRoot.appendingPathComponent("Models/yolox_nano.onnx").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw Missing(description: "The detector model is missing at \(path); run 'make setup' first.")
        }
        return path
    }

    /// A fresh empty folder, removed by the caller with `removeItem`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
